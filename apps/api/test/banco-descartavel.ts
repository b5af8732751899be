import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty database on the PostgreSQL server `servidor` (a connection string) names, called `prefixo` with the
 * process id and a random part: its connection string, and its removal (its connections ended by force).
 */
export async function bancoDescartavel(
  servidor: string,
  prefixo = 'ceasa_t',
  /** A database to copy (CREATE DATABASE … TEMPLATE) instead of an empty one. */
  modelo?: string,
): Promise<{ url: string; apagar: () => Promise<void> }> {
  const nome = `${prefixo}_${process.pid}_${randomUUID().slice(0, 8)}`;
  const executar = async (q: string) => {
    const c = new pg.Client({ connectionString: servidor });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await executar(`CREATE DATABASE ${nome}${modelo ? ` TEMPLATE ${modelo}` : ''}`);
  const u = new URL(servidor);
  u.pathname = `/${nome}`;
  return { url: u.toString(), apagar: () => executar(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`) };
}
