import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { preco, produtor, produtosNumGrupo } from './fabricas';
import { diasAtrasIso, entrar, expect, servidorLento, sufixoUnico, test } from './support';

/**
 * Phones (375 px) and tablets (768 px): the price grid, the public quotation, the gate form and every list of
 * the side menu fit the screen's width, so the page itself never scrolls sideways (a wide table scrolls inside
 * its own box); every button, field and link of a control bar is at least 24 px by 24 px (WCAG 2.2's target
 * size); on the grid the value column is on screen without scrolling; on /home the per-product quotation is one
 * jump away. Each screen is photographed at each width into .tmp/telas-pequenas, to be looked at.
 */
const LARGURAS = [375, 768] as const;
const FOTOS = path.resolve(import.meta.dirname, '..', '.tmp', 'telas-pequenas');

/**
 * How far the page scrolls sideways (0 when it fits), with the elements that stick out past the screen's right
 * edge (not inside a box that scrolls on its own), for the failure message.
 */
const excessoLateral = (page: Page) =>
  page.evaluate(() => {
    const d = document.documentElement;
    const excesso = Math.max(d.scrollWidth, document.body.scrollWidth) - d.clientWidth;
    const rolaSozinho = (e: Element | null): boolean => {
      for (let p = e?.parentElement; p && p !== document.body; p = p.parentElement)
        if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(p).overflowX)) return true;
      return false;
    };
    const fora =
      excesso <= 0
        ? []
        : Array.from(document.body.querySelectorAll('*')).filter((e) => e.getBoundingClientRect().right > d.clientWidth + 0.5 && !rolaSozinho(e));
    return {
      excesso,
      fora: fora
        .slice(-5)
        .map((e) => `${e.tagName.toLowerCase()}.${Array.from(e.classList).slice(0, 3).join('.')} →${Math.round(e.getBoundingClientRect().right)}`),
    };
  });

/**
 * The controls smaller than 24×24 px that are visible in the page (inline links in running text are exempt, as
 * WCAG's target size exempts them), named for the failure message.
 */
const alvosPequenos = (page: Page) =>
  page.evaluate(() => {
    const seletor =
      'button, [role="button"], a[href], input:not([type="hidden"]), select, textarea, [role="checkbox"], [role="switch"], [role="tab"], [role="combobox"]';
    const achados: string[] = [];
    for (const e of Array.from(document.querySelectorAll<HTMLElement>(seletor))) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const estilo = getComputedStyle(e);
      if (estilo.visibility === 'hidden' || estilo.display === 'none' || Number(estilo.opacity) === 0) continue;
      // A PrimeReact input that is visually hidden behind its drawn box (checkbox, radio, dropdown's focus input).
      if (e.closest('.p-hidden-accessible')) continue;
      // A link inside a sentence: the text's own line height sets its size.
      if (
        e.tagName === 'A' &&
        e.parentElement &&
        /^(P|LI|SPAN|SMALL|DD|TD)$/.test(e.parentElement.tagName) &&
        (e.parentElement.textContent ?? '').trim() !== (e.textContent ?? '').trim()
      )
        continue;
      if (r.width < 24 || r.height < 24) {
        const nome = e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 30) ?? '';
        achados.push(`${e.tagName.toLowerCase()}.${Array.from(e.classList).slice(0, 2).join('.')} "${nome}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return achados;
  });

async function conferir(page: Page, nome: string, largura: number) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  mkdirSync(FOTOS, { recursive: true });
  await page.screenshot({ path: path.join(FOTOS, `${nome.replace(/\W+/g, '_')}-${largura}.png`), fullPage: true });
  const { excesso, fora } = await excessoLateral(page);
  expect.soft(excesso, `${nome} a ${largura} px rola para o lado: ${fora.join(', ')}`).toBeLessThanOrEqual(0);
  expect.soft(await alvosPequenos(page), `${nome} a ${largura} px: alvos menores que 24 px`).toEqual([]);
}

test.beforeAll(async ({ request }) => {
  // Long names and prices of yesterday and today, so the grid, /home and the lists show their widest rows.
  const { produtos } = await produtosNumGrupo(
    request,
    [
      { nome: `Tomate Longa Vida Extra AA Orgânico ${sufixoUnico()}`, embalagem: 'CX 20kg' },
      { nome: `Pimentão Amarelo Graúdo Selecionado ${sufixoUnico()}`, embalagem: 'CX 10kg', pesoEmKg: 10 },
    ],
    { nome: `Hortaliças Frutos de Época ${sufixoUnico()}` },
  );
  for (const p of produtos) {
    await preco(request, { produtoId: p.id, data: diasAtrasIso(1), valor: 1234.56, confirmar: true });
    await preco(request, { produtoId: p.id, data: diasAtrasIso(0), valor: 1299.9, confirmar: true });
  }
  await produtor(request, { nome: `Maria Aparecida dos Santos Oliveira Ferreira ${sufixoUnico()}` });
});

for (const largura of LARGURAS) {
  test(`a ${largura} px a grade do dia, a portaria e cada lista cabem na largura`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: largura, height: largura === 375 ? 812 : 1024 });
    await servidorLento(page);
    await entrar(page);

    await page.goto('/precosdia');
    // The first product's value field is on screen whole, without scrolling the table.
    const valor = page.getByRole('textbox', { name: /^Valor de / }).first();
    await expect(valor).toBeVisible();
    const caixa = (await valor.boundingBox())!;
    expect.soft(caixa.x, 'o campo Valor começa dentro da tela').toBeGreaterThanOrEqual(0);
    expect.soft(caixa.x + caixa.width, 'o campo Valor termina dentro da tela').toBeLessThanOrEqual(largura);
    await conferir(page, 'precosdia', largura);

    await page.goto('/romaneiocreate');
    await expect(page.getByRole('button', { name: 'Salvar' })).toBeVisible();
    await conferir(page, 'romaneiocreate', largura);

    await page.goto('/admin');
    await expect(page.locator('#conteudo h1').first()).toBeVisible();
    // The side menu's entries (folded behind 'Abrir menu' on these widths).
    const menu = page.locator('nav[aria-label="Menu principal"] a');
    const caminhos = await menu.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(caminhos.length).toBeGreaterThan(15);
    for (const caminho of ['/admin', ...caminhos]) {
      await page.goto(caminho);
      await expect(page.locator('#conteudo h1').first()).toBeVisible();
      await conferir(page, caminho, largura);
    }
  });

  test(`a ${largura} px a cotação pública cabe na largura e a cotação por produto está a um toque`, async ({ page }) => {
    await page.setViewportSize({ width: largura, height: largura === 375 ? 812 : 1024 });
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Cotação de Preços', level: 1 })).toBeVisible();
    await expect(page.locator('.precos-publicos-tabela .p-datatable-tbody > tr').first()).toBeVisible();
    await conferir(page, 'home', largura);
    // The quotation per product is below every group's row: a link on the first screen leads to it.
    const atalho = page.getByRole('navigation', { name: 'Nesta página' }).getByRole('link', { name: 'Cotação por produto' });
    await expect(atalho).toBeInViewport();
    await atalho.click();
    await expect(page).toHaveURL(/#cotacao-produtos$/);
    await expect(page.getByRole('heading', { name: 'Cotação por produto', level: 2 })).toBeInViewport();
    await expect(page.locator('.cotacao-produtos-tabela tbody tr').first()).toBeInViewport();
  });
}
