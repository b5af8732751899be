import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../src/db/client';
import { bancoDescartavel, migracoesAte } from './helpers';

/**
 * Migration 0011 makes CPF/CNPJ, group names, product name + packaging, municipality
 * name + state and stall numbers unique and bounds the areas. On a database that already breaks
 * these rules it must not half-apply nor fail with a bare index error: it stops, changes nothing,
 * and says in Portuguese which records to fix; once they are fixed it applies.
 */
/** Its tag without the number (the number may change when branches are merged). */
const MIGRACAO = '_i10s_unicos_ordem_auditoria';

interface Banco {
  executar(q: string): Promise<{ rows: Record<string, unknown>[] }>;
  /** Several statements, no result. */
  script(q: string): Promise<unknown>;
  migrar(pasta: string): Promise<void>;
  fechar(): Promise<void>;
}

async function abrir(): Promise<Banco> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const bd = await bancoDescartavel(url, 'ceasa_t_mig');
    const pool = new pg.Pool({ connectionString: bd.url, max: 2 });
    return {
      executar: (q) => pool.query(q),
      script: (q) => pool.query(q),
      migrar: (pasta) => migratePg(drizzlePg(pool), { migrationsFolder: pasta }),
      async fechar() {
        await pool.end();
        await bd.apagar();
      },
    };
  }
  const client = await PGlite.create({ extensions: { unaccent, pg_trgm } });
  return {
    executar: (q) => client.query(q) as Promise<{ rows: Record<string, unknown>[] }>,
    script: (q) => client.exec(q),
    migrar: (pasta) => migratePglite(drizzlePglite(client), { migrationsFolder: pasta }),
    fechar: () => client.close(),
  };
}

/** The migrations folder as it was before 0011 (the journal stops at 0010). */
function pastaAte0010(): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const i = journal.entries.findIndex((e) => e.tag.endsWith(MIGRACAO));
  expect(i).toBeGreaterThan(10);
  return migracoesAte(i);
}

let banco: Banco;
let antiga: string;
beforeAll(async () => {
  banco = await abrir();
  antiga = pastaAte0010();
  await banco.migrar(antiga);
}, 60_000);
afterAll(async () => {
  await banco?.fechar();
  if (antiga) rmSync(antiga, { recursive: true, force: true });
});

const n = async (q: string) => Number((await banco.executar(q)).rows[0].n);

describe('migration 0011 on a database that breaks the new rules', () => {
  it('stops with a pt-BR list of what to fix, changes nothing, and applies once they are fixed', async () => {
    await banco.script(`
      INSERT INTO pessoa_tipo (id, descricao) VALUES (1, 'Produtor');
      INSERT INTO pessoa (id, nome, cpfcnpj, tipo_id) VALUES (1, 'José', '123.456.789-09', 1), (2, 'Zé', '12345678909', 1), (3, 'Ana', '98765432100', 1);
      INSERT INTO produto_grupo (id, nome, un_padrao) VALUES (1, 'Açúcar', 'SC'), (2, 'ACUCAR', 'SC'), (3, 'Tomate', 'CX');
      INSERT INTO produto (id, nome, embalagem, produto_grupo_id) VALUES (1, 'Tomate Extra', 'CX 20kg', 3), (2, 'tomate extra', 'cx 20KG', 3), (3, 'Tomate Extra', 'CX 10kg', 3);
      INSERT INTO municipio (id, nome, sigla) VALUES (1, 'Imperatriz', 'MA'), (2, 'IMPERATRIZ', 'MA'), (3, 'Imperatriz', 'TO');
      INSERT INTO pedras (id, numero) VALUES (1, '10'), (2, ' 10'), (3, '11');
      INSERT INTO propriedade (id, nome, municipio_id, area_total, area_explorada, area_cultivada, tipo_posse, proprietario_id)
        VALUES (1, 'Sítio Grande', 1, 10, 12, 5, 'PRÓPRIO', 3), (2, 'Sítio Certo', 1, 10, 10, 10, 'PRÓPRIO', 3);`);
    const aplicadas = await n(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);

    let erro: unknown;
    await banco.migrar(migrationsFolder).catch((e: unknown) => (erro = e));
    expect(erro).toBeDefined();
    // The database's own message (drivers wrap it in `cause`), as the server prints it at start.
    let mensagem = '';
    for (let e = erro as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) mensagem = e.message ?? mensagem;
    expect(mensagem).toMatch(/^O banco de dados não foi atualizado: estes cadastros ferem as novas regras/);
    expect(mensagem).toContain('Corrija-os com a versão anterior do sistema e inicie o servidor de novo:');
    expect(mensagem).toContain('  - Pessoas com o mesmo CPF/CNPJ (12345678909): códigos 1, 2');
    expect(mensagem).toMatch(/ {2}- Grupos de produto com o mesmo nome \((Açúcar \/ ACUCAR|ACUCAR \/ Açúcar)\): códigos 1, 2/);
    expect(mensagem).toMatch(/ {2}- Produtos com o mesmo nome e embalagem \(.*\): códigos 1, 2\n/);
    expect(mensagem).toMatch(/ {2}- Municípios com o mesmo nome e estado \(.*\): códigos 1, 2\n/);
    expect(mensagem).toMatch(/ {2}- Pedras com o mesmo número \(.*\): códigos 1, 2\n/);
    expect(mensagem).toContain('  - Propriedade 1 (Sítio Grande): área explorada ou cultivada maior que a área total');
    expect(mensagem).not.toMatch(/códigos 3|Propriedade 2/);
    // Nothing applied: no new index, no trigger, the migration not recorded.
    expect(await n(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).toBe(aplicadas);
    expect(await n(`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'pessoa_cpfcnpj_uq'`)).toBe(0);
    expect(await n(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = 'logs_somente_acrescimo'`)).toBe(0);

    // Fixed (as the operator would, with the previous version): the migration applies.
    await banco.script(`
      UPDATE pessoa SET cpfcnpj = '11122233396' WHERE id = 2;
      UPDATE produto_grupo SET nome = 'Açúcar Mascavo' WHERE id = 2;
      UPDATE produto SET embalagem = 'CX 5kg' WHERE id = 2;
      UPDATE municipio SET sigla = 'PI' WHERE id = 2;
      UPDATE pedras SET numero = '12' WHERE id = 2;
      UPDATE propriedade SET area_explorada = 9 WHERE id = 1;`);
    await banco.migrar(migrationsFolder);
    expect(await n(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).toBeGreaterThan(aplicadas);
    expect(await n(`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'pessoa_cpfcnpj_uq'`)).toBe(1);
  }, 60_000);
});
