import { createHmac } from 'node:crypto';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from '@playwright/test';
import { ARTEFATOS, criarUsuario, entrar, expect, test, toast } from './support';

/** An authenticator app's code (RFC 6238: HMAC-SHA1, 6 digits, 30 s) for the base32 secret at time step `passo`. */
function codigoTotp(segredo: string, passo: number): string {
  const alfabeto = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of segredo.replace(/=+$/, '')) bits += alfabeto.indexOf(c).toString(2).padStart(5, '0');
  const chave = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const contador = Buffer.alloc(8);
  contador.writeBigUInt64BE(BigInt(passo));
  const h = createHmac('sha1', chave).update(contador).digest();
  const o = h[h.length - 1] & 15;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
const passoAgora = () => Math.floor(Date.now() / 30_000);

async function sair(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function entrarComCodigo(page: Page, email: string, senha: string, codigo: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  // The password was right: the page asks for the second factor's code.
  await expect(page.getByLabel('Código de verificação')).toBeVisible();
  await page.getByLabel('Código de verificação').fill(codigo);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('cadastra o aplicativo autenticador lendo o QR code e entra com o código e com um código de recuperação (uma vez só)', async ({ page, request }) => {
  const u = await criarUsuario(request, ['user-agro'], 'Agrônoma Duas Etapas');
  await entrar(page, u.email, u.senha);
  await page.getByRole('link', { name: 'Verificação em duas etapas' }).click();
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar aplicativo autenticador' }).click();

  // What a phone's camera reads: the QR code's otpauth:// address, with the secret.
  const qr = page.locator('.qr-do-fator svg');
  await expect(qr).toBeVisible();
  const png = PNG.sync.read(await page.locator('.qr-do-fator').screenshot({ path: path.join(ARTEFATOS, 'segundo-fator-qr.png') }));
  const lido = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(lido, 'QR code legível').not.toBeNull();
  const uri = new URL(lido!.data);
  expect(uri.protocol).toBe('otpauth:');
  expect(decodeURIComponent(uri.pathname)).toContain(u.email);
  const segredo = uri.searchParams.get('secret')!;
  expect(segredo).toMatch(/^[A-Z2-7]{32}$/);
  // The same key, for typing by hand.
  await expect(page.getByTestId('chave-do-fator')).toHaveText(segredo);

  await page.getByLabel('Código do aplicativo').fill(codigoTotp(segredo, passoAgora()));
  await page.getByRole('button', { name: 'Ativar' }).click();
  await expect(page.getByText('Verificação em duas etapas ativada.')).toBeVisible();
  const codigos = await page.getByRole('list', { name: 'Códigos de recuperação' }).locator('code').allTextContents();
  expect(codigos).toHaveLength(10);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).not.toHaveURL(/segundo-fator/);
  await sair(page);

  // The next code of the app (the one used at enrolment cannot be used again).
  await entrarComCodigo(page, u.email, u.senha, codigoTotp(segredo, passoAgora() + 1));
  await expect(page).not.toHaveURL(/\/(login)?$/);
  await expect(page.getByText(u.nome.toUpperCase())).toBeVisible();
  await sair(page);

  // Without the phone: a recovery code, once.
  await entrarComCodigo(page, u.email, u.senha, codigos[0]);
  await expect(page).not.toHaveURL(/\/(login)?$/);
  await sair(page);
  await entrarComCodigo(page, u.email, u.senha, codigos[0]);
  await toast(page, 'Código inválido ou já usado. Confira o relógio do celular e tente o código seguinte.');
  await expect(page).toHaveURL(/\/login$/);
});
