import { expect, test } from './support';
import { diasAtrasIso, sufixoUnico } from './support';
import { preco, produtosNumGrupo } from './fabricas';

test('/home: links dos dados abertos (cotação de hoje e entradas do mês passado em CSV, documentação), públicos, sem entrar', async ({ page, request }) => {
  // Today's price of a group of its own, so today's file has a row to show.
  const s = sufixoUnico();
  const {
    produtos: [produto],
  } = await produtosNumGrupo(request, [{ nome: `Produto Dados Abertos ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 }], {
    nome: `Dados Abertos ${s}`,
    unPadrao: 'CX 10kg',
  });
  await preco(request, { produtoId: produto.id, data: diasAtrasIso(0), valor: 42.5 });

  await page.goto('/home');
  const cotacao = page.getByRole('link', { name: 'cotação de hoje (CSV)' });
  await expect(cotacao).toHaveAttribute('href', `/api/publico/cotacao?data=${diasAtrasIso(0)}&formato=csv`);
  await expect(page.getByRole('link', { name: 'entradas do mês passado (CSV)' })).toHaveAttribute(
    'href',
    /^\/api\/publico\/movimento\?mes=\d{4}-\d{2}&formato=csv$/,
  );
  await expect(page.getByRole('link', { name: 'documentação da API' })).toHaveAttribute('href', '/api/docs');

  // The link's file, with no token: CSV with today's row, an ETag that answers 304.
  const r = await page.request.get((await cotacao.getAttribute('href'))!);
  expect(r.status()).toBe(200);
  expect(r.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await r.text()).toContain(`;Dados Abertos ${s};CX 10kg;42.5;42.5;42.5;${diasAtrasIso(0)};4.25;4.25;4.25`);
  const r304 = await page.request.get((await cotacao.getAttribute('href'))!, { headers: { 'if-none-match': r.headers().etag } });
  expect(r304.status()).toBe(304);
});
