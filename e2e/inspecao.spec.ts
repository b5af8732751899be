import path from 'node:path';
import type { Romaneio } from '@ceasa/shared';
import { formatDate } from '@ceasa/shared/format';
import {
  apiAdmin,
  ARTEFATOS,
  diasAtrasIso,
  entrar,
  caixaDeBusca,
  expect,
  imprimirPdf,
  maisDias,
  semViolacoesGraves,
  sufixoUnico,
  test,
  toast,
} from './support';

/*
 * The inspector's day list (every romaneio drawn: INSPECAO_PERCENTUAL=100 in global-setup), a
 * residue result registered as non-conforming, its notification printed (producer's copy and the extension
 * office's), the lot held on its public page, the suspension on the producer's record, and his next romaneio
 * refused at the gate with the suspension's last day.
 */

/** A Monday (a market day) `semanas` weeks after the next one, yyyy-mm-dd. */
function segunda(semanas: number): string {
  const hoje = diasAtrasIso(0);
  const ate = (8 - new Date(`${hoje}T12:00:00Z`).getUTCDay()) % 7 || 7;
  return maisDias(hoje, ate + 7 * semanas);
}

test('Inspeção: lista do dia, resultado não conforme, notificação em PDF, lote retido, produtor suspenso na portaria', async ({ page, request }) => {
  // One flow through five screens and a PDF: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const s = sufixoUnico();
  const d = segunda(30 + (Number(s) % 20));
  const post = <T = { id: number; nome: string }>(url: string, body: unknown) => apiAdmin<T>(request, 'POST', url, body);
  const produtor = await post('pessoa', { nome: `Paulo Inspecionado E2E ${s}`, cpfcnpj: `741852${s}`, tipoId: 1 });
  const tecnico = await post('pessoa', { nome: `Téc. Inspeção E2E ${s}`, cpfcnpj: `852963${s}`, tipoId: 2 });
  const mun = await post('municipio', { nome: `Codó${s}`, sigla: 'MA' });
  const sitio = await post('propriedade', {
    nome: `Sítio Inspeção ${s}`,
    municipioId: mun.id,
    areaTotal: 10,
    areaExplorada: 8,
    areaCultivada: 5,
    tipoPosse: 'PRÓPRIO',
    proprietarioId: produtor.id,
  });
  const grupo = await post('produtoGrupo', { nome: `Inspeção E2E ${s}`, unPadrao: 'kg' });
  const tomate = await post('produto', { nome: `Tomate Inspeção ${s}`, embalagem: 'CX 20kg', pesoEmKg: 20, produtoGrupoId: grupo.id, status: 'ATIVO' });
  const boletim = await post<{ itens: { id: number }[] }>('boletim', {
    dataVisita: diasAtrasIso(30),
    dataEmissao: diasAtrasIso(30),
    produtorId: produtor.id,
    propriedadeId: sitio.id,
    tecnicoId: tecnico.id,
    itens: [
      { produtoId: tomate.id, areaProducao: 1, producaoEstimada: 5000, producaoEmbalada: 4000, inicioColheita: maisDias(d, -10), fimColheita: maisDias(d, 60) },
    ],
  });
  const [romaneio] = await post<Romaneio[]>('romaneio', [
    {
      dataEmissao: d,
      divida: 83_000_000 + Number(s),
      pessoaId: produtor.id,
      pedras: [],
      itens: [{ produtoId: tomate.id, quantidade: 12, boletimItensId: boletim.itens[0].id }],
    },
  ]);
  const fim = formatDate(maisDias(d, 30));
  const suspenso = `Produtor suspenso até ${fim} por resultado de análise de resíduos.`;

  // The inspector's day: the romaneio is on the list, not inspected yet.
  await entrar(page);
  await page.goto('/inspecao');
  await expect(page.getByRole('heading', { name: 'Inspeções', level: 1 })).toBeVisible();
  await page.getByLabel('Dia de mercado').fill(formatDate(d));
  await page.getByLabel('Dia de mercado').press('Tab');
  const linha = page.locator('.p-datatable-tbody > tr', { hasText: produtor.nome });
  await expect(linha).toContainText('Sorteado');
  await expect(linha).toContainText('Nenhuma');
  await semViolacoesGraves(page);
  await linha.getByRole('button', { name: `Registrar inspeção do romaneio ${romaneio.id}` }).click();

  // A residue sample: the laboratory's result is non-conforming.
  await expect(page.getByRole('heading', { name: 'Nova Inspeção' })).toBeVisible();
  await expect(page.getByTestId('inspecao-romaneio')).toContainText(`Romaneio ${romaneio.id} de ${formatDate(d)}`);
  await page.getByLabel('Laboratório').fill('Laboratório Estadual');
  await page.getByLabel('Código da amostra').fill(`AM-${s}`);
  const resultado = caixaDeBusca(page, 'Resultado');
  await resultado.click();
  await resultado.fill('Não conforme');
  await resultado.press('Enter');
  await expect(resultado).toHaveValue('Não conforme');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe o princípio ativo encontrado no resultado não conforme')).toBeVisible();
  await page.getByLabel('Princípio ativo encontrado').fill('Carbendazim');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');

  // Back on the day: the inspection and the suspension.
  await expect(page).toHaveURL(new RegExp(`/inspecao\\?data=${d}$`));
  await expect(linha).toContainText(`Suspenso até ${fim}`);
  await page.screenshot({ path: path.join(ARTEFATOS, 'inspecao-dia.png'), fullPage: true });
  await linha.getByRole('link', { name: 'Resíduos de agrotóxicos: Não conforme' }).click();

  // The notification: the producer's copy and the copy for the extension office of his municipality.
  await expect(page.getByRole('heading', { name: 'Editar Inspeção' })).toBeVisible();
  await page.getByRole('button', { name: 'Imprimir notificação' }).click();
  await expect(page.getByRole('dialog', { name: 'NOTIFICAÇÃO DE INSPEÇÃO' })).toBeVisible();
  await imprimirPdf(page, 'inspecao-notificacao', {
    contem: ['NOTIFICAÇÃO DE INSPEÇÃO', 'Via do produtor', `Via do escritório de extensão rural de Codó${s}/MA`, produtor.nome, 'Carbendazim', `até ${fim}.`],
  });
  await page.keyboard.press('Escape');

  // The lot's public answer and page: held.
  const lote = (await apiAdmin<{ lote: string }[]>(request, 'GET', `recall?pessoaId=${produtor.id}`))[0].lote;
  await page.goto(`/lote/${lote}`);
  await expect(page.getByTestId('lote-situacao')).toContainText('Retido');

  // The producer's record says so.
  await page.goto(`/pessoa/${produtor.id}`);
  await expect(page.getByTestId('pessoa-suspensao')).toHaveText(suspenso);

  // The gate: picking him for the Thursday after says at once that he is suspended, naming the last day, and
  // Salvar stays disabled (Ctrl+Enter sends nothing either).
  const quinta = maisDias(d, 3);
  const envios: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/romaneio' && envios.push(r.url()));
  await page.goto(`/romaneiocreate?data=${quinta}`);
  const campo = page.getByLabel('Produtor', { exact: true });
  await campo.click();
  await page.keyboard.type(produtor.nome);
  await page.keyboard.press('Enter');
  await expect(campo).toHaveValue(produtor.nome);
  await expect(page.getByRole('alert').filter({ hasText: suspenso })).toBeVisible();
  await expect(campo).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Quantidade', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Adicionar todos' }).click();
  await page.getByLabel('Dívida').fill(String(84_000_000 + Number(s)));
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await page.keyboard.press('Control+Enter');
  await expect(campo).toBeFocused();
  await page.screenshot({ path: path.join(ARTEFATOS, 'inspecao-portaria.png'), fullPage: true });
  // The Monday after the last day: he may sell, the message is gone and Salvar is back once there is an item.
  expect(envios).toEqual([]);
  // Leaving the typed form: the browser's own question (beforeunload), answered 'leave'.
  page.once('dialog', (dialogo) => void dialogo.accept());
  await page.goto(`/romaneiocreate?data=${maisDias(d, 35)}`);
  await campo.click();
  await page.keyboard.type(produtor.nome);
  await page.keyboard.press('Enter');
  await expect(campo).toHaveValue(produtor.nome);
  await page.getByLabel('Quantidade', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Adicionar todos' }).click();
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  await expect(page.getByText(suspenso)).toHaveCount(0);
});
