import { apiAdmin, criarUsuario, documentoValido, entrar, expect, mailsPara, semViolacoesGraves, sufixoUnico, test, textoDoEmail } from './support';

/** The LGPD (decisions 0227-0232): the notice, a holder's request confirmed by e-mail and answered by the encarregado, an incident. */
test('um titular pede acesso pelo formulário, confirma pelo e-mail e o encarregado responde em /titular', async ({ page, request }) => {
  const s = sufixoUnico();
  const cpf = documentoValido(`5${s}12300`);
  const pessoa = await apiAdmin<{ id: number }>(request, 'POST', 'pessoa', { nome: `Titular Pedinte ${s}`, cpfcnpj: cpf, tipoId: 1 });
  const email = `titular${s}@e2e.local`;

  // Every page's footer links the notice; the notice names the categories and the rights.
  await page.goto('/home');
  await page.getByRole('link', { name: 'Privacidade' }).click();
  await expect(page.getByRole('heading', { name: 'Aviso de privacidade', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Identificação' })).toBeVisible();
  await expect(page.getByText('pessoa.cpfcnpj', { exact: false }).first()).toBeVisible();
  await semViolacoesGraves(page);
  await page.getByRole('link', { name: 'Fazer uma solicitação' }).click();

  await expect(page.getByRole('heading', { name: 'Solicitação sobre dados pessoais' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByText('Escolha o que você quer pedir')).toBeVisible();
  await page.getByLabel('O que você quer pedir').selectOption({ label: 'Acesso aos dados' });
  await page.getByLabel('CPF ou CNPJ').fill(cpf);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Detalhes (opcional)').fill('Quero saber o que vocês guardam.');
  await page.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(page.getByRole('status')).toHaveText(/Enviamos um link de confirmação para o seu e-mail/);

  await expect.poll(() => mailsPara(email).length).toBe(1);
  const eml = textoDoEmail(mailsPara(email)[0]);
  expect(eml).toContain('/privacidade');
  const link = /http:\/\/127\.0\.0\.1:\d+\/privacidade\/confirmar\?token=[\w-]+/.exec(eml)![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirmar solicitação' }).click();
  await expect(page.getByRole('status')).toHaveText(/Solicitação confirmada/);
  await expect.poll(() => mailsPara(email).length).toBe(2);

  // The encarregado's queue: the request with its person and deadline; the answer goes by e-mail.
  const enc = await criarUsuario(request, ['encarregado'], 'Encarregada E2E');
  await entrar(page, enc.email, enc.senha);
  await page.goto('/titular');
  await expect(page.getByRole('heading', { name: 'Solicitações dos titulares' })).toBeVisible();
  const linha = page.getByRole('row', { name: new RegExp(`Titular Pedinte ${s}`) });
  await expect(linha).toContainText('Acesso aos dados');
  await expect(linha).toContainText('Pendente');
  await linha.getByRole('button', { name: /Abrir a solicitação/ }).click();
  await page.getByLabel('Resposta', { exact: true }).fill(`Seus dados: cadastro numero ${pessoa.id}.`);
  await page.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(page.getByText('Resposta enviada ao titular por e-mail')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Titular Pedinte ${s}`) })).toContainText('Respondida em');
  await expect.poll(() => mailsPara(email).length).toBe(3);
  expect(textoDoEmail(mailsPara(email)[2])).toContain(`Seus dados: cadastro numero ${pessoa.id}.`);

  // An incident: its deadline computed by the server, its notification printed.
  await page.getByRole('link', { name: 'Incidentes' }).click();
  await expect(page.getByRole('heading', { name: 'Incidentes de segurança' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar incidente' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Descreva o incidente (até 5000 caracteres)')).toBeVisible();
  await page.getByLabel('Detectado em').fill('2026-11-19');
  await page.getByLabel('Descrição').fill(`Planilha enviada por engano ${s}`);
  await page.getByRole('checkbox', { name: 'Identificação' }).check();
  await page.getByLabel('Titulares afetados').fill('4');
  await page.getByLabel('Medidas tomadas').fill('Pedido de exclusão ao destinatário');
  await page.getByRole('button', { name: 'Salvar' }).click();
  const inc = page.getByRole('row', { name: new RegExp(`Planilha enviada por engano ${s}`) });
  await expect(inc).toContainText('19/11/2026');
  await inc.getByRole('button', { name: 'Notificação' }).click();
  await expect(page.getByTestId('incidente-notificacao')).toContainText('Número de titulares afetados: 4');
});
