import { sql, type SQL } from 'drizzle-orm';
import { codigoDoLote, lerCodigoAleatorio, lerCodigoDoLote, RECALL_MAX_ITENS, type RecallItem } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { escapeLike } from '../../lib/list';
import { ordemDoNumero } from '../pedra/pedra.repository';
import { compradoresDosItens } from './compradores';

/** The starting points and period of a recall, already checked (recallQuery). */
export interface FiltroRecall {
  lote?: string;
  pessoaId?: number;
  propriedadeId?: number;
  produtoId?: number;
  produtoAplicado?: string;
  /** An NF-e access key: the items of the romaneio that carries it. */
  nfe?: string;
  inicio?: string;
  fim?: string;
}

type Linha = Omit<RecallItem, 'lote' | 'compradores'> & { codigoLote: string | null };

/**
 * The romaneio items a recall reaches (decision 0108). Every starting point given narrows: a lot code
 * reaches its item and every other item taken from the same bulletin item (the same harvest of the same
 * field); a producer, the romaneios of that person; a property, the items taken from its bulletins;
 * a product, its items; a chemical product applied, the items whose bulletin item's field notebook
 * records an application whose product name contains the text (accents and case ignored). The period
 * bounds the romaneios' issue date. Each item carries the shop sheets (loja) with its product on its
 * issue date. Null when more than RECALL_MAX_ITENS match (the route refuses: narrow the search).
 */
export async function buscarRecall(db: Db, f: FiltroRecall): Promise<RecallItem[] | null> {
  const cond: SQL[] = [];
  if (f.lote !== undefined) {
    // A code as printed on a label: an item's random code (decision 0107) or an older item's 'romaneioIdRitemId'.
    const aleatorio = lerCodigoAleatorio(f.lote);
    const ids = lerCodigoDoLote(f.lote);
    if (!aleatorio && !ids) return [];
    const doCodigo = sql.join(
      [
        ...(aleatorio ? [sql`l.codigo_lote = ${aleatorio}`] : []),
        ...(ids ? [sql`(l.id = ${ids.itemId} AND l.romaneio_id = ${ids.romaneioId} AND l.codigo_lote IS NULL)`] : []),
      ],
      sql` OR `,
    );
    // One set of item ids, each half read by an index (the lot code's, the bulletin item's): an OR of the two
    // conditions on `ri` had the database read every item and every romaneio (~1 s at ten years on PGlite).
    cond.push(sql`ri.id IN (SELECT l.id FROM romaneio_itens l WHERE ${doCodigo}
      UNION SELECT m.id FROM romaneio_itens l JOIN romaneio_itens m ON m.boletim_itens_id = l.boletim_itens_id WHERE ${doCodigo})`);
  }
  if (f.pessoaId !== undefined) cond.push(sql`ro.pessoa_id = ${f.pessoaId}`);
  if (f.propriedadeId !== undefined) cond.push(sql`b.propriedade_id = ${f.propriedadeId}`);
  if (f.produtoId !== undefined) cond.push(sql`ri.produto_id = ${f.produtoId}`);
  if (f.produtoAplicado !== undefined)
    cond.push(sql`EXISTS (SELECT 1 FROM caderno c JOIN aplicacao_produtos_quimicos a ON a.caderno_id = c.id
      WHERE c.boletim_item_id = ri.boletim_itens_id AND NOT a.nao_necessarias
        AND f_unaccent(a.nome_produto) LIKE '%' || f_unaccent(${escapeLike(f.produtoAplicado)}) || '%')`);
  if (f.nfe !== undefined) cond.push(sql`ro.id IN (SELECT rn.romaneio_id FROM romaneio_nfe rn WHERE rn.chave = ${f.nfe})`);
  if (f.inicio !== undefined) cond.push(sql`ro.data_emissao >= ${f.inicio}::date`);
  if (f.fim !== undefined) cond.push(sql`ro.data_emissao <= ${f.fim}::date`);

  const r = await db.execute(sql`
    WITH alvo AS (
      SELECT ri.id, ri.romaneio_id, ri.codigo_lote, ri.produto_id, ri.quantidade, ri.boletim_itens_id, ro.data_emissao, ro.pessoa_id, b.propriedade_id
      FROM romaneio_itens ri
      JOIN romaneio ro ON ro.id = ri.romaneio_id
      LEFT JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id
      LEFT JOIN boletim b ON b.id = bi.boletim_id
      WHERE ${sql.join(cond, sql` AND `)}
      ORDER BY ro.data_emissao DESC, ri.romaneio_id DESC, ri.id
      LIMIT ${RECALL_MAX_ITENS + 1}
    )
    SELECT a.romaneio_id AS "romaneioId", a.id AS "itemId", a.codigo_lote AS "codigoLote", a.data_emissao::text AS "dataEmissao",
      coalesce((SELECT string_agg(pd.numero, ', ' ORDER BY ${ordemDoNumero}, pd.id)
                FROM romaneio_pedras rp JOIN pedras pd ON pd.id = rp.pedra_id WHERE rp.romaneio_id = a.romaneio_id), '') AS pedras,
      pr.id AS "produtoId", pr.nome AS "produtoNome", pr.embalagem AS "produtoEmbalagem",
      a.quantidade::float8 AS quantidade, round(a.quantidade * pr.peso_em_kg, 2)::float8 AS "quantidadeKg",
      pe.id AS "produtorId", pe.nome AS "produtorNome", pe.celular AS "produtorCelular",
      pp.id AS "propriedadeId", pp.nome AS "propriedadeNome", m.nome AS "municipioNome", m.sigla AS "municipioUf",
      a.boletim_itens_id AS "boletimItemId",
      coalesce((SELECT json_agg(json_build_object('lojaId', s.loja_id, 'lojistaNome', lj.nome, 'quantidade', s.q) ORDER BY s.loja_id)
                FROM (SELECT li.loja_id, sum(li.quantidade)::float8 AS q
                      FROM loja l JOIN loja_itens li ON li.loja_id = l.id
                      WHERE l.data_emissao = a.data_emissao AND li.produto_id = a.produto_id
                      GROUP BY li.loja_id) s
                JOIN loja l2 ON l2.id = s.loja_id JOIN pessoa lj ON lj.id = l2.lojista_id), '[]'::json) AS lojas
    FROM alvo a
    JOIN produto pr ON pr.id = a.produto_id
    JOIN pessoa pe ON pe.id = a.pessoa_id
    LEFT JOIN propriedade pp ON pp.id = a.propriedade_id
    LEFT JOIN municipio m ON m.id = pp.municipio_id
    ORDER BY a.data_emissao DESC, a.romaneio_id DESC, a.id`);
  const linhas = r.rows as Linha[];
  if (linhas.length > RECALL_MAX_ITENS) return null;
  const compradores = await compradoresDosItens(
    db,
    linhas.map((l) => l.itemId),
  ); // decision 0181
  return linhas.map(({ codigoLote, ...l }) => ({
    compradores: compradores.get(l.itemId) ?? [],
    ...l,
    lote: codigoLote ?? codigoDoLote(l.romaneioId, l.itemId),
    lojas: typeof l.lojas === 'string' ? JSON.parse(l.lojas) : l.lojas,
  }));
}
