import { sql } from 'drizzle-orm';
import { openDatabase } from '/work/main/apps/api/src/db/client';
import { precosRepository } from '/work/main/apps/api/src/modules/precos/precos.repository';
const d = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', memoryDb: true } as any);
if (!process.env.DATABASE_URL) { const { gerarPrecos } = await import('../apps/api/src/db/seed/precos'); await gerarPrecos((d as any).db); await (d as any).db.execute(sql`VACUUM ANALYZE`); }
const db = (d as any).db;
const repo = precosRepository(db);
const N = 300;
const casos: Record<string, () => Promise<unknown>> = {
  bare: () => db.execute(sql`SELECT id, valor, data, produto_id FROM precos ORDER BY data DESC LIMIT 20`),
  resumo: () => repo.resumo({ page: 0, size: 20, sortField: 'precoData', sortDir: 'desc' }),
  listar: () => repo.listar({ page: 0, size: 20, sortField: 'data', sortDir: 'desc' }),
  listarGrupo: () => repo.listar({ page: 0, size: 20, sortField: 'data', sortDir: 'desc', filters: { produtoGrupoNome: 'tomate' } }),
  resumoGrupoId: () => repo.resumo({ page: 0, size: 20, sortField: 'precoData', sortDir: 'desc', filters: { produtoGrupoId: '3' } }),
  resumoValor: () => repo.resumo({ page: 0, size: 20, sortField: 'precoData', sortDir: 'desc', filters: { valorMinimo: '1' } }),
};
const t: Record<string, number[]> = {};
for (let i = 0; i < N; i++) for (const [k, f] of Object.entries(casos)) { const a = performance.now(); await f(); (t[k] ??= []).push(performance.now() - a); }
for (const [k, v] of Object.entries(t)) { v.splice(0, 50); v.sort((a, b) => a - b); console.log(k.padEnd(14), 'p50', v[Math.floor(v.length / 2)].toFixed(3), 'p95', v[Math.floor(v.length * 0.95)].toFixed(3)); }
await d.close();
