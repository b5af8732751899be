import { sql } from 'drizzle-orm';
import {
  carenciaRespeitada,
  codigoDoLote,
  situacaoDoResultado,
  cpfcnpjPublico,
  lerCodigoAleatorio,
  lerCodigoDoLote,
  type AplicacaoCarencia,
  type Lote,
} from '@ceasa/shared';
import type { Db } from '../../db/client';
import { resultadoDoResiduo } from '../inspecao/inspecao.service';
import { ordemDoNumero } from '../pedra/pedra.repository';
import { origemDoItem } from '../romaneio/romaneio.repository';
import { aplicacoesDoItem } from '../romaneio/romaneio.service';

/**
 * The item a lot code names: a random code (decision 0107) by its own column, or an older item's
 * 'romaneioIdRitemId' (the item of that romaneio), the latter only while the item has no random code,
 * so the sequential codes of new items open nothing.
 */
function itemDoCodigo(codigo: string) {
  const aleatorio = lerCodigoAleatorio(codigo);
  const ids = lerCodigoDoLote(codigo);
  const onde = [
    ...(aleatorio ? [sql`ri.codigo_lote = ${aleatorio}`] : []),
    ...(ids ? [sql`(ri.id = ${ids.itemId} AND ri.romaneio_id = ${ids.romaneioId} AND ri.codigo_lote IS NULL)`] : []),
  ];
  return onde.length ? sql.join(onde, sql` OR `) : null;
}

type Linha = {
  itemId: number;
  romaneioId: number;
  codigoLote: string | null;
  produtoId: number;
  quantidade: number;
  produtoNome: string;
  produtoEmbalagem: string;
  pesoEmKg: number;
  produtorNome: string;
  cpfcnpj: string;
  propriedadeNome: string | null;
  municipioNome: string | null;
  dataEmissao: string;
  inicioColheita: string | null;
  fimColheita: string | null;
  pedras: string[] | null;
  /** The notebook's chemical applications; null without a notebook. */
  aplicacoes: AplicacaoCarencia[] | null;
  /** The load's latest residue result (null: no sample). */
  resultadoResiduo: string | null;
};

/**
 * The public data of a lot (docs/produto/telas.md 'Public lot page'): the item the code names, its
 * producer (the CPF masked, no person id: decision 0105), the property, municipality and harvest window of
 * the bulletin item it was taken from, the stalls and date it was sold from, and whether its notebook's
 * withdrawal periods were respected; as the card's fields and as the romaneio's entity fields narrowed to
 * that item. Null for a malformed or unknown code: the route answers 404.
 */
export async function buscarLote(db: Db, codigo: string, destino: string): Promise<Lote | null> {
  const onde = itemDoCodigo(codigo);
  if (!onde) return null;
  const [r] = (
    await db.execute(sql`
      SELECT ri.id AS "itemId", ri.romaneio_id AS "romaneioId", ri.codigo_lote AS "codigoLote", ri.produto_id AS "produtoId",
             ri.quantidade::float8 AS quantidade, p.nome AS "produtoNome", p.embalagem AS "produtoEmbalagem", p.peso_em_kg::float8 AS "pesoEmKg",
             pe.nome AS "produtorNome", pe.cpfcnpj, pp.nome AS "propriedadeNome", m.nome AS "municipioNome",
             r.data_emissao AS "dataEmissao", bi.inicio_colheita AS "inicioColheita", bi.fim_colheita AS "fimColheita",
             (SELECT array_agg(pd.numero ORDER BY ${ordemDoNumero}, pd.id) FROM romaneio_pedras rp JOIN pedras pd ON pd.id = rp.pedra_id
               WHERE rp.romaneio_id = r.id) AS pedras,
             ${aplicacoesDoItem} AS aplicacoes,
             ${resultadoDoResiduo(sql`r.id`)} AS "resultadoResiduo"
      FROM romaneio_itens ri
      JOIN romaneio r ON r.id = ri.romaneio_id
      JOIN produto p ON p.id = ri.produto_id
      JOIN pessoa pe ON pe.id = r.pessoa_id
      ${origemDoItem}
      WHERE ${onde}
      LIMIT 1`)
  ).rows as Linha[];
  if (!r) return null;
  const cpfcnpj = cpfcnpjPublico(r.cpfcnpj);
  const dataEmissao = String(r.dataEmissao);
  const situacao = situacaoDoResultado(r.resultadoResiduo);
  return {
    lote: r.codigoLote ?? codigoDoLote(r.romaneioId, r.itemId),
    id: r.romaneioId,
    produtoNome: r.produtoNome,
    produtoEmbalagem: r.produtoEmbalagem,
    produtorNome: r.produtorNome,
    cpfcnpj,
    propriedadeNome: r.propriedadeNome,
    municipioNome: r.municipioNome,
    dataEmissao,
    produtoPesoEmKg: Number(r.pesoEmKg),
    quantidade: Number(r.quantidade),
    destino,
    inicioColheita: r.inicioColheita,
    fimColheita: r.fimColheita,
    pedras: (r.pedras ?? []).map((n) => n.trim()),
    carenciaRespeitada: carenciaRespeitada(r.aplicacoes, dataEmissao),
    pessoa: { nome: r.produtorNome, cpfcnpj },
    itens: [
      {
        id: r.itemId,
        romaneioId: r.romaneioId,
        produtoId: r.produtoId,
        produtoNome: r.produtoNome,
        produtoEmbalagem: r.produtoEmbalagem,
        produtoPesoEmKg: Number(r.pesoEmKg),
        quantidade: Number(r.quantidade),
        boletimItensBoletimPropriedadeNome: r.propriedadeNome,
        boletimItensBoletimPropriedadeMunicipioNome: r.municipioNome,
      },
    ],
    // Only for a load with a residue sample (decision 0187): every other lot's answer stays as it was.
    ...(situacao ? { situacao } : {}),
  };
}
