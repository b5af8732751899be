import { municipioRecurso } from '@ceasa/shared';
import { FormularioDoRecurso } from '../../components/form/formulario-do-recurso';

/**
 * The municipality's screens are made from its declaration (packages/shared resources/municipio.ts `campos`):
 * this is its form as the app shows it, named here for the tests that drive useResourceForm through it.
 */
export default function MunicipioForm() {
  return <FormularioDoRecurso recurso={municipioRecurso} />;
}
