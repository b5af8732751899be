import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatDate } from '@ceasa/shared/format';
import { boletimColhendo, segundaDaqui } from './fabricas';
import { apiAdmin, ARTEFATOS, expect, mailsPara, test, textoDoEmail, violacoesGraves } from './support';

/**
 * The producers' portal on a phone (decision 0300): the desk invites a producer through the staff API, he opens the
 * mailed link, chooses his password, signs in, announces a load for the next market day and sees it listed. Every
 * portal page is checked on the way: no sideways scroll at 375 px, no serious or critical axe violation.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const SENHA = 'Pepino#Roxo-2026';

/** Nothing wider than the screen, and axe's serious and critical findings, for the page as it is now. */
async function conferir(page: Page, onde: string, achados: string[]) {
  await page.waitForLoadState('networkidle');
  const excesso = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - document.documentElement.clientWidth);
  if (excesso > 0) achados.push(`${onde}: rola ${excesso} px para o lado`);
  for (const v of await violacoesGraves(page)) achados.push(`${onde} → ${v}`);
}

test('um produtor convidado cria a senha, entra, anuncia uma chegada e a vê na lista, no celular', async ({ page, request }) => {
  test.setTimeout(180_000);
  const dia = segundaDaqui(0);
  const cenario = await boletimColhendo(request, { dia, produtos: [{ nome: `Tomate Portal ${Date.now()}` }] });
  const produto = cenario.produtos[0];
  const nomeDoProduto = produto.nome;
  const email = `produtor${Date.now()}@e2e.local`;
  await apiAdmin(request, 'POST', 'portal/convites', { pessoaId: cenario.produtor.id, email });

  let link = '';
  await expect(async () => {
    const mail = mailsPara(email).at(-1);
    expect(mail).toBeTruthy();
    link = /https?:\/\/[^\s"<>]+\/portal\/convite\?token=[\w-]+/.exec(textoDoEmail(mail!))![0];
  }).toPass({ timeout: 15_000 });
  const achados: string[] = [];

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Criar sua senha', level: 1 })).toBeVisible();
  await conferir(page, '/portal/convite', achados);
  await page.getByLabel('Senha', { exact: true }).fill(SENHA);
  await page.getByLabel('Repita a senha').fill(SENHA);
  await page.getByRole('button', { name: 'Criar senha' }).click();
  await expect(page.getByText('Senha criada. Entre com seu e-mail e a nova senha.')).toBeVisible();
  await expect(page).toHaveURL(/\/portal\?senha=criada$/);
  await conferir(page, '/portal (entrada)', achados);

  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(SENHA);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText(`Olá, ${cenario.produtor.nome}`)).toBeVisible();
  await conferir(page, '/portal', achados);

  // Announce a load: the day, the product by typing part of its name, '12,5' kg.
  await page.getByRole('link', { name: 'Chegadas' }).click();
  await expect(page.getByRole('heading', { name: 'Chegadas', level: 1 })).toBeVisible();
  await expect(page.getByText('Nenhuma chegada anunciada.')).toBeVisible();
  await conferir(page, '/portal/chegadas (vazia)', achados);
  await page.getByRole('link', { name: 'Anunciar chegada' }).first().click();
  await expect(page.getByRole('heading', { name: 'Anunciar chegada', level: 1 })).toBeVisible();
  await conferir(page, '/portal/chegadas/nova', achados);
  await page.getByLabel('Data da chegada').fill(dia);
  const caixa = page.getByLabel('Produto 1');
  await caixa.fill(nomeDoProduto);
  await page.getByRole('option', { name: new RegExp(nomeDoProduto) }).click();
  await page.getByLabel('Quantidade (kg)').fill('12,5');
  await page.getByRole('button', { name: 'Salvar' }).click();
  // A soft rule of the gate may ask first (e.g. the bulletin's balance): he confirms.
  const confirmar = page.getByRole('button', { name: 'Confirmar' });
  await expect(page.getByText('Chegada anunciada.').or(confirmar)).toBeVisible();
  if (await confirmar.isVisible()) await confirmar.click();
  await expect(page.getByText('Chegada anunciada.')).toBeVisible();
  await expect(page).toHaveURL(/\/portal\/chegadas$/);
  const cartao = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Chegada de ${formatDate(dia)}` }) });
  await expect(cartao.getByText(`${nomeDoProduto}: 12,5 kg`)).toBeVisible();
  await expect(cartao.getByText('Anunciada')).toBeVisible();
  await conferir(page, '/portal/chegadas', achados);
  await page.screenshot({ path: path.join(ARTEFATOS, 'portal-chegadas-375.png'), fullPage: true });

  // What the server stored is what was typed.
  const dodia = await apiAdmin<{ itens: { produtoId: number; quantidade: number }[] }[]>(
    request,
    'GET',
    `portal/chegadas?data=${dia}&pessoaId=${cenario.produtor.id}`,
  );
  expect(dodia.map((c) => c.itens)).toEqual([[{ produtoId: produto.id, produtoNome: nomeDoProduto, quantidade: 12.5 }]]);

  // Every other section, each checked the same way.
  for (const [rotulo, titulo] of [
    ['Romaneios', 'Romaneios'],
    ['Boletins', 'Boletins'],
    ['Cadernos', 'Cadernos de campo'],
    ['Inspeções', 'Inspeções'],
    ['Pedras', 'Pedras'],
    ['Avisos', 'Avisos'],
    ['Meus dados', 'Meus dados'],
  ]) {
    await page.getByRole('navigation', { name: 'Seções do portal' }).getByRole('link', { name: rotulo }).click();
    await expect(page.getByRole('heading', { name: titulo, level: 1 })).toBeVisible();
    await expect(page.getByText('Carregando…')).toHaveCount(0);
    await conferir(page, new URL(page.url()).pathname, achados);
  }
  await expect(page.getByRole('link', { name: 'Privacidade', exact: true })).toHaveAttribute('href', '/privacidade');
  expect(achados).toEqual([]);

  // Sair: back to the sign-in; the session is over.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
});
