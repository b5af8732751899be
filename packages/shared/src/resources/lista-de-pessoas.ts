import type { ListaDeOpcoes } from '../recurso';

/** Every person (GET pessoa/pessoaAll) as a pick list: the owner of a property, the person of a parking record. */
export const LISTA_DE_PESSOAS = {
  caminho: 'pessoa/pessoaAll',
  rotulo: ['nome'],
  vazio: 'Nenhuma pessoa encontrada',
  erro: 'Erro ao obter pessoas',
} as const satisfies ListaDeOpcoes;
