import { ApiError } from '../../lib/api-client';

/*
 * The public forms' field messages and their answer line (/assinar, /privacidade/solicitar and its confirmation):
 * plain inputs, no form library, so those pages stay light on a phone.
 */

/** The messages of a refusal, by field ('alertas[0].acima' read as 'alertas.0.acima'); empty when it names none. */
export const errosDaRecusa = (e: unknown): Record<string, string> =>
  e instanceof ApiError && e.body?.fieldErrors ? Object.fromEntries(e.body.fieldErrors.map((f) => [f.field.replace(/\[(\d+)\]/g, '.$1'), f.message])) : {};

/** The invalid state and the message of a field, for its input. */
export const ariaDo = (erros: Record<string, string>, k: string) => ({
  'aria-invalid': erros[k] ? true : undefined,
  'aria-describedby': erros[k] ? `erro-${k}` : undefined,
});

/** A field's message, under its input (the input's aria-describedby names it). */
export function ErroDoCampo({ erros, campo }: { erros: Record<string, string>; campo: string }) {
  return erros[campo] ? (
    <small id={`erro-${campo}`} className="p-error">
      {erros[campo]}
    </small>
  ) : null;
}

export interface ResultadoDoEnvio {
  ok: boolean;
  texto: string;
}

/** What the server answered: read at once by a screen reader (a status, or an alert when refused). */
export function Resultado({ resultado, classeOk }: { resultado: ResultadoDoEnvio | null; classeOk: string }) {
  return resultado ? (
    <p role={resultado.ok ? 'status' : 'alert'} className={resultado.ok ? classeOk : 'p-error'}>
      {resultado.texto}
    </p>
  ) : null;
}
