import { test } from '@playwright/test';
import { apiAdmin, entrar } from './support';
test('debug', async ({ page, request }) => {
  const g = await apiAdmin<{ id: number }>(request, 'POST', 'produtoGrupo', { nome: 'Tomate E2E 60114', unPadrao: 'Caixa 20kg' });
  const p = await apiAdmin<{ id: number }>(request, 'POST', 'produto', { nome: 'Tomate Italiano E2E 60114', embalagem: 'Caixa 20kg', pesoEmKg: 20, produtoGrupoId: g.id, status: 'ATIVO' });
  await apiAdmin(request, 'POST', 'precos', { produtoId: p.id, data: '2026-11-21', valor: 50 });
  await entrar(page);
  await page.goto('/precos');
  await page.waitForLoadState('networkidle');
  const info = await page.evaluate(() => {
    const w = document.querySelector('.p-datatable-wrapper')!;
    const ths = [...document.querySelectorAll('.p-datatable-thead tr:first-child th')].map((t) => `${t.textContent}:${Math.round(t.getBoundingClientRect().width)}`);
    const f = [...document.querySelectorAll('.p-datatable-thead tr:nth-child(2) th')].map((t) => `${Math.round(t.getBoundingClientRect().width)}/${Math.round((t.firstElementChild as HTMLElement | null)?.scrollWidth ?? 0)}`);
    return { wrapper: w.clientWidth, table: w.scrollWidth, ths, f };
  });
  console.log('DEBUG', JSON.stringify(info));
  await page.screenshot({ path: '/tmp/x-precos.png' });
});
