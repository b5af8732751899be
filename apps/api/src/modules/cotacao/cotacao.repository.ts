import { eq, inArray, sql } from 'drizzle-orm';
import { PESSOA_TIPO, type Cotacao, type CotacaoDados } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { cotacao, pessoa } from '../../db/schema';
import { checarReferencias, repositorioPadrao } from '../../lib/crud';
import { badRequest } from '../../lib/errors';
import { colunas, listRowOrThrow, type ListSpec } from '../../lib/list';

export const cotacaoList: ListSpec<Cotacao> = {
  select: sql`c.id, c.versao, c.pessoa_id AS "pessoaId", c.ativo, p.nome, pt.descricao AS tipo`,
  from: sql`cotacao c JOIN pessoa p ON p.id = c.pessoa_id JOIN pessoa_tipo pt ON pt.id = p.tipo_id`,
  fields: {
    ...colunas('c', { id: 'contains', pessoaId: 'id', ativo: 'bool' }),
    ...colunas('p', { nome: 'text' }),
    tipo: { expr: sql`pt.descricao`, filter: 'text' },
  },
  aliases: { 'pessoa.nome': 'nome', 'pessoa.pessoaTipo.descricao': 'tipo' },
  defaultSort: { field: 'id', dir: 'asc' },
  map: (r) => ({ ...(r as Omit<Cotacao, 'pessoa'>), pessoa: { nome: r.nome as string, pessoaTipo: { descricao: r.tipo as string } } }),
};

const NAO_ENCONTRADO = 'Cotação não encontrada';
const NAO_PODE = 'A pessoa deve ser um lojista ou um produtor';

export function cotacaoRepository(db: Db) {
  return repositorioPadrao(db, {
    table: cotacao,
    cadastro: 'Cotacao',
    naoEncontrado: NAO_ENCONTRADO,
    vinculo: 'cotações',
    ler: (t: Tx, id: number) => listRowOrThrow(t, cotacaoList, id, NAO_ENCONTRADO),
    /** The person must exist and be one of pessoa/cotacoes (a shop owner or a producer). */
    valores: async (t: Tx, input: Record<string, unknown>) => {
      const i = input as CotacaoDados;
      await checarReferencias(t, [{ coluna: pessoa.id, valor: i.pessoaId, campo: 'pessoaId', mensagem: 'A pessoa deve estar na lista' }]);
      const ok = await t
        .select({ id: pessoa.id })
        .from(pessoa)
        .where(sql`${eq(pessoa.id, i.pessoaId)} AND ${inArray(pessoa.tipoId, [PESSOA_TIPO.PRODUTOR, PESSOA_TIPO.LOJISTA])}`);
      if (!ok.length) throw badRequest(NAO_PODE, [{ field: 'pessoaId', message: NAO_PODE }]);
      return { pessoaId: i.pessoaId, ativo: i.ativo };
    },
  });
}
