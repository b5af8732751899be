import { sql, type SQL } from 'drizzle-orm';
import { INSPECAO_LISTA_MAX, type Inspecao, type RomaneioParaInspecao, type Suspensao } from '@ceasa/shared';
import type { Tx } from '../../db/client';
import { naoEncontrado } from '../../lib/errors';
import { ordemDoNumero } from '../pedra/pedra.repository';

/** The municipality of a romaneio's load: the one of the property of its first item's bulletin (null when none has one). */
const municipio = (romaneioId: SQL, coluna: 'nome' | 'sigla') =>
  sql`(SELECT ${sql.raw(`m.${coluna}`)} FROM romaneio_itens ri JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id JOIN boletim b ON b.id = bi.boletim_id
      JOIN propriedade pp ON pp.id = b.propriedade_id JOIN municipio m ON m.id = pp.municipio_id
      WHERE ri.romaneio_id = ${romaneioId} ORDER BY ri.id LIMIT 1)`;

const produtos = (romaneioId: SQL) =>
  sql`COALESCE((SELECT array_agg(p.nome ORDER BY p.nome) FROM (SELECT DISTINCT p.nome FROM romaneio_itens ri JOIN produto p ON p.id = ri.produto_id
      WHERE ri.romaneio_id = ${romaneioId}) p), '{}')`;

/**
 * The latest residue result of a romaneio's load (its last sample by collection date), for the public lot
 * answer's `situacao` (decision 0187); null without a sample.
 */
export const resultadoDoResiduo = (romaneioId: SQL) =>
  sql`(SELECT i.resultado FROM inspecao i WHERE i.romaneio_id = ${romaneioId} AND i.tipo = 'residuo' ORDER BY i.coleta_em DESC, i.id DESC LIMIT 1)`;

/** The romaneios of `data` not drawn yet (no row in inspecao_sorteio). */
export async function romaneiosSemSorteio(db: Tx, data: string): Promise<number[]> {
  const r = await db.execute(sql`
    SELECT r.id FROM romaneio r WHERE r.data_emissao = ${data}
      AND NOT EXISTS (SELECT 1 FROM inspecao_sorteio s WHERE s.romaneio_id = r.id) ORDER BY r.id`);
  return (r.rows as { id: number }[]).map((x) => Number(x.id));
}

/** Keeps each draw; one already kept (another inspector's list at the same moment) stays as it was. */
export async function gravarSorteios(db: Tx, data: string, percentual: number, sorteios: { romaneioId: number; sorteado: boolean }[]) {
  if (!sorteios.length) return;
  await db.execute(sql`
    INSERT INTO inspecao_sorteio (romaneio_id, data, sorteado, percentual)
    SELECT x.id, ${data}::date, x.sorteado, ${String(percentual)}::numeric
    FROM unnest(${`{${sorteios.map((s) => s.romaneioId).join(',')}}`}::int[], ${`{${sorteios.map((s) => s.sorteado).join(',')}}`}::boolean[]) AS x(id, sorteado)
    ON CONFLICT (romaneio_id) DO NOTHING`);
}

export async function totalDoDia(db: Tx, data: string): Promise<number> {
  const r = await db.execute(sql`SELECT count(*)::int AS n FROM romaneio WHERE data_emissao = ${data}`);
  return Number((r.rows[0] as { n: number }).n);
}

/** The day's romaneios drawn for inspection, and those inspected outside the draw, with their inspections and the producer's suspension. */
export async function romaneiosParaInspecao(db: Tx, data: string): Promise<RomaneioParaInspecao[]> {
  const r = await db.execute(sql`
    SELECT r.id AS "romaneioId", r.divida, r.pessoa_id AS "produtorId", pe.nome AS "produtorNome", pe.cpfcnpj,
           ${municipio(sql`r.id`, 'nome')} AS "municipioNome",
           ${produtos(sql`r.id`)} AS produtos,
           COALESCE((SELECT array_agg(pd.numero ORDER BY ${ordemDoNumero}, pd.id) FROM romaneio_pedras rp JOIN pedras pd ON pd.id = rp.pedra_id
             WHERE rp.romaneio_id = r.id), '{}') AS pedras,
           COALESCE(s.sorteado, false) AS sorteado,
           COALESCE((SELECT json_agg(json_build_object('id', i.id, 'tipo', i.tipo, 'resultado', i.resultado, 'coletaEm', i.coleta_em) ORDER BY i.id)
             FROM inspecao i WHERE i.romaneio_id = r.id), '[]') AS inspecoes,
           (SELECT max(i.suspenso_ate) FROM inspecao i JOIN romaneio r2 ON r2.id = i.romaneio_id
             WHERE r2.pessoa_id = r.pessoa_id AND i.suspenso_ate >= ${data}) AS "suspensoAte"
    FROM romaneio r
    JOIN pessoa pe ON pe.id = r.pessoa_id
    LEFT JOIN inspecao_sorteio s ON s.romaneio_id = r.id
    WHERE r.data_emissao = ${data} AND (s.sorteado OR EXISTS (SELECT 1 FROM inspecao i WHERE i.romaneio_id = r.id))
    ORDER BY r.id`);
  return (r.rows as RomaneioParaInspecao[]).map((x) => ({
    ...x,
    romaneioId: Number(x.romaneioId),
    divida: Number(x.divida),
    produtorId: Number(x.produtorId),
    pedras: x.pedras.map((p) => p.trim()),
    inspecoes: (typeof x.inspecoes === 'string' ? JSON.parse(x.inspecoes) : x.inspecoes) as RomaneioParaInspecao['inspecoes'],
    suspensoAte: x.suspensoAte === null ? null : String(x.suspensoAte),
  }));
}

/** The issue date of a romaneio (null: no such romaneio). */
export async function dataDoRomaneio(db: Tx, id: number): Promise<string | null> {
  const r = await db.execute(sql`SELECT data_emissao AS d FROM romaneio WHERE id = ${id}`);
  const d = (r.rows[0] as { d: string } | undefined)?.d;
  return d === undefined ? null : String(d);
}

/** A romaneio as an inspection names it (its producer, municipality and products), as one JSON object. */
const romaneioJson = (r: SQL) => sql`(SELECT json_build_object('id', r.id, 'dataEmissao', r.data_emissao, 'divida', r.divida, 'produtorId', r.pessoa_id,
      'produtorNome', pe.nome, 'cpfcnpj', pe.cpfcnpj, 'municipioNome', ${municipio(sql`r.id`, 'nome')}, 'municipioSigla', ${municipio(sql`r.id`, 'sigla')},
      'produtos', ${produtos(sql`r.id`)})
    FROM romaneio r JOIN pessoa pe ON pe.id = r.pessoa_id WHERE r.id = ${r})`;

const lerJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const romaneioDoJson = (v: Inspecao['romaneio'] | string): Inspecao['romaneio'] => {
  const r = lerJson(v);
  return { ...r, divida: Number(r.divida) };
};

/** The romaneio an inspection is being registered for (404 when there is none). */
export async function romaneioParaFormulario(db: Tx, id: number): Promise<Inspecao['romaneio']> {
  const r = await db.execute(sql`SELECT ${romaneioJson(sql`${id}`)} AS romaneio`);
  const v = (r.rows[0] as { romaneio: Inspecao['romaneio'] | string | null }).romaneio;
  if (!v) throw naoEncontrado('Romaneio não encontrado');
  return romaneioDoJson(v);
}

/** One inspection as the API answers it: its fields and the romaneio it is of (for the notification). */
export async function lerInspecao(db: Tx, id: number): Promise<Inspecao> {
  const r = await db.execute(sql`
    SELECT i.id, i.versao, i.romaneio_id AS "romaneioId", i.tipo, i.coleta_em AS "coletaEm", i.laboratorio, i.codigo_amostra AS "codigoAmostra",
           i.resultado, i.principio_ativo AS "principioAtivo", i.checklist, i.observacao, i.suspenso_ate AS "suspensoAte",
           ${romaneioJson(sql`i.romaneio_id`)} AS romaneio
    FROM inspecao i WHERE i.id = ${id}`);
  const x = r.rows[0] as (Omit<Inspecao, 'romaneio'> & { romaneio: Inspecao['romaneio'] | string }) | undefined;
  if (!x) throw naoEncontrado('Inspeção não encontrada');
  return {
    ...x,
    coletaEm: String(x.coletaEm),
    suspensoAte: x.suspensoAte === null ? null : String(x.suspensoAte),
    checklist: x.checklist === null ? null : lerJson(x.checklist),
    romaneio: romaneioDoJson(x.romaneio),
  };
}

/** Every suspension of these producers (non-conforming residue results), by producer. */
export async function suspensoesDosProdutores(db: Tx, pessoas: number[]): Promise<(Suspensao & { pessoaId: number })[]> {
  if (!pessoas.length) return [];
  const r = await db.execute(sql`
    SELECT i.id AS "inspecaoId", i.romaneio_id AS "romaneioId", r.pessoa_id AS "pessoaId", i.coleta_em AS inicio, i.suspenso_ate AS fim,
           i.principio_ativo AS "principioAtivo"
    FROM inspecao i JOIN romaneio r ON r.id = i.romaneio_id
    WHERE i.suspenso_ate IS NOT NULL AND r.pessoa_id IN (${sql.join(
      pessoas.map((p) => sql`${p}`),
      sql`, `,
    )})
    ORDER BY i.coleta_em DESC, i.id DESC`);
  return (r.rows as (Suspensao & { pessoaId: number })[]).map((s) => ({ ...s, pessoaId: Number(s.pessoaId), inicio: String(s.inicio), fim: String(s.fim) }));
}

/** The suspensions in force on `desde` or later, of every producer (few rows: only non-conforming inspections have one). */
export async function suspensoesDesde(db: Tx, desde: string): Promise<(Pick<Suspensao, 'inicio' | 'fim'> & { pessoaId: number })[]> {
  const r = await db.execute(sql`
    SELECT r.pessoa_id AS "pessoaId", i.coleta_em AS inicio, i.suspenso_ate AS fim
    FROM inspecao i JOIN romaneio r ON r.id = i.romaneio_id
    WHERE i.suspenso_ate IS NOT NULL AND i.suspenso_ate >= ${desde}
    ORDER BY i.coleta_em DESC, i.id DESC`);
  return (r.rows as { pessoaId: unknown; inicio: unknown; fim: unknown }[]).map((s) => ({
    pessoaId: Number(s.pessoaId),
    inicio: String(s.inicio),
    fim: String(s.fim),
  }));
}

/** The latest inspections (of one producer), newest collection first, at most INSPECAO_LISTA_MAX. */
export async function ultimasInspecoes(db: Tx, pessoaId?: number) {
  const r = await db.execute(sql`
    SELECT i.id, i.romaneio_id AS "romaneioId", i.tipo, i.coleta_em AS "coletaEm", i.resultado, pe.nome AS "produtorNome", i.suspenso_ate AS "suspensoAte"
    FROM inspecao i JOIN romaneio r ON r.id = i.romaneio_id JOIN pessoa pe ON pe.id = r.pessoa_id
    ${pessoaId === undefined ? sql`` : sql`WHERE r.pessoa_id = ${pessoaId}`}
    ORDER BY i.coleta_em DESC, i.id DESC LIMIT ${INSPECAO_LISTA_MAX}`);
  return (r.rows as { coletaEm: unknown; suspensoAte: unknown }[]).map((x) => ({
    ...x,
    coletaEm: String(x.coletaEm),
    suspensoAte: x.suspensoAte === null ? null : String(x.suspensoAte),
  }));
}
