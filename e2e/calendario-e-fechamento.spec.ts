import path from 'node:path';
import { formatBRL, formatDate, formatDecimal } from '@ceasa/shared/format';
import { proximoDiaDeMercado, type FechamentoDoDia } from '@ceasa/shared';
import { expect, test } from './support';
import { preco, quintaDaqui, romaneioNasPedras } from './fabricas';
import { apiAdmin, ARTEFATOS, entrar, hojeBR, imprimirPdf, maisDias, semViolacoesGraves, sufixoUnico, tokenApi } from './support';

const hoje = () => hojeBR().split('/').reverse().join('-');

/**
 * Holidays close the market: a holiday on the next market day. It is removed at the end,
 * whatever happens: the other specs book the next market days.
 */
test('a holiday on the next market day: /admin skips it, the gate calendar disables it and the API refuses it', async ({ page, request }) => {
  const { diasDeMercado } = await apiAdmin<{ diasDeMercado: number[] }>(request, 'GET', 'config');
  const calendario = await apiAdmin<{ data: string; nome: string; tipo: 'feriado' | 'extra' }[]>(
    request,
    'GET',
    `feriado/calendario?de=${hoje()}&ate=${maisDias(hoje(), 60)}`,
  );
  const proximo = proximoDiaDeMercado(maisDias(hoje(), 1), diasDeMercado, calendario);
  const feriado = await apiAdmin<{ id: number }>(request, 'POST', 'feriado', { data: proximo, nome: 'Dia do Evangélico' });
  try {
    const depois = proximoDiaDeMercado(maisDias(hoje(), 0), diasDeMercado, [...calendario, { data: proximo, nome: 'x', tipo: 'feriado' }]);
    const mensagem = `${formatDate(proximo)} é feriado: Dia do Evangélico.`;
    // The API: a romaneio on the holiday is a pt-BR 400 naming it.
    const r = await request.post('/api/romaneio', {
      headers: { Authorization: `Bearer ${await tokenApi(request)}` },
      data: [{ dataEmissao: proximo, divida: 1, pessoaId: 1, pedras: [], itens: [{ produtoId: 1, quantidade: 1, boletimItensId: 1 }] }],
    });
    expect(r.status()).toBe(400);
    expect((await r.json()).message).toBe(mensagem);

    // /admin: the map's default day skips the holiday (today itself when it is a market day).
    await entrar(page);
    await page.goto('/admin');
    await expect(page.locator('.pedras-resumo > span').first()).toHaveText(formatDate(depois));
    if (depois !== hoje()) {
      await expect(page.locator('.aviso-dia-sem-mercado')).toContainText(`Hoje (${hojeBR()}) não é dia de mercado.`);
      await expect(page.locator('.aviso-dia-sem-mercado')).toContainText(formatDate(depois));
    }
    await page.screenshot({ path: path.join(ARTEFATOS, 'feriado-admin.png') });
    // The holiday's own map: a free stall opens no form.
    await page.goto(`/admin?data=${proximo}`);
    await expect(page.getByText(`${mensagem} As pedras livres não abrem o romaneio.`)).toBeVisible();
    await expect(page.getByRole('link', { name: /Criar romaneio/ })).toHaveCount(0);

    // The gate: the calendar shows the holiday disabled, and typing it says why.
    await page.goto('/romaneiocreate');
    const campo = page.getByLabel('Datas de Emissão');
    await campo.click();
    await campo.press('ArrowDown');
    const cal = page.getByRole('dialog', { name: 'Calendário' });
    await expect(cal).toBeVisible();
    const [ano, mes, dia] = proximo.split('-').map(Number);
    const agora = new Date();
    if (ano * 12 + mes > agora.getFullYear() * 12 + agora.getMonth() + 1) await cal.locator('.p-datepicker-next').click();
    const celula = cal.locator('td:not(.p-datepicker-other-month) > span', { hasText: new RegExp(`^${dia}$`) });
    await expect(celula).toHaveClass(/p-disabled/);
    const [, , diaDepois] = depois.split('-').map(Number);
    if (depois.slice(0, 7) === proximo.slice(0, 7))
      await expect(cal.locator('td:not(.p-datepicker-other-month) > span', { hasText: new RegExp(`^${diaDepois}$`) })).not.toHaveClass(/p-disabled/);
    await page.screenshot({ path: path.join(ARTEFATOS, 'feriado-calendario.png') });
    await page.keyboard.press('Escape');
    await campo.fill('');
    await campo.focus();
    await page.keyboard.type(formatDate(proximo).replace(/\D/g, ''));
    await page.keyboard.press('Enter');
    await expect(page.getByText(mensagem)).toBeVisible();
  } finally {
    await apiAdmin(request, 'DELETE', `feriado/${feriado.id}`);
  }
});

test("the day's close printed to PDF: its figures are the API's, under the municipal header", async ({ page, request }) => {
  /** A Thursday (a market day) about eleven months ahead: no other spec books stalls there. */
  const DIA = quintaDaqui(330);
  const s = sufixoUnico();
  const { produtos } = await romaneioNasPedras(request, {
    dia: DIA,
    produtor: { nome: `Dora Fechamento E2E ${s}` },
    municipio: { nome: `Fechamento E2E ${s}` },
    produto: { nome: `Abacaxi Fechamento E2E ${s}`, embalagem: 'CX 12kg', pesoEmKg: 12 },
    item: { producaoEstimada: 5000, producaoEmbalada: 100 },
    pedras: ['40'],
    avulsas: ['41'],
    divida: Number(`8${s}`) * 10 + 1,
    quantidade: 12.5,
  });
  const [produto] = produtos;
  await preco(request, { data: DIA, valor: 55.5, produtoId: produto.id });
  const f = await apiAdmin<FechamentoDoDia>(request, 'GET', `fechamento?data=${DIA}`);
  expect(f.porProduto).toEqual([{ produto: produto.nome, embalagem: 'CX 12kg', quantidade: 12.5, kg: 150 }]);

  await entrar(page);
  await page.goto(`/admin?data=${DIA}`);
  await expect(page.getByRole('heading', { name: `Painel do gestor - ${formatDate(DIA)}` })).toBeVisible();
  await expect(page.getByTestId('painel-ocupacao')).toContainText(`(${f.pedras.ocupadas} de ${f.pedras.total} pedras)`);
  await page.getByRole('button', { name: 'Fechamento do dia' }).click();
  const titulo = `Fechamento do dia - ${formatDate(DIA)}`;
  const dialog = page.getByRole('dialog', { name: titulo });
  await expect(dialog.getByRole('row', { name: `${produto.nome} CX 12kg ${formatDecimal(12.5)} ${formatDecimal(150)}` })).toBeVisible();
  await expect(dialog.getByRole('row', { name: `${produto.nome} ${formatBRL(55.5)}` })).toBeVisible();
  await expect(dialog.getByText('Prefeitura Municipal')).toBeVisible();
  await semViolacoesGraves(page);
  const texto = await imprimirPdf(page, 'fechamento-do-dia', {
    contem: [
      titulo,
      'Prefeitura Municipal',
      produto.nome,
      `Fechamento E2E ${s}`,
      `${formatDecimal(f.kg)} kg`,
      `${f.pedras.ocupadas} de ${f.pedras.total}`,
      // (pdftotext writes the currency's non-breaking space as a plain one)
      'R$ 55,50',
      ADMIN_EMAIL_OU_NOME(f),
    ],
    naoContem: ['Pesquisar...'],
  });
  expect(texto).toMatch(new RegExp(`Romaneios\\s+${f.romaneios}`));
  expect(texto).toMatch(new RegExp(`Pedras avulsas\\s+${f.pedras.avulsas}`));
  await page.screenshot({ path: path.join(ARTEFATOS, 'fechamento-do-dia.png') });
});

/** The clerk the close names for the romaneio the test entered (the audit log's user). */
const ADMIN_EMAIL_OU_NOME = (f: FechamentoDoDia) => f.porUsuario[0]?.usuario ?? 'sem usuário';
