import { municipioRecurso } from '@ceasa/shared';
import { useOpcoesDoRecurso } from './opcoes-do-recurso';

/** Options of a municipality dropdown (GET municipio/findAllBasic), 'nome - sigla'. Always fresh on mount. */
export const useMunicipioOpcoes = () => useOpcoesDoRecurso(municipioRecurso);
