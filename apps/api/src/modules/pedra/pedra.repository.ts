import { sql } from 'drizzle-orm';
import type { Pedra, PedraDoMapa, PedraInput, ProdutoComercializado } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { pedras } from '../../db/schema';
import { repositorioPadrao } from '../../lib/crud';
import { colunas, executar, nomes, type ListSpec } from '../../lib/list';
import { comercializadaDoItem } from '../boletim/boletim.repository';

/** The numeric order of stall numbers ('2' before '10') of `pedras pd`: every stall list and dropdown sorts by it. */
export const ordemDoNumero = sql`lpad(trim(pd.numero), 200, '0')`;

/** Stalls sort by the numeric value of their number ('2' before '10'); `numero` filters as text. */
export const pedraList: ListSpec<Pedra> = {
  select: sql`pd.id, pd.versao, pd.numero`,
  from: sql`pedras pd`,
  fields: {
    ...colunas('pd', { id: 'contains' }),
    numero: { expr: sql`pd.numero`, filter: 'text', order: ordemDoNumero },
  },
  defaultSort: { field: 'numero', dir: 'asc' },
};

/**
 * The stall map of one day (POST pedras/ocupadas), in one query: every stall, in numeric order, with
 * its booking that day (romaneio_pedras is unique per stall and date), the booking romaneio and its producer.
 */
export async function mapaDoDia(db: Db, data: string): Promise<PedraDoMapa[]> {
  const r = await executar(
    db,
    sql`SELECT pd.id, pd.numero, (rp.id IS NOT NULL) AS uso, pe.nome AS ocupante, rp.ocupacao, rp.romaneio_id AS "romaneioId"
        FROM pedras pd
        LEFT JOIN romaneio_pedras rp ON rp.pedra_id = pd.id AND rp.data = ${data}::date
        LEFT JOIN romaneio r ON r.id = rp.romaneio_id
        LEFT JOIN pessoa pe ON pe.id = r.pessoa_id
        ORDER BY ${ordemDoNumero}, pd.id`,
  );
  return r.rows as PedraDoMapa[];
}

const fracao = sql`CASE WHEN bi.producao_estimada > 0 THEN ${comercializadaDoItem} / bi.producao_estimada END`;

/**
 * The 'Comercializado' table (GET produtos-comercializados): one row per bulletin item, every item
 * (docs/decisions: the commercialised table), newest bulletins first.
 */
export const comercializadoList: ListSpec<ProdutoComercializado> = {
  select: sql`bi.id, bi.boletim_id AS "boletimId", p.nome AS "nomeProduto", bi.producao_estimada::float8 AS "quantidadeEstimada",
              ${comercializadaDoItem}::float8 AS "quantidadeComercializada", (${fracao})::float8 AS "porcentagemComercializada",
              pr.nome AS "nomeProdutor", b.data_emissao AS "dataEmissao", bi.fim_colheita AS "fimColheita"`,
  from: sql`boletim_itens bi JOIN boletim b ON b.id = bi.boletim_id JOIN produto p ON p.id = bi.produto_id JOIN pessoa pr ON pr.id = b.produtor_id`,
  fields: {
    ...colunas('bi', { id: 'id', boletimId: 'id', fimColheita: 'date' }),
    ...colunas('b', { dataEmissao: 'date' }),
    ...nomes({ nomeProduto: 'p', nomeProdutor: 'pr' }),
    quantidadeEstimada: { expr: sql`bi.producao_estimada` },
    quantidadeComercializada: { expr: comercializadaDoItem },
    // Items with nothing estimated (no fraction) sort below 0 %.
    porcentagemComercializada: { expr: fracao, order: sql`coalesce(${fracao}, -1)` },
  },
  defaultSort: { field: 'dataEmissao', dir: 'desc' },
  // Every bulletin item ever: the total stops at 1,000, so the table costs the same after ten years (decision 0098).
  contagem: { maximo: 1000 },
};

export function pedraRepository(db: Db) {
  const { crud: _crud, ...generico } = repositorioPadrao<typeof pedras, Pedra, PedraInput>(db, {
    table: pedras,
    cadastro: 'Pedras',
    naoEncontrado: 'Pedra não encontrada',
    emUso: () => 'A pedra não pode ser removida porque já foi ocupada em romaneios.',
    // One stall per number: the unique index decides, also between two saves at the same moment.
    unicos: { pedras_numero_uq: { mensagem: (v) => `Já existe uma pedra com o número ${String(v.numero).trim()}.`, campos: ['numero'] } },
    valores: (_t, input) => ({ numero: input.numero }),
  });
  return generico;
}
