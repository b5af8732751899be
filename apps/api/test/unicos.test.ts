import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appDeTeste, call, countRows } from './helpers';

/**
 * What must be unique is unique in the database (migration 0011), compared the way a
 * clerk reads it (CPF/CNPJ by its digits; names without case or accents), and a duplicate is a 409
 * with the resource's pt-BR message on its field, whether it repeats a saved record or loses a race
 * against a save at the same moment. Runs on PGlite and, with DATABASE_URL, on PostgreSQL, where
 * the concurrent saves really run side by side.
 */
let grupoId: number;

const t = appDeTeste({ tokens: ['admin'] });
beforeAll(async () => {
  grupoId = (await call(t.app, t.admin, { method: 'POST', url: '/api/produtoGrupo', payload: { nome: 'Frutas de Teste', unPadrao: 'CX 18kg' } })).body.id;
});

interface Caso {
  recurso: string;
  tabela: string;
  /** The first record, then the same one written otherwise (case, accents, mask, spaces). */
  original: Record<string, unknown>;
  iguais: Record<string, unknown>[];
  /** Close, but another record. */
  diferentes: Record<string, unknown>[];
  mensagem: string;
  campos: string[];
}

const casos = (): Caso[] => [
  {
    recurso: 'pessoa',
    tabela: 'pessoa',
    original: { nome: 'João da Silva', cpfcnpj: '529.982.247-25', tipoId: 1 },
    iguais: [
      { nome: 'Outro João', cpfcnpj: '52998224725', tipoId: 2 },
      { nome: 'João da Silva', cpfcnpj: ' 529982247-25 ', tipoId: 1 },
    ],
    diferentes: [{ nome: 'João da Silva', cpfcnpj: '444.555.666-19', tipoId: 1 }],
    mensagem: 'Já existe uma pessoa com este CPF/CNPJ.',
    campos: ['cpfcnpj'],
  },
  {
    recurso: 'produtoGrupo',
    tabela: 'produto_grupo',
    original: { nome: 'Açúcar Cristal', unPadrao: 'SC 50kg' },
    iguais: [
      { nome: 'ACUCAR CRISTAL', unPadrao: 'SC 50kg' },
      { nome: 'açucar cristal', unPadrao: 'SC 25kg' },
    ],
    diferentes: [{ nome: 'Açúcar Demerara', unPadrao: 'SC 50kg' }],
    mensagem: 'Já existe um grupo de produto com este nome.',
    campos: ['nome'],
  },
  {
    recurso: 'produto',
    tabela: 'produto',
    original: { nome: 'Maçã Gala', embalagem: 'CX 18kg', pesoEmKg: 18, produtoGrupoId: grupoId, status: 'ATIVO' },
    iguais: [{ nome: 'MACA GALA', embalagem: 'cx 18KG', pesoEmKg: 18, produtoGrupoId: grupoId, status: 'ATIVO' }],
    diferentes: [{ nome: 'Maçã Gala', embalagem: 'CX 9kg', pesoEmKg: 9, produtoGrupoId: grupoId, status: 'ATIVO' }],
    mensagem: 'Já existe um produto com este nome e esta embalagem.',
    campos: ['nome', 'embalagem'],
  },
  {
    recurso: 'municipio',
    tabela: 'municipio',
    original: { nome: 'São João dos Patos', sigla: 'MA' },
    iguais: [{ nome: 'SAO JOAO DOS PATOS', sigla: 'ma' }],
    // The same name in another state is another municipality.
    diferentes: [{ nome: 'São João dos Patos', sigla: 'PI' }],
    mensagem: 'Já existe um município com este nome neste estado.',
    campos: ['nome', 'sigla'],
  },
  {
    recurso: 'pedras',
    tabela: 'pedras',
    original: { numero: '301' },
    iguais: [{ numero: ' 301 ' }],
    diferentes: [{ numero: '3010' }],
    mensagem: 'Já existe uma pedra com o número 301.',
    campos: ['numero'],
  },
];

const criar = (recurso: string, payload: Record<string, unknown>) => call(t.app, t.admin, { method: 'POST', url: `/api/${recurso}`, payload });

describe('a duplicate is refused with 409 and changes nothing', () => {
  for (const nome of ['pessoa', 'produtoGrupo', 'produto', 'municipio', 'pedras']) {
    it(nome, async () => {
      const c = casos().find((x) => x.recurso === nome)!;
      const primeiro = await criar(c.recurso, c.original);
      expect(primeiro.status).toBe(201);
      const linhas = await countRows(t.app, c.tabela);
      const logs = await countRows(t.app, 'logs');
      for (const igual of c.iguais) {
        const r = await criar(c.recurso, igual);
        expect(r.status, JSON.stringify(igual)).toBe(409);
        expect(r.body).toEqual({
          status: 409,
          error: 'Conflict',
          message: c.mensagem,
          fieldErrors: c.campos.map((field) => ({ field, message: c.mensagem })),
        });
      }
      expect(await countRows(t.app, c.tabela)).toBe(linhas);
      expect(await countRows(t.app, 'logs')).toBe(logs);

      // An edit that would make another record the same is refused too, and leaves it as it was.
      const outro = await criar(c.recurso, c.diferentes[0]);
      expect(outro.status).toBe(201);
      const r = await call(t.app, t.admin, { method: 'PUT', url: `/api/${c.recurso}/${outro.body.id}`, payload: c.iguais[0] });
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(c.mensagem);
      expect((await call(t.app, t.admin, { method: 'GET', url: `/api/${c.recurso}/${outro.body.id}` })).body).toEqual(outro.body);
      // Saving a record with its own values again is not a duplicate.
      expect((await call(t.app, t.admin, { method: 'PUT', url: `/api/${c.recurso}/${primeiro.body.id}`, payload: c.original })).status).toBe(200);
    });
  }
});

describe('concurrent saves of the same record have exactly one winner', () => {
  for (const nome of ['pessoa', 'produtoGrupo', 'produto', 'municipio', 'pedras']) {
    it(nome, async () => {
      const base = casos().find((x) => x.recurso === nome)!;
      // A record of its own for this test (another CPF, name or number than the test above uses).
      const payload: Record<string, unknown> = {
        pessoa: { nome: 'Maria Concorrente', cpfcnpj: '987.654.321-00', tipoId: 1 },
        produtoGrupo: { nome: 'Mamão Concorrente', unPadrao: 'CX 15kg' },
        produto: { nome: 'Mamão Formosa', embalagem: 'CX 15kg', pesoEmKg: 15, produtoGrupoId: grupoId, status: 'ATIVO' },
        municipio: { nome: 'Açailândia Concorrente', sigla: 'MA' },
        pedras: { numero: '999' },
      }[nome] as Record<string, unknown>;
      const linhas = await countRows(t.app, base.tabela);
      const respostas = await Promise.all(Array.from({ length: 20 }, () => criar(base.recurso, payload)));
      const status = respostas.map((r) => r.status).sort();
      expect(status).toEqual([201, ...Array(19).fill(409)]);
      for (const r of respostas.filter((x) => x.status === 409)) expect(r.body.fieldErrors.map((f: { field: string }) => f.field)).toEqual(base.campos);
      expect(await countRows(t.app, base.tabela)).toBe(linhas + 1);
      const ganhou = respostas.find((r) => r.status === 201)!.body.id;
      const logs = await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM logs WHERE cadastro_id = ${String(ganhou)} AND acao = 'INSERT'
        AND cadastro = ${{ pessoa: 'Pessoa', produtoGrupo: 'ProdutoGrupo', produto: 'Produto', municipio: 'Municipio', pedras: 'Pedras' }[nome]}`);
      expect(Number((logs.rows[0] as { n: number }).n)).toBe(1);
    });
  }
});

describe('the database itself refuses a duplicate written around the API', () => {
  it('for every unique rule', async () => {
    const db = t.app.ctx.db;
    const tenta = async (q: ReturnType<typeof sql>) => {
      try {
        await db.execute(q);
        return 'gravou';
      } catch (e) {
        const err = (e as { cause?: { code?: string; constraint?: string } }).cause ?? (e as { code?: string; constraint?: string });
        return `${err.code} ${err.constraint}`;
      }
    };
    await db.execute(sql`INSERT INTO pessoa (nome, cpfcnpj, tipo_id) VALUES ('Direta', '555.444.333-22', 1)`);
    expect(await tenta(sql`INSERT INTO pessoa (nome, cpfcnpj, tipo_id) VALUES ('Outra', '55544433322', 1)`)).toBe('23505 pessoa_cpfcnpj_uq');
    await db.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) VALUES ('Pêra', 'CX')`);
    expect(await tenta(sql`INSERT INTO produto_grupo (nome, un_padrao) VALUES ('PERA', 'KG')`)).toBe('23505 produto_grupo_nome_uq');
    await db.execute(sql`INSERT INTO municipio (nome, sigla) VALUES ('Grajaú', 'MA')`);
    expect(await tenta(sql`INSERT INTO municipio (nome, sigla) VALUES ('grajau', 'MA')`)).toBe('23505 municipio_nome_sigla_uq');
    expect(await tenta(sql`INSERT INTO pedras (numero) VALUES ('7 ')`)).toBe('23505 pedras_numero_uq');
    await db.execute(sql`INSERT INTO produto (nome, embalagem, produto_grupo_id) VALUES ('Kiwi Importado', 'CX 10kg', ${grupoId})`);
    expect(await tenta(sql`INSERT INTO produto (nome, embalagem, produto_grupo_id) VALUES ('KIWI importado', 'cx 10KG', ${grupoId})`)).toBe(
      '23505 produto_nome_embalagem_uq',
    );
    expect(await tenta(sql`INSERT INTO produto (nome, embalagem, produto_grupo_id) VALUES ('Kiwi Importado', 'CX 5kg', ${grupoId})`)).toBe('gravou');
  });
});
