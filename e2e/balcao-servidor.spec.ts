import path from 'node:path';
import { expect, test } from './support';
import { apiAdmin, ARTEFATOS, entrar, escolherOpcao, linhas, sufixoUnico, toast } from './support';
import { cpfUnico, pessoa as fabricaPessoa } from './fabricas';

/**
 * Seen at the desk: the database's rules reach the screens in Portuguese.
 * The same CPF typed for a second person is refused on the field; lists sort names the Portuguese
 * way; a short or common password is refused by the registration form.
 */

test('Pessoa: o mesmo CPF (com ou sem máscara) para uma segunda pessoa é recusado, com a mensagem no campo', async ({ page, request }) => {
  const suf = sufixoUnico();
  const digitos = cpfUnico();
  const mascarado = `${digitos.slice(0, 3)}.${digitos.slice(3, 6)}.${digitos.slice(6, 9)}-${digitos.slice(9)}`;
  await apiAdmin(request, 'POST', 'pessoa', { nome: `Primeira Dona do CPF ${suf}`, cpfcnpj: digitos, tipoId: 1 });

  await entrar(page);
  await page.goto('/pessoacreate');
  await page.getByLabel('Nome', { exact: true }).fill(`João Segundo ${suf}`);
  await page.getByLabel('CPF/CNPJ').fill(digitos);
  await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(mascarado);
  await escolherOpcao(page, 'Tipo', 'Produtor');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Erro ao cadastrar pessoa!');
  await toast(page, 'Já existe uma pessoa com este CPF/CNPJ.');
  // On the field itself, and the form stays open with what was typed.
  const campo = page.locator('.field').filter({ has: page.getByLabel('CPF/CNPJ') });
  await expect(campo.getByText('Já existe uma pessoa com este CPF/CNPJ.')).toBeVisible();
  await expect(page).toHaveURL(/\/pessoacreate$/);
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-cpf-repetido.png'), fullPage: true });

  // Only the first person has that CPF.
  const lista = await apiAdmin<{ totalElements: number; content: { nome: string }[] }>(request, 'POST', 'pessoa/searchPessoa/asc/nome', { cpfcnpj: digitos });
  expect(lista.content.map((p) => p.nome)).toEqual([`Primeira Dona do CPF ${suf}`]);
});

test('Listas em ordem alfabética do português: abóbora, Açúcar, Alface; João antes de José', async ({ page, request }) => {
  const suf = sufixoUnico();
  for (const nome of [`Alface ${suf}`, `Açúcar ${suf}`, `abóbora ${suf}`]) await apiAdmin(request, 'POST', 'produtoGrupo', { nome, unPadrao: 'CX' });
  await entrar(page);
  await page.goto('/produtoGrupo');
  await expect(page.getByRole('heading', { name: 'Grupos de Produto' })).toBeVisible();
  await page.getByLabel('Filtrar por Nome').fill(suf);
  await expect(linhas(page)).toHaveCount(3);
  await expect(linhas(page).nth(0)).toContainText(`abóbora ${suf}`);
  await expect(linhas(page).nth(1)).toContainText(`Açúcar ${suf}`);
  await expect(linhas(page).nth(2)).toContainText(`Alface ${suf}`);
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-ordem-grupos.png'), fullPage: true });

  // People, by name: the list's Nome column sorted ascending.
  for (const nome of [`José ${suf}`, `João ${suf}`, `Jorge ${suf}`]) await fabricaPessoa(request, { nome, tipoId: 1 });
  await page.goto('/pessoa');
  await expect(page.getByRole('heading', { name: 'Pessoas' })).toBeVisible();
  await page.getByLabel('Filtrar por Nome').fill(suf);
  await expect(linhas(page)).toHaveCount(3);
  await page.getByRole('columnheader', { name: /^Nome/ }).click();
  await expect(linhas(page).nth(0)).toContainText(`João ${suf}`);
  await expect(linhas(page).nth(1)).toContainText(`Jorge ${suf}`);
  await expect(linhas(page).nth(2)).toContainText(`José ${suf}`);
});

test('Cadastro: senha curta ou comum é recusada com a mensagem em português, e nada é criado', async ({ page, request }) => {
  const email = `senha${sufixoUnico()}@e2e.local`;
  await page.goto('/register');
  await page.getByLabel('Nome', { exact: true }).fill('Conta Fraca');
  await page.getByLabel('E-mail').fill(email);
  const senha = page.getByLabel('Senha', { exact: true });
  const confirma = page.getByLabel('Confirmar senha');
  await senha.fill('abc');
  await confirma.fill('abc');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('A senha deve ter no mínimo 8 caracteres')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-senha-curta.png'), fullPage: true });

  await senha.fill('Senha123');
  await confirma.fill('Senha123');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('Esta senha é muito comum e fácil de adivinhar. Escolha outra.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-senha-comum.png'), fullPage: true });

  // The server refuses the same, whatever a client sends.
  const r = await request.post('/api/auth/register', { data: { nome: 'Conta Fraca', email, senha: 'PASSWORD' } });
  expect(r.status()).toBe(400);
  expect((await r.json()).message).toBe('Esta senha é muito comum e fácil de adivinhar. Escolha outra.');

  // A good one goes through.
  await senha.fill('Feira#Livre26');
  await confirma.fill('Feira#Livre26');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await toast(page, 'Conta criada com sucesso');
});
