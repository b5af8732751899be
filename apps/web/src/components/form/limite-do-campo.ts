import { createContext } from 'react';

/** A field's largest length in the form's shared schema (FormPage provides it; none outside a form page). */
export const LimiteDoCampo = createContext<(campo: string) => number | undefined>(() => undefined);
