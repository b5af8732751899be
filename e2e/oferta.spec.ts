import path from 'node:path';
import { expect, test } from './support';
import { apiAdmin, ARTEFATOS, diasAtrasIso, entrar, maisDias, semViolacoesGraves, sufixoUnico } from './support';

/** The Monday of this week (the outlook's first week on /admin). */
function segunda(): string {
  const hoje = diasAtrasIso(0);
  const [y, m, d] = hoje.split('-').map(Number);
  const dia = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return maisDias(hoje, -((dia + 6) % 7));
}

test('/admin: previsão de oferta abaixo do mapa de pedras, gráfico das próximas 8 semanas e tabela', async ({ page, request }) => {
  const s = sufixoUnico();
  const post = <T = { id: number }>(url: string, body: unknown) => apiAdmin<T>(request, 'POST', url, body);
  const produtor = await post('pessoa', { nome: `Produtor Oferta ${s}`, cpfcnpj: `511222${s}`, tipoId: 1 });
  const tecnico = await post('pessoa', { nome: `Técnico Oferta ${s}`, cpfcnpj: `522333${s}`, tipoId: 2 });
  const mun = await post('municipio', { nome: `Oferta ${s}`, sigla: 'MA' });
  const grupo = await post('produtoGrupo', { nome: `Abóboras Oferta ${s}`, unPadrao: 'CX 14kg' });
  const produto = await post<{ id: number; nome: string }>('produto', {
    nome: `Abóbora Oferta ${s}`,
    embalagem: 'CX 14kg',
    pesoEmKg: 14,
    produtoGrupoId: grupo.id,
    status: 'ATIVO',
  });
  const prop = await post('propriedade', {
    nome: `Sítio Oferta ${s}`,
    municipioId: mun.id,
    areaTotal: 10,
    areaExplorada: 8,
    areaCultivada: 5,
    tipoPosse: 'PRÓPRIO',
    proprietarioId: produtor.id,
  });
  // A 14-day window from this Monday estimating 7,000,000 kg: 3,500,000 kg in each of the first two weeks (the largest volume on the chart).
  const inicio = segunda();
  await post('boletim', {
    dataVisita: maisDias(inicio, -7),
    dataEmissao: maisDias(inicio, -7),
    produtorId: produtor.id,
    propriedadeId: prop.id,
    tecnicoId: tecnico.id,
    itens: [
      { produtoId: produto.id, areaProducao: 1, producaoEstimada: 7000000, producaoEmbalada: 100, inicioColheita: inicio, fimColheita: maisDias(inicio, 13) },
    ],
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
