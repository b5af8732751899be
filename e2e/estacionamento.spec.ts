import { expect, test } from './support';
import { apiAdmin, DIVIDAS_E2E, entrar, escolherOpcao, hojeBR, imprimirPdf, linhas, redigitar, sufixoUnico, toast } from './support';
import { pessoa as fabricaPessoa } from './fabricas';

// docs/produto/api.md groups 'Stones and parking': the stall list is tested here too.

test('Estacionamento: validação, consulta da dívida ao sair do campo, cadastro, relatório e ticket impresso em PDF', async ({ page, request }) => {
  const s = sufixoUnico();
  const pessoa = `Comprador Avulso E2E ${s}`;
  await fabricaPessoa(request, { nome: pessoa, tipoId: 4 });
  const placa = `E2E${s.slice(-4)}`;
  const [comValor, quitada] = DIVIDAS_E2E;

  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Estacionamento' }).click();
  await expect(page.getByRole('heading', { name: 'Estacionamento' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/estacionamentocreate$/);

  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A placa é obrigatória')).toBeVisible();
  await expect(page.getByText('O valor é obrigatório')).toBeVisible();
  await expect(page.getByText('A dívida é obrigatória')).toBeVisible();
  await expect(page.getByText('A pessoa é obrigatória')).toBeVisible();
  await expect(page.getByText('O tipo de veículo é obrigatório')).toBeVisible();

  // Debt lookup on blur: unknown → error; value 0 → warning; value > 0 → success with taxpayer and value.
  const divida = page.getByLabel('Dívida');
  await redigitar(divida, '99999999');
  await page.getByLabel('Placa').click();
  await toast(page, 'Dívida não encontrada...');
  await expect(page.locator('.p-toast-message-error').filter({ hasText: 'Dívida!' })).toBeVisible();

  await redigitar(divida, String(quitada.numero));
  await page.getByLabel('Placa').click();
  await expect(page.locator('.p-toast-message-warn').filter({ hasText: quitada.nomeContribuinte })).toContainText('R$ 0,00');

  await redigitar(divida, String(comValor.numero));
  await page.getByLabel('Placa').click();
  const sucesso = page.locator('.p-toast-message-success').filter({ hasText: comValor.nomeContribuinte });
  await expect(sucesso).toContainText('R$ 1.250,75');
  await expect(page.locator('#conteudo').getByText(`${comValor.nomeContribuinte} — R$ 1.250,75`, { exact: true })).toBeVisible();

  await page.getByLabel('Placa').fill(placa);
  await page.getByLabel('Valor').click();
  await page.getByLabel('Valor').pressSequentially('1550');
  await page.getByLabel('Placa').click();
  await expect(page.getByLabel('Valor')).toHaveValue(/^R\$\s1\.550,00$/);
  await escolherOpcao(page, 'Pessoa', pessoa);
  await escolherOpcao(page, 'Tipo de Veículo', 'Caminhonete');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/estacionamento$/, { timeout: 5000 });

  const hoje = hojeBR();
  await page.getByLabel('Filtrar por Placa').fill(placa);
  await expect(linhas(page)).toHaveCount(1);
  await expect(page.getByText('Mostrando de 1 a 1 de 1 estacionamentos')).toBeVisible();
  const linha = linhas(page).first();
  for (const t of [hoje, pessoa, placa, String(comValor.numero), 'Caminhonete']) await expect(linha).toContainText(t);
  // Date filter (whole day): today finds it, another day does not.
  await page.getByLabel('Filtrar por Data').fill('01/01/2001');
  await expect(page.getByText('Nenhum estacionamento encontrado')).toBeVisible();
  await page.getByLabel('Filtrar por Data').fill(hoje);
  await expect(linhas(page)).toHaveCount(1);
  await expect(linha).toContainText(placa);
  const busca = await apiAdmin<{ content: { id: number; valor: number; divida: number; data: string }[] }>(
    request,
    'POST',
    'estacionamento/searchEstacionamento/asc/id',
    { placa },
  );
  expect(busca.content[0]).toMatchObject({ valor: 1550, divida: comValor.numero });
  const id = busca.content[0].id;

  // List report of the current page.
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const rel = page.getByRole('dialog', { name: 'Estacionamento' });
  await expect(rel.locator('.print-table')).toContainText(placa);
  await expect(rel.getByText('Total: R$ 1.550,00')).toBeVisible();
  await rel.getByRole('button', { name: /Fechar|Close/ }).click();

  // Parking ticket: a progress indicator for 2 s, then the print dialog.
  await linha.getByRole('button', { name: `Imprimir ticket ${id}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preparando o ticket...' })).toBeVisible();
  const ticket = page.getByRole('dialog', { name: 'Ticket de Estacionamento' });
  await expect(ticket).toBeHidden();
  await expect(ticket).toBeVisible({ timeout: 4000 });
  await expect(page.getByText('Preparando o ticket...')).toBeHidden();
  for (const t of [hoje, placa, 'Caminhonete', pessoa, String(comValor.numero), 'R$ 1.550,00', `Nº ${id}`]) await expect(ticket).toContainText(t);
  await expect(ticket.getByRole('img', { name: 'Prefeitura Municipal' })).toBeVisible();

  // Printed to PDF with the print stylesheet (only the ticket).
  await imprimirPdf(page, 'ticket-estacionamento', { tamanhoMinimo: 1000 });
  await ticket.getByRole('button', { name: /Fechar|Close/ }).click();

  // Edit and delete.
  await linha.getByRole('button', { name: `Editar Estacionamento ${id} (${placa})` }).click();
  await expect(page).toHaveURL(new RegExp(`/estacionamento/edit/${id}$`));
  await expect(page.getByLabel('Placa')).toHaveValue(placa);
  await expect(page.getByLabel('Valor')).toHaveValue(/^R\$\s1\.550,00$/);
  await page.getByLabel('Placa').fill(`${placa}X`);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/estacionamento$/, { timeout: 5000 });
  await page.getByLabel('Filtrar por Placa').fill(`${placa}X`);
  await expect(linhas(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Remover Estacionamento ${id} (${placa}X)` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await toast(page, 'Remoção concluída!');
  await expect(page.getByText('Nenhum estacionamento encontrado')).toBeVisible();
});

test('Pedras: lista por número, filtro, cadastro, edição, relatório e remoção', async ({ page }) => {
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pedras' }).click();
  await expect(page.getByRole('heading', { name: 'Pedras' })).toBeVisible();
  // Sorted by the number's value: 1, 2, 3 ... (not 1, 10, 100).
  await expect(linhas(page).nth(0).locator('td').first()).toHaveText(/^(Número)?1$/);
  await expect(linhas(page).nth(1).locator('td').first()).toHaveText(/^(Número)?2$/);
  await expect(linhas(page).nth(9).locator('td').first()).toHaveText(/^(Número)?10$/);
  await expect(page.getByText(/Mostrando de 1 a 20 de \d+ pedras/)).toBeVisible();

  const numero = `9${String(Date.now()).slice(-4)}`;
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/pedracreate$/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O número da pedra é obrigatório')).toBeVisible();
  await page.getByLabel('Número').fill(numero);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/pedra$/, { timeout: 5000 });

  await page.getByLabel('Filtrar por Número').fill(numero);
  await expect(linhas(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Editar Pedra ${numero}` }).click();
  await expect(page).toHaveURL(/\/pedra\/edit\/\d+$/);
  await expect(page.getByLabel('Número')).toHaveValue(numero);
  await page.getByLabel('Número').fill(`${numero}A`);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/pedra$/, { timeout: 5000 });
  await expect(linhas(page).first()).toContainText(`${numero}A`);

  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const rel = page.getByRole('dialog', { name: 'Pedras' });
  await expect(rel.locator('.print-table')).toContainText(`${numero}A`);
  await rel.getByRole('button', { name: /Fechar|Close/ }).click();

  await page.getByRole('button', { name: `Remover Pedra ${numero}A` }).click();
  await expect(page.getByText(`Você tem certeza que quer remover Pedra ${numero}A?`)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await toast(page, 'Remoção concluída!');
  await expect(page.getByText('Nenhuma pedra encontrada')).toBeVisible();
});
