import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lerCodigoDoLote } from '@ceasa/shared';
import { appDeTeste, call, soDoProdutor, tokenDoProdutor } from './helpers';

/**
 * An id is a decimal integer in digits only (decision 0076). JavaScript's Number()
 * reads '0x1' as 1, '1e3' as 1000, '+12', ' 12', '12.0' and '0b1100' as 12: such an id in any path
 * of the app's own route table is a pt-BR 400 (or 404), and nothing is read, changed or deleted.
 */

const t = appDeTeste({ tokens: ['admin'] });
/** Producer 1's portal token: the portal's own routes are called with it, the others as the super-admin. */
let produtor: string;

/** What each malformed form would have named: records 1, 12 and 1000 exist in the tables below. */
const MALFORMADOS = ['0x1', '1e3', '+12', '%2012', '12%20', '12.0', '0b1100', '012', '99999999999', '2147483648', '-1', '0', '1_000', '１２'];

/** The message each path parameter answers a malformed value with (a new parameter must be added here). */
const MENSAGEM: Record<string, string[]> = {
  id: ['Código inválido'],
  produtorId: ['Código inválido'],
  pessoaId: ['Código inválido'],
  produtoGrupoId: ['Código inválido'],
  tipoId: ['Tipo inválido'],
  divida: ['Dívida inválida'],
  numero: ['O número da dívida deve conter apenas dígitos', 'Número da dívida inválido'],
  // Not numbers: a reset link's token and a lot code ('57R203', two ids: see lerCodigoDoLote).
  token: ['Link inválido ou expirado. Solicite um novo e-mail de redefinição.'],
  lote: ['Sem dados para mostrar.'],
  // A person's document (the holder's export): its format, or no such person.
  cpfcnpj: ['CPF ou CNPJ inválido: informe os 11 ou 14 caracteres do documento', 'Pessoa não encontrada'],
};

/** Debt numbers are bigint: '99999999999' is a well-formed one (their own range is tested below). */
const BIGINT = new Set(['numero', 'divida']);
const FORA_DO_INT4 = new Set(['99999999999', '2147483648']);

/** zod's or Fastify's English, in a message of the answer. */
const INGLES = /\b(Invalid|expected|Required|received|Too (big|small)|must|should|is not|not found)\b/i;

/** Tables whose rows the walk must leave as they were (all of them: their contents' hash). */
async function retrato(): Promise<Record<string, string>> {
  const db = t.app.ctx.db;
  const tabelas = (await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows as { tablename: string }[];
  const r: Record<string, string> = {};
  for (const { tablename } of tabelas) {
    const q = await db.execute(sql.raw(`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${tablename}" x`));
    r[tablename] = (q.rows[0] as { h: string }).h;
  }
  return r;
}

beforeAll(async () => {
  // Records 1, 12 and 1000 of the tables with people's and sales' data (and a few more), whatever the seed left.
  const db = t.app.ctx.db;
  for (const id of [1, 12, 1000]) {
    await db.execute(sql`INSERT INTO rotas (id, nome) VALUES (${id}, ${`rota-teste-${id}`}) ON CONFLICT (id) DO NOTHING`);
    await db.execute(sql`INSERT INTO grupo_permissoes (id, nome) VALUES (${id}, ${`Grupo ${id}`}) ON CONFLICT (id) DO NOTHING`);
    await db.execute(sql`INSERT INTO produto_grupo (id, nome, un_padrao) VALUES (${id}, ${`Grupo de produto ${id}`}, 'CX') ON CONFLICT (id) DO NOTHING`);
    await db.execute(
      sql`INSERT INTO pessoa (id, nome, cpfcnpj, celular, tipo_id) VALUES (${id}, ${`Produtor ${id}`}, ${String(98765432100 + id)}, '11987654321', 1) ON CONFLICT (id) DO NOTHING`,
    );
    await db.execute(sql`INSERT INTO romaneio_divida (divida) VALUES (${id}) ON CONFLICT DO NOTHING`);
    await db.execute(sql`INSERT INTO romaneio (id, data_emissao, divida, pessoa_id) VALUES (${id}, '2026-11-19', ${id}, ${id}) ON CONFLICT (id) DO NOTHING`);
  }
  produtor = await tokenDoProdutor(t.app, 1);
}, 60_000);

/** Every registered route with a path parameter, but the list searches' sort (`:dir/:field`, see ordenacao-fechada). */
const rotasComId = () => t.app.rotasApi.filter((r) => /:(?!dir\b|field\b)\w+/.test(r.url));

describe('ids are parsed strictly', () => {
  it('refuses each malformed id in every path of the route table with a pt-BR 400/404, changing nothing', async () => {
    const rotas = rotasComId();
    // The walk covers every route that reads a record by id (derived from the route table, so new routes are covered too).
    const nomes = rotas.map((r) => `${r.method} ${r.url}`);
    for (const r of ['DELETE /api/romaneio/:id', 'DELETE /api/rotas/:id', 'PUT /api/grupoPermissoes/:id', 'GET /api/romaneio/dividas/:divida'])
      expect(nomes).toContain(r);
    expect(rotas.length).toBeGreaterThan(60);

    const antes = await retrato();
    const falhas: string[] = [];
    for (const rota of rotas) {
      const params = [...rota.url.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((p) => p !== 'dir' && p !== 'field');
      for (const valor of MALFORMADOS) {
        if (FORA_DO_INT4.has(valor) && params.some((p) => BIGINT.has(p))) continue;
        const url = rota.url.replace(/:(\w+)/g, (_, p: string) => (p === 'dir' ? 'asc' : p === 'field' ? 'id' : valor));
        const r = await call(t.app, soDoProdutor(rota.acesso) ? produtor : t.admin, {
          method: rota.method as 'GET',
          url,
          ...(rota.method === 'GET' || rota.method === 'DELETE' ? {} : { payload: {} }),
        });
        const quem = `${rota.method} ${url} → ${r.status} ${JSON.stringify(r.body)}`;
        const esperadas = params.flatMap((p) => MENSAGEM[p] ?? [`(parâmetro ${p} sem mensagem no teste)`]);
        const ok =
          (r.status === 400 || r.status === 404) &&
          r.body?.status === r.status &&
          r.body?.error === (r.status === 400 ? 'Bad Request' : 'Not Found') &&
          esperadas.includes(r.body?.message) &&
          !INGLES.test(r.body.message);
        if (!ok) falhas.push(quem);
      }
    }
    expect(falhas).toEqual([]);
    // Nothing changed: every table holds what it held (records 1, 12 and 1000 among them).
    expect(await retrato()).toEqual(antes);
    for (const base of ['romaneio', 'rotas', 'grupoPermissoes', 'produtoGrupo', 'pessoa'])
      for (const id of [1, 12, 1000]) expect((await call(t.app, t.admin, { method: 'GET', url: `/api/${base}/${id}` })).status, `${base} ${id}`).toBe(200);
  }, 120_000);

  it('still reads a well-formed id, and the largest id of an integer column is a 404, not a 500', async () => {
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/rotas/1000' })).body).toEqual({ id: 1000, versao: 1, nome: 'rota-teste-1000' });
    const maior = await call(t.app, t.admin, { method: 'GET', url: '/api/rotas/2147483647' });
    expect(maior.status).toBe(404);
  });

  it('answers the same message on every numeric path parameter (the shared id schema)', async () => {
    for (const url of ['/api/pessoa/tipo/0x1', '/api/propriedade/proprietario/1e3', '/api/precos/historico/+12', '/api/boletimitens/produtos/12.0']) {
      const r = await call(t.app, t.admin, { method: 'GET', url });
      expect([r.status, r.body.message], url).toEqual([400, url.includes('/tipo/') ? 'Tipo inválido' : 'Código inválido']);
    }
    // A debt number: digits only, without leading zeros, up to 15 digits.
    for (const [url, msg] of [
      ['/api/romaneio/divida/0x1', 'O número da dívida deve conter apenas dígitos'],
      ['/api/estacionamento/divida/1e3', 'O número da dívida deve conter apenas dígitos'],
      ['/api/romaneio/divida/012', 'Número da dívida inválido'],
      ['/api/romaneio/divida/0', 'Número da dívida inválido'],
      ['/api/romaneio/divida/1234567890123456', 'Número da dívida inválido'],
      ['/api/romaneio/dividas/0x1', 'Dívida inválida'],
      ['/api/romaneio/dividas/9007199254740993', 'Dívida inválida'],
    ]) {
      const r = await call(t.app, t.admin, { method: 'GET', url });
      expect([r.status, r.body.message], url).toEqual([400, msg]);
    }
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/romaneio/dividas/12' })).body.map((r: { id: number }) => r.id)).toEqual([12]);
    // A lot code's two ids ('57R203'), the same way.
    expect([lerCodigoDoLote('57R203'), lerCodigoDoLote('57r203')]).toEqual([
      { romaneioId: 57, itemId: 203 },
      { romaneioId: 57, itemId: 203 },
    ]);
    for (const codigo of ['057R203', '57R0203', ' 57R203', '57R203 ', '+57R203', '0R1', '1R0', '0x1R1', '1e3R1', '1234567890R1'])
      expect(lerCodigoDoLote(codigo), codigo).toBeNull();
  });
});

describe('ids in a body are JSON integers in range', () => {
  it('refuses PUT {base} with an id out of range, fractional or as text with a pt-BR 400, changing nothing', async () => {
    const antes = await retrato();
    for (const id of [99999999999, 2147483648, 1.5, '1', '0x1', -1, 0, null]) {
      for (const [url, corpo] of [
        ['/api/rotas', { nome: 'rota-nova' }],
        ['/api/grupoPermissoes', { nome: 'Grupo novo', permissoes: [] }],
        ['/api/produtoGrupo', { nome: 'Grupo novo', unPadrao: 'KG' }],
      ] as const) {
        const r = await call(t.app, t.admin, { method: 'PUT', url, payload: { ...corpo, id } });
        const msg = id === null ? 'O código é obrigatório' : 'Código inválido';
        expect([r.status, r.body.status, r.body.error, r.body.message], `${url} ${JSON.stringify(id)}`).toEqual([400, 400, 'Bad Request', msg]);
        expect(r.body.fieldErrors).toContainEqual({ field: 'id', message: msg });
      }
    }
    // An item's id and a reference to another record past the int4 range: a pt-BR 400 too, not a 500.
    const item = await call(t.app, t.admin, { method: 'PUT', url: '/api/romaneioitens/updateQtde', payload: { id: 99999999999, quantidade: 1 } });
    expect([item.status, item.body.message]).toEqual([400, 'O item deve estar na lista']);
    const prod = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/produto',
      payload: { nome: 'Produto novo', embalagem: 'CX', pesoEmKg: 1, produtoGrupoId: 99999999999, status: 'ATIVO' },
    });
    expect(prod.status).toBe(400);
    expect(prod.body.message).not.toMatch(INGLES);
    expect(await retrato()).toEqual(antes);
    // A JSON integer in range still edits.
    const ok = await call(t.app, t.admin, { method: 'PUT', url: '/api/rotas', payload: { id: 1000, nome: 'rota-teste-1000-b' } });
    expect([ok.status, ok.body]).toEqual([200, { id: 1000, versao: 2, nome: 'rota-teste-1000-b' }]);
  });
});
