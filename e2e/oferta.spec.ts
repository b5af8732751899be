import path from 'node:path';
import { expect, test } from './support';
import { ARTEFATOS, diasAtrasIso, entrar, maisDias, semViolacoesGraves, sufixoUnico } from './support';
import { boletimColhendo } from './fabricas';

/** The Monday of this week (the outlook's first week on /admin). */
function segunda(): string {
  const hoje = diasAtrasIso(0);
  const [y, m, d] = hoje.split('-').map(Number);
  const dia = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return maisDias(hoje, -((dia + 6) % 7));
}

test('/admin: previsão de oferta abaixo do mapa de pedras, gráfico das próximas 8 semanas e tabela', async ({ page, request }) => {
  const s = sufixoUnico();
  // A 14-day window from this Monday estimating 7,000,000 kg: 3,500,000 kg in each of the first two weeks (the largest volume on the chart).
  const inicio = segunda();
  const {
    produtos: [produto],
  } = await boletimColhendo(request, {
    dia: inicio,
    antes: 0,
    depois: 13,
    visita: maisDias(inicio, -7),
    produtor: { nome: `Produtor Oferta ${s}` },
    tecnico: { nome: `Técnico Oferta ${s}` },
    municipio: { nome: `Oferta ${s}` },
    propriedade: { nome: `Sítio Oferta ${s}` },
    grupo: { nome: `Abóboras Oferta ${s}`, unPadrao: 'CX 14kg' },
    produtos: [{ nome: `Abóbora Oferta ${s}`, embalagem: 'CX 14kg', pesoEmKg: 14 }],
    item: { producaoEstimada: 7000000, producaoEmbalada: 100 },
  });

  await entrar(page);
  await page.goto('/admin');
  const secao = page.getByRole('region', { name: 'Previsão de oferta', exact: true });
  await expect(secao).toBeVisible();
  // Below the stall map.
  const mapa = await page.getByRole('group', { name: 'Mapa de pedras' }).boundingBox();
  const caixa = await secao.boundingBox();
  expect(caixa!.y).toBeGreaterThan(mapa!.y + mapa!.height);

  const grafico = secao.getByRole('img', { name: 'Previsão de oferta (kg) das próximas 8 semanas' });
  await expect(grafico).toBeVisible();
  await expect(secao.locator('.oferta-legenda')).toContainText(produto.nome);
  // 8 week labels on the axis, and the bars of the product with most volume first in the legend.
  await expect(secao.locator('.oferta-legenda span').first()).toContainText(produto.nome);
  await expect(secao.locator('.oferta-tabela thead th')).toHaveCount(9);
  const linha = secao.locator('.oferta-tabela tbody tr').filter({ hasText: produto.nome });
  await expect(linha.locator('td')).toHaveCount(8);
  await expect(linha.locator('td').nth(0)).toContainText('3.500.000,00 kg');
  await expect(linha.locator('td').nth(1)).toContainText('3.500.000,00 kg');
  await expect(linha.locator('td').nth(2)).toContainText('0,00 kg');
  await secao.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTEFATOS, 'admin-oferta.png'), fullPage: true });
  await secao.screenshot({ path: path.join(ARTEFATOS, 'admin-oferta-secao.png') });
  await semViolacoesGraves(page);
});
