import path from 'node:path';
import { ARTEFATOS, entrar, expect, mailsPara, semViolacoesGraves, sufixoUnico, test, textoDoEmail } from './support';
import { produtosNumGrupo } from './fabricas';

/** On a phone: subscribing to the day's quotation (decision 0196) and /dados-abertos (decision 0195). */
test.use({ viewport: { width: 390, height: 844 } });

test('/assinar: assina a cotação e um alerta pelo celular, confirma pelo link do e-mail', async ({ page, request }) => {
  const s = sufixoUnico();
  await produtosNumGrupo(request, [{ nome: `Pimentão Assinado ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 }], { nome: `Assinatura ${s}`, unPadrao: 'CX 20kg' });
  const email = `assinante${s}@e2e.local`;

  await page.goto('/home');
  await page.getByRole('link', { name: 'cotação por e-mail' }).click();
  await expect(page.getByRole('heading', { name: 'Cotação por e-mail' })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Procurar produto').fill(`Pimentão Assinado ${s}`);
  await page.getByRole('checkbox', { name: `Pimentão Assinado ${s} (CX 10kg)` }).check();
  // From the keyboard, one key jumps over the products' checkboxes to the alerts; a new alert takes the focus.
  await page.getByLabel('Procurar produto').press('Tab');
  await expect(page.getByRole('button', { name: 'Pular a lista de produtos' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Adicionar alerta' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Produto do alerta 1')).toBeFocused();
  // A threshold typed the pt-BR way; a product left unchosen is refused in Portuguese, on its field.
  await page.getByLabel('Acima de (R$)').fill('1.250,5');
  await page.getByRole('button', { name: 'Assinar' }).click();
  await expect(page.getByText('Escolha um produto da lista')).toBeVisible();
  // The first field refused takes the focus.
  await expect(page.getByLabel('Produto do alerta 1')).toBeFocused();
  await page.getByLabel('Produto do alerta 1').selectOption({ label: `Pimentão Assinado ${s} (CX 10kg)` });
  await semViolacoesGraves(page);
  await page.getByRole('button', { name: 'Assinar' }).click();
  await expect(page.getByRole('status')).toHaveText(/Enviamos um link de confirmação para o seu e-mail/);
  await page.screenshot({ path: path.join(ARTEFATOS, 'assinaturas-assinar.png'), fullPage: true });

  // The confirmation e-mail, with the one-click unsubscribe headers; its link opens a pt-BR page whose button confirms.
  await expect.poll(() => mailsPara(email).length).toBe(1);
  // The headers as sent (not quoted-printable: decoding them would turn a token's '=0A…' into a line break).
  const bruto = mailsPara(email)[0];
  const cabecalhos = bruto.slice(0, bruto.search(/\r?\n\r?\n/));
  expect(cabecalhos).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/api\/publico\/assinaturas\/cancelar\?token=[\w.-]+>/m);
  expect(cabecalhos).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const eml = textoDoEmail(bruto);
  const link = /http:\/\/127\.0\.0\.1:\d+\/api\/publico\/assinaturas\/confirmar\?token=[\w-]+/.exec(eml)![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirmar assinatura' }).click();
  await expect(page.getByRole('heading', { name: 'Assinatura confirmada' })).toBeVisible();
});

test('/dados-abertos: arquivos com colunas, unidades, licença e metodologia, JSON-LD por arquivo; o super-admin edita a metodologia', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('link', { name: 'descrição dos arquivos' }).click();
  await expect(page.getByRole('heading', { name: 'Dados abertos', level: 1 })).toBeVisible();
  const cotacao = page.getByRole('region', { name: 'Cotação do dia por grupo de produto' });
  await expect(cotacao.getByRole('row', { name: /valorKgMedio Preço médio por kg número \(ponto decimal\) R\$ por kg/ })).toBeVisible();
  await expect(cotacao.getByText('Diária, em cada dia de mercado')).toBeVisible();
  await expect(cotacao.getByRole('link', { name: 'Creative Commons Atribuição 4.0 Internacional (CC BY 4.0)' })).toBeVisible();
  await expect(cotacao.getByRole('link', { name: 'metadados CSVW' })).toHaveAttribute(
    'href',
    /^\/api\/publico\/cotacao-metadata\.json\?data=\d{4}-\d{2}-\d{2}$/,
  );
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.map((j) => JSON.parse(j) as { '@type': string; name: string })).toEqual(
    expect.arrayContaining([expect.objectContaining({ '@type': 'Dataset', name: 'Cotação do dia por grupo de produto' })]),
  );
  // Nothing wider than the phone's screen (the column tables scroll inside their own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await semViolacoesGraves(page);
  await page.screenshot({ path: path.join(ARTEFATOS, 'assinaturas-dados-abertos.png'), fullPage: true });

  await entrar(page);
  await page.goto('/dados-abertos');
  await page.getByRole('button', { name: 'Editar metodologia' }).click();
  const texto = `Preços levantados junto aos atacadistas às 6h (${sufixoUnico()}).`;
  await page.getByLabel('Texto da metodologia').fill(texto);
  await page.getByRole('button', { name: 'Salvar metodologia' }).click();
  await expect(page.getByText(texto)).toBeVisible();
  await page.reload();
  await expect(page.getByText(texto)).toBeVisible();
});
