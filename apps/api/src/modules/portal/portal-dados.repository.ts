import { sql } from 'drizzle-orm';
import {
  arredondar,
  cpfcnpjPublico,
  hojeNoMercado,
  PORTAL_LIMITES,
  primeiroDiaPermitido,
  situacaoDoResultado,
  somarDias,
  type AplicacaoCarencia,
  type BoletimItem,
  type NivelGovbr,
  type Page,
  type PortalBoletim,
  type PortalCaderno,
  type PortalEu,
  type PortalInspecoes,
  type PortalPedra,
  type PortalRomaneio,
  type Romaneio,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { naoEncontrado } from '../../lib/errors';
import { boletimList, lerItens } from '../boletim/boletim.repository';
import { resultadoDoResiduo, suspensoesDosProdutores } from '../inspecao/inspecao.repository';
import { ordemDoNumero } from '../pedra/pedra.repository';
import { aplicacoesDoItem, lerRomaneios, NAO_ENCONTRADO } from '../romaneio/romaneio.repository';

const linhas = async <T>(t: Tx, q: ReturnType<typeof sql>): Promise<T[]> => (await t.execute(q)).rows as T[];
const dia = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The lot page of a lot code on the labels' QR host (the same address the printed QR opens). */
const linkDoLote = (base: string, lote: string) => `${base}/lote/${encodeURIComponent(lote)}`;

/** A romaneio as the producer reads it: its items with their kg, lot code and lot page, its stalls' numbers and keys. */
const doPortal = (r: Romaneio, base: string): PortalRomaneio => ({
  id: r.id,
  dataEmissao: r.dataEmissao,
  divida: r.divida,
  chegadaId: r.chegadaId ?? null,
  pedras: r.pedras.map((p) => p.pedrasNumero.trim()),
  chavesNfe: r.chavesNfe ?? [],
  itens: r.itens.map((i) => ({
    id: i.id,
    produtoId: i.produtoId,
    produtoNome: i.produtoNome,
    produtoEmbalagem: i.produtoEmbalagem,
    quantidade: i.quantidade,
    kg: arredondar(i.quantidade * (i.produtoPesoEmKg ?? 1)),
    lote: i.lote ?? String(i.id),
    linkDoLote: linkDoLote(base, i.lote ?? String(i.id)),
    propriedadeNome: i.boletimItensBoletimPropriedadeNome,
    municipioNome: i.boletimItensBoletimPropriedadeMunicipioNome,
  })),
});

/** The suspension in force on `hoje` of a producer (the one that ends last), or null (decision 0187). */
export async function suspensaoEmVigor(t: Tx, pessoaId: number, hoje = hojeNoMercado()) {
  const emVigor = (await suspensoesDosProdutores(t, [pessoaId])).filter((s) => s.inicio <= hoje && hoje <= s.fim);
  const s = emVigor.sort((a, b) => b.fim.localeCompare(a.fim))[0];
  return s ? { inicio: s.inicio, fim: s.fim, principioAtivo: s.principioAtivo } : null;
}

/**
 * What the producer reads in the portal (docs/produto/portal.md), each query bound to his person: the existing
 * repositories' reads (romaneios, bulletin items, suspensions, the notebooks' applications) narrowed to him.
 * `baseDoQr`: the labels' QR host; `govbrIssuer`: the configured gov.br issuer (an account bound to it signs in there).
 */
export function portalDadosRepository(db: Db, o: Opcoes) {
  return {
    eu: (usuarioId: string, pessoaId: number) => eu(db, o, usuarioId, pessoaId),
    romaneios: (pessoaId: number, page: number, size: number) => romaneios(db, o, pessoaId, page, size),
    romaneio: (pessoaId: number, id: number) => romaneio(db, o, pessoaId, id),
    boletins: (pessoaId: number) => boletins(db, pessoaId),
    cadernos: (pessoaId: number, hoje?: string) => cadernos(db, pessoaId, hoje),
    inspecoes: (pessoaId: number) => inspecoes(db, pessoaId),
    pedras: (pessoaId: number, hoje?: string) => pedras(db, pessoaId, hoje),
  };
}

type Opcoes = { baseDoQr: string; govbrIssuer?: string };

/** GET /api/portal/eu. */
async function eu(db: Db, o: Opcoes, usuarioId: string, pessoaId: number): Promise<PortalEu> {
  const [p] = await linhas<{ id: number; nome: string; cpfcnpj: string; celular: string | null; tipo: string; carteira: unknown; foto: string | null }>(
    db,
    sql`SELECT p.id, p.nome, p.cpfcnpj, p.celular, t.descricao AS tipo, p.carteira_valida_ate AS carteira, p.foto
        FROM pessoa p JOIN pessoa_tipo t ON t.id = p.tipo_id WHERE p.id = ${pessoaId}`,
  );
  if (!p) throw naoEncontrado('Produtor não encontrado');
  const [conta] = await linhas<{ email: string; govbr: boolean }>(
    db,
    sql`SELECT u.email, EXISTS (SELECT 1 FROM identidades_externas ie WHERE ie.usuario_id = u.id AND ie.issuer = ${o.govbrIssuer ?? ''}) AS govbr
        FROM usuarios u WHERE u.id = ${usuarioId}`,
  );
  return {
    pessoa: {
      id: p.id,
      nome: p.nome,
      cpfcnpj: cpfcnpjPublico(p.cpfcnpj),
      celular: p.celular,
      tipoDescricao: p.tipo,
      carteiraValidaAte: dia(p.carteira),
      temFoto: Boolean(p.foto),
    },
    conta: { email: conta?.email ?? '', entrada: conta?.govbr ? 'govbr' : 'senha', nivelGovbr: null as NivelGovbr | null },
    suspensao: await suspensaoEmVigor(db, pessoaId),
  };
}

/** GET /api/portal/romaneios: a page of his romaneios, newest first (issue date, then id). */
async function romaneios(db: Db, o: Opcoes, pessoaId: number, page: number, size: number): Promise<Page<PortalRomaneio>> {
  const [{ n }] = await linhas<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM romaneio WHERE pessoa_id = ${pessoaId}`);
  const ids = (
    await linhas<{ id: number }>(
      db,
      sql`SELECT id FROM romaneio WHERE pessoa_id = ${pessoaId} ORDER BY data_emissao DESC, id DESC LIMIT ${size} OFFSET ${page * size}`,
    )
  ).map((r) => r.id);
  const lidos = ids.length ? await lerRomaneios(db, sql`r.id IN (${sql.join(ids, sql`, `)})`) : [];
  const porId = new Map(lidos.map((r) => [r.id, r]));
  return {
    content: ids.map((id) => doPortal(porId.get(id)!, o.baseDoQr)),
    totalElements: n,
    totalPages: Math.ceil(n / size),
    number: page,
    size,
  };
}

/** GET /api/portal/romaneios/{id}: one of his (another producer's is not found). */
async function romaneio(db: Db, o: Opcoes, pessoaId: number, id: number): Promise<PortalRomaneio> {
  const [r] = await lerRomaneios(db, sql`r.id = ${id} AND r.pessoa_id = ${pessoaId}`);
  if (!r) throw naoEncontrado(NAO_ENCONTRADO);
  return doPortal(r, o.baseDoQr);
}

/** GET /api/portal/boletins: his newest bulletins (issue date), each with its items' balances. */
async function boletins(db: Db, pessoaId: number): Promise<PortalBoletim[]> {
  const bs = await linhas<Record<string, unknown> & { id: number }>(
    db,
    sql`SELECT ${boletimList.select} FROM ${boletimList.from} WHERE b.produtor_id = ${pessoaId}
        ORDER BY b.data_emissao DESC, b.id DESC LIMIT ${PORTAL_LIMITES.boletins}`,
  );
  const res: PortalBoletim[] = [];
  for (const b of bs)
    res.push({
      id: b.id,
      dataEmissao: String(b.dataEmissao),
      dataVisita: String(b.dataVisita),
      dataVigencia: dia(b.dataVigencia),
      propriedadeNome: String(b.propriedadeNome),
      municipioNome: String(b.propriedadeMunicipioNome),
      tecnicoNome: String(b.tecnicoNome),
      itens: (await lerItens(db, b.id)).map(itemDoBoletim),
    });
  return res;
}

/** GET /api/portal/cadernos: his newest notebooks, each application's withdrawal period and the day it ends. */
async function cadernos(db: Db, pessoaId: number, hoje = hojeNoMercado()): Promise<PortalCaderno[]> {
  const cs = await linhas<{
    id: number;
    boletimId: number;
    boletimItemId: number;
    produtoNome: string;
    propriedadeNome: string;
    dataPlantio: unknown;
    dataColheita: unknown;
    aplicacoes: AplicacaoCarencia[] | string | null;
  }>(
    db,
    sql`SELECT c.id, bi.boletim_id AS "boletimId", c.boletim_item_id AS "boletimItemId", p.nome AS "produtoNome", pp.nome AS "propriedadeNome",
               c.data_plantio AS "dataPlantio", c.data_colheita AS "dataColheita", ${aplicacoesDoItem} AS aplicacoes
        FROM caderno c JOIN boletim_itens bi ON bi.id = c.boletim_item_id JOIN boletim b ON b.id = bi.boletim_id
        JOIN produto p ON p.id = bi.produto_id JOIN propriedade pp ON pp.id = b.propriedade_id
        WHERE b.produtor_id = ${pessoaId} ORDER BY c.data_plantio DESC NULLS LAST, c.id DESC LIMIT ${PORTAL_LIMITES.cadernos}`,
  );
  return cs.map((c) => {
    const aplicacoes = (typeof c.aplicacoes === 'string' ? (JSON.parse(c.aplicacoes) as AplicacaoCarencia[]) : (c.aplicacoes ?? [])).map((a) => ({
      ...a,
      fimCarencia: primeiroDiaPermitido(a),
    }));
    const fimCarencia = aplicacoes.reduce<string | null>((m, a) => (a.fimCarencia && (!m || a.fimCarencia > m) ? a.fimCarencia : m), null);
    return {
      ...c,
      dataPlantio: dia(c.dataPlantio),
      dataColheita: dia(c.dataColheita),
      aplicacoes,
      fimCarencia,
      emCarencia: !!fimCarencia && hoje < fimCarencia,
    };
  });
}

/** GET /api/portal/inspecoes: his newest inspections with their loads' lots and situation, the lots held, a running suspension. */
async function inspecoes(db: Db, pessoaId: number): Promise<PortalInspecoes> {
  const is = await linhas<PortalInspecoes['inspecoes'][number] & { residuo: string | null; produtos: { lote: string; produtoNome: string }[] | string }>(
    db,
    sql`SELECT i.id, i.romaneio_id AS "romaneioId", r.data_emissao::text AS "dataEmissao", i.tipo, i.coleta_em::text AS "coletaEm", i.resultado,
               i.principio_ativo AS "principioAtivo", i.suspenso_ate::text AS "suspensoAte", ${resultadoDoResiduo(sql`r.id`)} AS residuo,
               (SELECT coalesce(json_agg(json_build_object('lote', coalesce(ri.codigo_lote, ri.romaneio_id || 'R' || ri.id), 'produtoNome', p.nome) ORDER BY ri.id), '[]'::json)
                  FROM romaneio_itens ri JOIN produto p ON p.id = ri.produto_id WHERE ri.romaneio_id = r.id) AS produtos
        FROM inspecao i JOIN romaneio r ON r.id = i.romaneio_id
        WHERE r.pessoa_id = ${pessoaId} ORDER BY i.coleta_em DESC, i.id DESC LIMIT ${PORTAL_LIMITES.inspecoes}`,
  );
  const retidos = new Map<string, PortalInspecoes['lotesRetidos'][number]>();
  const inspecoes = is.map(({ residuo, produtos, ...i }) => {
    const lotes = typeof produtos === 'string' ? (JSON.parse(produtos) as { lote: string; produtoNome: string }[]) : produtos;
    const situacao = situacaoDoResultado(residuo) ?? null;
    if (situacao === 'retido') for (const l of lotes) retidos.set(l.lote, { ...l, romaneioId: i.romaneioId, dataEmissao: i.dataEmissao });
    return { ...i, situacao, lotes: lotes.map((l) => l.lote) };
  });
  return { suspensao: await suspensaoEmVigor(db, pessoaId), inspecoes, lotesRetidos: [...retidos.values()] };
}

/** GET /api/portal/pedras: the stalls booked for his romaneios from 60 days ago on, newest day first. */
async function pedras(db: Db, pessoaId: number, hoje = hojeNoMercado()): Promise<PortalPedra[]> {
  const ps = await linhas<PortalPedra>(
    db,
    sql`SELECT rp.data::text AS data, pd.numero, rp.ocupacao, rp.romaneio_id AS "romaneioId"
        FROM romaneio_pedras rp JOIN romaneio r ON r.id = rp.romaneio_id JOIN pedras pd ON pd.id = rp.pedra_id
        WHERE r.pessoa_id = ${pessoaId} AND rp.data >= ${somarDias(hoje, -PORTAL_LIMITES.diasDePedras)}::date
        ORDER BY rp.data DESC, ${ordemDoNumero}, pd.id LIMIT ${PORTAL_LIMITES.pedras}`,
  );
  return ps.map((p) => ({ ...p, numero: p.numero.trim() }));
}

/** A bulletin item as the producer reads it (boletim.repository's item, its balances in kg). */
const itemDoBoletim = (i: BoletimItem): PortalBoletim['itens'][number] => ({
  id: i.id,
  produtoId: i.produtoId,
  produtoNome: i.produtoNome,
  produtoEmbalagem: i.produtoEmbalagem,
  inicioColheita: String(i.inicioColheita),
  fimColheita: String(i.fimColheita),
  producaoEstimada: Number(i.producaoEstimada),
  producaoComercializada: Number(i.producaoComercializada ?? 0),
  saldoQtde: Number(i.saldoQtde ?? 0),
  temCaderno: Boolean(i.temCaderno),
});
