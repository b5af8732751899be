import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { logs } from '../src/db/schema';
import { checarReferencias, repositorioPadrao, type Colecao, type LinhaFilha } from '../src/lib/crud';
import { HttpError } from '../src/lib/errors';
import { appDeTeste } from './helpers';

const t = appDeTeste({ tokens: [] });

/**
 * The shared master-detail save (lib/crud.ts), on tables made for this test: a parent with two
 * collections (items, each with its own rows; and bookings, unique per number across parents, like
 * a stall per date), and an outside table that points at items (like romaneio items at bulletin items).
 */
const pai = pgTable('md_pai', { id: serial('id').primaryKey(), nome: varchar('nome', { length: 50 }).notNull() });
const item = pgTable('md_item', {
  id: serial('id').primaryKey(),
  paiId: integer('pai_id').notNull(),
  produto: text('produto').notNull(),
  quantidade: numeric('quantidade', { precision: 12, scale: 2 }).notNull(),
});
const linha = pgTable('md_linha', { id: serial('id').primaryKey(), itemId: integer('item_id').notNull(), texto: varchar('texto', { length: 20 }).notNull() });
const reserva = pgTable('md_reserva', { id: serial('id').primaryKey(), paiId: integer('pai_id').notNull(), numero: integer('numero').notNull() });
const uso = pgTable('md_uso', { id: serial('id').primaryKey(), itemId: integer('item_id').notNull() });

const linhas: Colecao = { campo: 'linhas', table: linha, cadastro: 'MdLinha', pai: linha.itemId, item: 'Linha' };
const itens: Colecao = { campo: 'itens', table: item, cadastro: 'MdItem', pai: item.paiId, item: 'Item', colecoes: [linhas] };
const reservas: Colecao = { campo: 'reservas', table: reserva, cadastro: 'MdReserva', pai: reserva.paiId, item: 'Reserva' };

const crud = () =>
  repositorioPadrao(t.app.ctx.db, { table: pai, cadastro: 'MdPai', naoEncontrado: 'Registro de teste não encontrado', colecoes: [itens, reservas] }).crud;

type Entrada = { nome: string; itens?: (LinhaFilha & { linhas?: LinhaFilha[] })[]; reservas?: LinhaFilha[] };

/** The saved record with its children, as a reader would see it. */
async function ler(id: number) {
  const db = t.app.ctx.db;
  const [p] = await db.select().from(pai).where(eq(pai.id, id));
  if (!p) return null;
  const is = await db.select().from(item).where(eq(item.paiId, id)).orderBy(asc(item.id));
  const rs = await db.select().from(reserva).where(eq(reserva.paiId, id)).orderBy(asc(reserva.id));
  const ls = await db.select().from(linha).orderBy(asc(linha.id));
  return { ...p, itens: is.map((i) => ({ ...i, linhas: ls.filter((l) => l.itemId === i.id) })), reservas: rs };
}

const salvar = (id: number | null, e: Entrada) => crud().salvar('teste@teste.local', { id, preparar: () => e });

/** Everything the tables and the audit log hold, to show that a refusal stored nothing. */
async function estado() {
  const db = t.app.ctx.db;
  const n = async (t: string) => Number((await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${t}`))).rows[0].n);
  const soma = await db.execute(sql`SELECT coalesce(string_agg(id || ':' || produto || ':' || quantidade, ',' ORDER BY id), '') AS s FROM md_item`);
  return {
    pai: await n('md_pai'),
    item: await n('md_item'),
    linha: await n('md_linha'),
    reserva: await n('md_reserva'),
    logs: await n('logs'),
    itens: soma.rows[0].s,
  };
}

async function recusa(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('esperava uma recusa');
}

const logsDe = (cadastro: string) => t.app.ctx.db.select().from(logs).where(eq(logs.cadastro, cadastro)).orderBy(asc(logs.id));

beforeAll(async () => {
  for (const ddl of [
    'CREATE TABLE md_pai (id serial PRIMARY KEY, nome varchar(50) NOT NULL)',
    `CREATE TABLE md_item (id serial PRIMARY KEY, pai_id integer NOT NULL REFERENCES md_pai (id) ON DELETE CASCADE, produto text NOT NULL,
      quantidade numeric(12,2) NOT NULL CHECK (quantidade > 0), UNIQUE (pai_id, produto))`,
    'CREATE TABLE md_linha (id serial PRIMARY KEY, item_id integer NOT NULL REFERENCES md_item (id) ON DELETE CASCADE, texto varchar(20) NOT NULL)',
    'CREATE TABLE md_reserva (id serial PRIMARY KEY, pai_id integer NOT NULL REFERENCES md_pai (id) ON DELETE CASCADE, numero integer NOT NULL UNIQUE)',
    'CREATE TABLE md_uso (id serial PRIMARY KEY, item_id integer NOT NULL REFERENCES md_item (id))',
  ])
    await t.app.ctx.db.execute(sql.raw(ddl));
});

describe('master-detail save', () => {
  it('creates a parent with two collections and nested rows in one transaction, one audit row per record', async () => {
    const antes = await estado();
    const p = await salvar(null, {
      nome: 'Boletim A',
      itens: [
        { produto: 'Açúcar', quantidade: '10.50', linhas: [{ texto: 'adubo' }, { texto: 'calcário' }] },
        { produto: 'Tomate', quantidade: 3 },
      ],
      reservas: [{ numero: 1 }, { numero: 2 }],
    });
    const r = await ler(p.id);
    expect(r!.itens.map((i) => [i.produto, i.quantidade, i.linhas.map((l) => l.texto)])).toEqual([
      ['Açúcar', '10.50', ['adubo', 'calcário']],
      ['Tomate', '3.00', []],
    ]);
    expect(r!.reservas.map((x) => x.numero)).toEqual([1, 2]);
    const depois = await estado();
    // 1 parent + 2 items + 2 rows + 2 bookings = 7 records, 7 audit rows.
    expect(depois.logs - antes.logs).toBe(7);
    expect((await logsDe('MdPai')).map((l) => l.acao)).toEqual(['INSERT']);
    expect((await logsDe('MdItem')).map((l) => l.acao)).toEqual(['INSERT', 'INSERT']);
    expect((await logsDe('MdLinha')).map((l) => l.conteudo)).toEqual([expect.stringContaining('texto=adubo'), expect.stringContaining('texto=calcário')]);
  });

  it('keeps the ids it keeps, updates only what changed, deletes what is missing (children first), inserts the new', async () => {
    const p = await salvar(null, {
      nome: 'Boletim B',
      itens: [
        { produto: 'Alface', quantidade: 1, linhas: [{ texto: 'x' }] },
        { produto: 'Batata', quantidade: 2, linhas: [{ texto: 'y' }, { texto: 'z' }] },
        { produto: 'Cebola', quantidade: 3 },
      ],
      reservas: [{ numero: 10 }],
    });
    const r = (await ler(p.id))!;
    const [alface, batata, cebola] = r.itens;
    const logsAntes = (await estado()).logs;

    await salvar(p.id, {
      nome: 'Boletim B',
      itens: [
        // unchanged (the quantity as a number equals the stored '1.00'): no audit row
        { id: alface.id, produto: 'Alface', quantidade: 1, linhas: [{ id: alface.linhas[0].id, texto: 'x' }] },
        // changed quantity; one nested row removed, one changed
        { id: cebola.id, produto: 'Cebola', quantidade: 4.5, linhas: [{ texto: 'novo' }] },
        { produto: 'Cenoura', quantidade: 7 },
      ],
      // bookings left out: left alone
    });
    const d = (await ler(p.id))!;
    expect(d.itens.map((i) => [i.id, i.produto, i.quantidade])).toEqual([
      [alface.id, 'Alface', '1.00'],
      [cebola.id, 'Cebola', '4.50'],
      [expect.any(Number), 'Cenoura', '7.00'],
    ]);
    expect(d.itens[0].linhas.map((l) => l.id)).toEqual([alface.linhas[0].id]);
    expect(d.itens[1].linhas.map((l) => l.texto)).toEqual(['novo']);
    expect(d.reservas.map((x) => x.numero)).toEqual([10]);
    // Batata and its two rows are gone.
    expect(await t.app.ctx.db.select().from(item).where(eq(item.id, batata.id))).toEqual([]);
    expect(await t.app.ctx.db.select().from(linha).where(eq(linha.itemId, batata.id))).toEqual([]);

    const novos = (await t.app.ctx.db.select().from(logs).orderBy(asc(logs.id))).slice(logsAntes);
    expect(novos.map((l) => `${l.cadastro} ${l.acao} ${l.cadastroId}`).sort()).toEqual(
      [
        `MdPai UPDATE ${p.id}`,
        `MdLinha DELETE ${batata.linhas[0].id}`,
        `MdLinha DELETE ${batata.linhas[1].id}`,
        `MdItem DELETE ${batata.id}`,
        `MdItem UPDATE ${cebola.id}`,
        `MdLinha INSERT ${d.itens[1].linhas[0].id}`,
        `MdItem INSERT ${d.itens[2].id}`,
      ].sort(),
    );
    const upd = novos.find((l) => l.cadastro === 'MdItem' && l.acao === 'UPDATE')!;
    expect(upd.conteudo).toContain('quantidade=4.50');
    expect(upd.conteudoAnterior).toContain('quantidade=3.00');
    // The nested rows are saved children first: the deleted item's rows are logged before the item.
    const ordem = novos.map((l) => `${l.cadastro} ${l.acao}`);
    expect(ordem.indexOf('MdLinha DELETE')).toBeLessThan(ordem.indexOf('MdItem DELETE'));

    // An empty list deletes every row of that collection.
    await salvar(p.id, { nome: 'Boletim B', reservas: [] });
    expect((await ler(p.id))!.reservas).toEqual([]);
  });

  it("refuses an id of another parent's row, a repeated id and a row removed meanwhile, storing nothing", async () => {
    const a = await salvar(null, { nome: 'A', itens: [{ produto: 'Milho', quantidade: 1 }] });
    const b = await salvar(null, { nome: 'B', itens: [{ produto: 'Feijão', quantidade: 1 }] });
    const itemDeB = (await ler(b.id))!.itens[0].id;
    const itemDeA = (await ler(a.id))!.itens[0].id;
    const antes = await estado();

    const alheio = await recusa(
      salvar(a.id, {
        nome: 'A mudado',
        itens: [
          { id: itemDeA, produto: 'Milho', quantidade: 2 },
          { id: itemDeB, produto: 'Feijão', quantidade: 5 },
        ],
      }),
    );
    expect(alheio.status).toBe(400);
    expect(alheio.fieldErrors).toEqual([{ field: 'itens[1].id', message: 'Item 2 não pertence a este registro.' }]);

    const repetido = await recusa(
      salvar(a.id, {
        nome: 'A',
        itens: [
          { id: itemDeA, produto: 'Milho', quantidade: 2 },
          { id: itemDeA, produto: 'Milho', quantidade: 3 },
        ],
      }),
    );
    expect(repetido.status).toBe(400);
    expect(repetido.fieldErrors?.[0].field).toBe('itens[1].id');

    const sumido = await recusa(salvar(a.id, { nome: 'A', itens: [{ id: 999999, produto: 'Milho', quantidade: 2 }] }));
    expect(sumido.status).toBe(409);
    expect(sumido.message).toMatch(/não existe mais/);

    expect(await estado()).toEqual(antes);
    expect((await ler(a.id))!.nome).toBe('A');
  });

  it('names the row and field of a database refusal raised by a child, at any depth, and stores nothing', async () => {
    const p = await salvar(null, { nome: 'C', itens: [{ produto: 'Uva', quantidade: 1 }], reservas: [{ numero: 50 }] });
    const outro = await salvar(null, { nome: 'D', reservas: [{ numero: 51 }] });
    const antes = await estado();

    // Two items with the same product in one parent: the unique key, on the second row.
    const dup = await recusa(
      salvar(p.id, {
        nome: 'C2',
        itens: [
          { produto: 'Pera', quantidade: 1 },
          { produto: 'Maçã', quantidade: 1 },
          { produto: 'Pera', quantidade: 2 },
        ],
      }),
    );
    expect(dup.status).toBe(409);
    expect(dup.message).toBe('Item 3: já existe um registro com estes dados.');
    expect(dup.fieldErrors).toEqual([{ field: 'itens[2].produto', message: dup.message }]);

    // A booking another parent holds (a stall taken on that date).
    const ocupada = await recusa(salvar(p.id, { nome: 'C3', reservas: [{ numero: 51 }] }));
    expect(ocupada.status).toBe(409);
    expect(ocupada.fieldErrors?.[0].field).toBe('reservas[0].numero');

    // A check constraint on a child, and a value too long two levels down.
    const zero = await recusa(salvar(p.id, { nome: 'C4', itens: [{ produto: 'Kiwi', quantidade: 0 }] }));
    expect(zero.status).toBe(400);
    expect(zero.fieldErrors?.[0].field).toMatch(/^itens\[0\]/);
    const longo = await recusa(salvar(p.id, { nome: 'C5', itens: [{ produto: 'Kiwi', quantidade: 1, linhas: [{ texto: 'ok' }, { texto: 'x'.repeat(21) }] }] }));
    expect(longo.status).toBe(400);
    expect(longo.message).toBe('Linha 2: um dos valores é inválido ou maior que o permitido.');
    expect(longo.fieldErrors?.[0].field).toMatch(/^itens\[0\]\.linhas\[1\]/);

    expect(await estado()).toEqual(antes);
    expect((await ler(p.id))!.nome).toBe('C');
    expect((await ler(outro.id))!.reservas.map((r) => r.numero)).toEqual([51]);
  });

  it('refuses to remove a row that other records point at (409 naming it) and a missing parent (404), storing nothing', async () => {
    const p = await salvar(null, {
      nome: 'E',
      itens: [
        { produto: 'Abóbora', quantidade: 1 },
        { produto: 'Chuchu', quantidade: 1 },
      ],
    });
    const [abobora, chuchu] = (await ler(p.id))!.itens;
    await t.app.ctx.db.insert(uso).values({ itemId: chuchu.id });
    const antes = await estado();
    const emUso = await recusa(salvar(p.id, { nome: 'E', itens: [{ id: abobora.id, produto: 'Abóbora', quantidade: 1 }] }));
    expect(emUso.status).toBe(409);
    expect(emUso.message).toBe(`Item (código ${chuchu.id}) está vinculado(a) a outros cadastros e não pode ser removido(a).`);
    const semPai = await recusa(salvar(999999, { nome: 'X', itens: [] }));
    expect(semPai.status).toBe(404);
    expect(semPai.message).toBe('Registro de teste não encontrado');
    expect(await estado()).toEqual(antes);
  });

  it('runs inside a caller-held transaction: a batch of parents is all or none', async () => {
    const antes = await estado();
    const e = await recusa(
      t.app.ctx.db.transaction(async (t) => {
        await crud().salvarNa(t, 'teste@teste.local', { preparar: () => ({ nome: 'Lote 1', reservas: [{ numero: 70 }] }) });
        await crud().salvarNa(t, 'teste@teste.local', { preparar: () => ({ nome: 'Lote 2', reservas: [{ numero: 70 }] }) });
      }),
    );
    expect(e.status).toBe(409);
    expect(await estado()).toEqual(antes);
  });

  it('deletes a parent with its children, one audit row each', async () => {
    const p = await salvar(null, { nome: 'F', itens: [{ produto: 'Jiló', quantidade: 1, linhas: [{ texto: 'a' }] }], reservas: [{ numero: 90 }] });
    const antes = await estado();
    await crud().remover('teste@teste.local', p.id);
    const depois = await estado();
    expect(depois.logs - antes.logs).toBe(4);
    expect([depois.pai, depois.item, depois.linha, depois.reserva]).toEqual([antes.pai - 1, antes.item - 1, antes.linha - 1, antes.reserva - 1]);
  });

  it('serialises two saves of the same parent: the second diffs what the first left', async () => {
    const p = await salvar(null, { nome: 'G', itens: [{ produto: 'Rabanete', quantidade: 1 }] });
    const [rabanete] = (await ler(p.id))!.itens;
    const [um, dois] = await Promise.allSettled([
      salvar(p.id, {
        nome: 'G',
        itens: [
          { id: rabanete.id, produto: 'Rabanete', quantidade: 2 },
          { produto: 'Nabo', quantidade: 1 },
        ],
      }),
      salvar(p.id, {
        nome: 'G',
        itens: [
          { id: rabanete.id, produto: 'Rabanete', quantidade: 3 },
          { produto: 'Nabo', quantidade: 1 },
        ],
      }),
    ]);
    // Both see the same kept id; the second's new 'Nabo' meets the first's: exactly one wins it.
    const ok = [um, dois].filter((r) => r.status === 'fulfilled');
    const d = (await ler(p.id))!;
    expect(d.itens.filter((i) => i.produto === 'Nabo')).toHaveLength(1);
    expect(d.itens.find((i) => i.produto === 'Rabanete')!.id).toBe(rabanete.id);
    expect(ok.length).toBeGreaterThanOrEqual(1);
  });

  it('checks every reference of every row in one pass, each missing one on its row', async () => {
    const e = await recusa(
      checarReferencias(t.app.ctx.db, [
        { coluna: pai.id, valor: 999998, campo: 'itens[0].paiId', mensagem: 'O pai deve estar na lista' },
        { coluna: pai.id, valor: (await salvar(null, { nome: 'H' })).id, campo: 'itens[1].paiId', mensagem: 'O pai deve estar na lista' },
        { coluna: pai.id, valor: 999999, campo: 'itens[2].paiId', mensagem: 'O pai deve estar na lista' },
      ]),
    );
    expect(e.status).toBe(400);
    expect(e.fieldErrors?.map((f) => f.field)).toEqual(['itens[0].paiId', 'itens[2].paiId']);
  });
});
