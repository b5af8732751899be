import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Test factories: data inserted straight into the database (shared by the API tests of many
 * modules). Returns ids.
 */
async function um(app: FastifyInstance, q: ReturnType<typeof sql>): Promise<number> {
  const r = await app.ctx.db.execute(q);
  return Number((r.rows[0] as { id: number }).id);
}

export const inserirGrupo = (app: FastifyInstance, nome: string, unPadrao = 'CX') =>
  um(app, sql`INSERT INTO produto_grupo (nome, un_padrao) VALUES (${nome}, ${unPadrao}) RETURNING id`);

export const inserirProduto = (app: FastifyInstance, grupoId: number, nome: string, o: { embalagem?: string; peso?: number; status?: string } = {}) =>
  um(
    app,
    sql`INSERT INTO produto (nome, embalagem, peso_em_kg, produto_grupo_id, status)
        VALUES (${nome}, ${o.embalagem ?? 'CX 20kg'}, ${String(o.peso ?? 1)}, ${grupoId}, ${o.status ?? 'ATIVO'}) RETURNING id`,
  );

export const inserirPreco = (app: FastifyInstance, produtoId: number, data: string, valor: number | string) =>
  um(app, sql`INSERT INTO precos (produto_id, data, valor) VALUES (${produtoId}, ${data}, ${String(valor)}) RETURNING id`);

export const inserirMunicipio = (app: FastifyInstance, nome: string, sigla = 'SP') =>
  um(app, sql`INSERT INTO municipio (nome, sigla) VALUES (${nome}, ${sigla}) RETURNING id`);

/** The mod-11 check digit of `digitos` with `pesos` (remainder below 2 gives 0, else 11 minus it). */
const digitoVerificador = (digitos: string, pesos: readonly number[]) => {
  const resto = pesos.reduce((s, p, i) => s + p * Number(digitos[i]), 0) % 11;
  return String(resto < 2 ? 0 : 11 - resto);
};

/** A CPF (11 digits) whose two check digits are right, from the last 9 digits of `semente`. */
export function cpfValido(semente: number): string {
  const base = String(semente).slice(-9).padStart(9, '0');
  const d1 = digitoVerificador(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + d1 + digitoVerificador(base + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
}

let cpfs = 0;
/** A person with a valid CPF of its own (the database holds one person per CPF/CNPJ). */
export const inserirPessoa = (app: FastifyInstance, nome: string, tipoId = 1, celular: string | null = '11987654321') =>
  um(app, sql`INSERT INTO pessoa (nome, cpfcnpj, celular, tipo_id) VALUES (${nome}, ${cpfValido(123456789 + ++cpfs)}, ${celular}, ${tipoId}) RETURNING id`);

export const inserirPropriedade = (app: FastifyInstance, nome: string, municipioId: number, proprietarioId: number) =>
  um(
    app,
    sql`INSERT INTO propriedade (nome, municipio_id, area_total, area_explorada, area_cultivada, tipo_posse, proprietario_id)
        VALUES (${nome}, ${municipioId}, 10, 8, 5, 'PRÓPRIO', ${proprietarioId}) RETURNING id`,
  );

export const inserirBoletim = (app: FastifyInstance, o: { produtorId: number; tecnicoId: number; propriedadeId: number; dataEmissao: string }) =>
  um(
    app,
    sql`INSERT INTO boletim (data_visita, data_emissao, produtor_id, propriedade_id, tecnico_id)
        VALUES (${o.dataEmissao}, ${o.dataEmissao}, ${o.produtorId}, ${o.propriedadeId}, ${o.tecnicoId}) RETURNING id`,
  );

/** A bulletin item estimating `producaoEstimada` kg (1000 unless told). */
export const inserirBoletimItem = (app: FastifyInstance, boletimId: number, produtoId: number, inicio: string, fim: string, producaoEstimada = 1000) =>
  um(
    app,
    sql`INSERT INTO boletim_itens (boletim_id, produto_id, area_producao, producao_estimada, producao_embalada, inicio_colheita, fim_colheita)
        VALUES (${boletimId}, ${produtoId}, 1, ${String(producaoEstimada)}, 50, ${inicio}, ${fim}) RETURNING id`,
  );

export const inserirRomaneio = (app: FastifyInstance, pessoaId: number, dataEmissao: string, divida: number) =>
  um(
    app,
    sql`WITH d AS (INSERT INTO romaneio_divida (divida) VALUES (${divida}) ON CONFLICT DO NOTHING)
        INSERT INTO romaneio (data_emissao, divida, pessoa_id) VALUES (${dataEmissao}, ${divida}, ${pessoaId}) RETURNING id`,
  );

export const inserirRomaneioItem = (app: FastifyInstance, romaneioId: number, produtoId: number, quantidade: number, boletimItensId: number | null) =>
  um(
    app,
    sql`INSERT INTO romaneio_itens (romaneio_id, produto_id, quantidade, boletim_itens_id)
        VALUES (${romaneioId}, ${produtoId}, ${String(quantidade)}, ${boletimItensId}) RETURNING id`,
  );

/** Books stall number `numero` for a romaneio on its issue date `data`. */
export const reservarPedra = (app: FastifyInstance, romaneioId: number, numero: string, data: string) =>
  um(app, sql`INSERT INTO romaneio_pedras (romaneio_id, pedra_id, data) SELECT ${romaneioId}, id, ${data} FROM pedras WHERE numero = ${numero} RETURNING id`);

/** A field notebook for a bulletin item with one chemical application (`nomeProduto` on `data`, `periodoCarencia` days). */
export async function inserirCadernoComAplicacao(
  app: FastifyInstance,
  boletimItemId: number,
  produtoId: number,
  a: { nomeProduto: string; data: string; periodoCarencia: number },
) {
  const caderno = await um(
    app,
    sql`INSERT INTO caderno (boletim_item_id, produto_antigo_id, data_plantio, data_colheita, area_cultivo, preparo_solo, praticas_conservacionistas, sementes_e_mudas, irrigacao)
        VALUES (${boletimItemId}, ${produtoId}, '2026-01-01', '2026-12-31', '1 ha', '{}', '{}', '{}', '{}') RETURNING id`,
  );
  await um(
    app,
    sql`INSERT INTO aplicacao_produtos_quimicos (caderno_id, data, periodo_carencia, praga_doenca_alvo, nome_produto, dose, forma_dose, volume_calda, operador)
        VALUES (${caderno}, ${a.data}, ${a.periodoCarencia}, 'Pulgão', ${a.nomeProduto}, 2, 'L_M', 100, 'Operador') RETURNING id`,
  );
  return caderno;
}

export const inserirLoja = (app: FastifyInstance, lojistaId: number, dataEmissao: string) =>
  um(app, sql`INSERT INTO loja (lojista_id, data_emissao) VALUES (${lojistaId}, ${dataEmissao}) RETURNING id`);

export const inserirLojaItem = (app: FastifyInstance, lojaId: number, produtoId: number, quantidade: number, municipioId: number) =>
  um(
    app,
    sql`INSERT INTO loja_itens (loja_id, produto_id, quantidade, municipio_id) VALUES (${lojaId}, ${produtoId}, ${String(quantidade)}, ${municipioId}) RETURNING id`,
  );

/**
 * The harvest a lot is traced to: a property of `produtorId` in `municipioId` ('Sítio Boa Esperança' unless named), a
 * bulletin of it by `tecnicoId` issued `emissao` (the harvest's start unless told) and its item of `produtoId`
 * harvested from `inicio` to `fim`. Returns the ids.
 */
export async function inserirColheita(
  app: FastifyInstance,
  o: { produtorId: number; tecnicoId: number; municipioId: number; produtoId: number; inicio: string; fim: string; emissao?: string; propriedade?: string },
) {
  const propriedade = await inserirPropriedade(app, o.propriedade ?? 'Sítio Boa Esperança', o.municipioId, o.produtorId);
  const boletim = await inserirBoletim(app, {
    produtorId: o.produtorId,
    tecnicoId: o.tecnicoId,
    propriedadeId: propriedade,
    dataEmissao: o.emissao ?? o.inicio,
  });
  const item = await inserirBoletimItem(app, boletim, o.produtoId, o.inicio, o.fim);
  return { propriedade, boletim, item };
}

/**
 * A producer ready for the gate: a municipality, the producer (type 1), a technician (type 2), a property and a
 * bulletin (issued 2026-10-01) with one item of `produtoId` harvested from `inicio` to `fim`. Returns the ids.
 */
export async function inserirProdutorComColheita(
  app: FastifyInstance,
  produtoId: number,
  o: { inicio?: string; fim?: string; produtor?: string; municipio?: string } = {},
) {
  const municipio = await inserirMunicipio(app, o.municipio ?? 'Imperatriz', 'MA');
  const produtor = await inserirPessoa(app, o.produtor ?? 'João Lavrador', 1);
  const tecnico = await inserirPessoa(app, 'Carla Técnica', 2);
  const c = await inserirColheita(app, {
    produtorId: produtor,
    tecnicoId: tecnico,
    municipioId: municipio,
    produtoId,
    emissao: '2026-10-01',
    inicio: o.inicio ?? '2026-11-01',
    fim: o.fim ?? '2026-12-31',
  });
  return { municipio, produtor, tecnico, ...c };
}

/**
 * An arrival through the gate: romaneio `divida` of `pessoaId` issued `data`, with its items as [product, packages,
 * bulletin item (null: origin unknown)]. Returns its id and its items' ids, in that order.
 */
export async function inserirRomaneioComItens(app: FastifyInstance, pessoaId: number, data: string, divida: number, itens: [number, number, number | null][]) {
  const romaneio = await inserirRomaneio(app, pessoaId, data, divida);
  const ids: number[] = [];
  for (const [produtoId, quantidade, boletimItem] of itens) ids.push(await inserirRomaneioItem(app, romaneio, produtoId, quantidade, boletimItem));
  return { romaneio, itens: ids };
}

/** A shop's arrival sheet of `lojistaId` issued `data`, with its items as [product, packages, municipality of origin]. */
export async function inserirLojaComItens(app: FastifyInstance, lojistaId: number, data: string, itens: [number, number, number][]) {
  const loja = await inserirLoja(app, lojistaId, data);
  const ids: number[] = [];
  for (const [produtoId, quantidade, municipioId] of itens) ids.push(await inserirLojaItem(app, loja, produtoId, quantidade, municipioId));
  return { loja, itens: ids };
}

/**
 * A field notebook of bulletin item `boletimItemId` (of product `produtoId`) with its chemical applications
 * (`data`, `periodoCarencia` days, `nomeProduto`); none given: one 'não necessárias' row. Returns the notebook's id.
 */
export async function inserirCaderno(
  app: FastifyInstance,
  boletimItemId: number,
  produtoId: number,
  aplicacoes: { nomeProduto: string; data: string; periodoCarencia: number }[] = [],
) {
  const secao = JSON.stringify({ naoNecessarias: true });
  const caderno = await um(
    app,
    sql`INSERT INTO caderno (boletim_item_id, produto_antigo_id, data_plantio, data_colheita, area_cultivo, preparo_solo, praticas_conservacionistas, sementes_e_mudas, irrigacao)
        VALUES (${boletimItemId}, ${produtoId}, '2026-01-01', '2026-12-31', '1 ha', ${secao}::jsonb, ${secao}::jsonb, ${secao}::jsonb, ${secao}::jsonb) RETURNING id`,
  );
  if (!aplicacoes.length) await app.ctx.db.execute(sql`INSERT INTO aplicacao_produtos_quimicos (caderno_id, nao_necessarias) VALUES (${caderno}, true)`);
  for (const a of aplicacoes)
    await app.ctx.db
      .execute(sql`INSERT INTO aplicacao_produtos_quimicos (caderno_id, data, periodo_carencia, praga_doenca_alvo, nome_produto, dose, forma_dose, volume_calda, operador)
      VALUES (${caderno}, ${a.data}, ${a.periodoCarencia}, 'Pulgão', ${a.nomeProduto}, '1', 'L_M', '100', 'Operador')`);
  return caderno;
}
