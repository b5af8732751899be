import path from 'node:path';
import { expect, test } from './support';
import { ADMIN, ARTEFATOS, entrar, semViolacoesGraves, violacoesGraves } from './support';

// No serious or critical accessibility violation (WCAG 2.2 AA included) on the public pages and on every
// back-office screen: each menu entry's list, its 'Adicionar' form, an edit page, and the landing's stall map.

for (const rota of ['/login', '/register', '/reset', '/home']) {
  test(`acessibilidade de ${rota}`, async ({ page }) => {
    await page.goto(rota);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await semViolacoesGraves(page);
  });
}

test('acessibilidade de /admin: o mapa de pedras, a tabela Comercializado', async ({ page }) => {
  await entrar(page);
  await page.goto('/admin');
  await expect(page.getByRole('group', { name: 'Mapa de pedras' }).locator('.pedra').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(ARTEFATOS, 'a11y-admin-mapa.png'), fullPage: true });
  await semViolacoesGraves(page);
});

test('acessibilidade de todas as telas do back-office: cada lista do menu, o seu cadastro e a edição de um registro', async ({ page }) => {
  // Every screen of the menu (the holder's requests and incidents included), each with its form and an edit page.
  test.setTimeout(480_000);
  await entrar(page);
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
  await expect(menu.first()).toBeVisible();
  const caminhos = await menu.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(caminhos.length).toBeGreaterThanOrEqual(15);
  const achados: string[] = [];
  const verificar = async (onde: string) => {
    await page.waitForLoadState('networkidle');
    // A dialog fading in is checked once it is opaque: mid-transition its text has no contrast to measure (spinners, which never end, aside).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    for (const v of await violacoesGraves(page)) achados.push(`${onde} → ${v}`);
  };
  for (const caminho of caminhos) {
    await page.goto(caminho);
    await expect(page.locator('#conteudo h1').first()).toBeVisible();
    await verificar(caminho);
    const adicionar = page.locator('#conteudo').getByRole('button', { name: 'Adicionar', exact: true });
    if (await adicionar.count()) {
      await adicionar.first().click();
      await expect(page).not.toHaveURL(caminho);
      await expect(page.locator('#conteudo h1').first()).toBeVisible();
      await verificar(`${new URL(page.url()).pathname}`);
    }
    // An existing record's edit page, when the list has one (the seeded stalls, routes, groups...).
    await page.goto(caminho);
    await expect(page.locator('#conteudo h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const editar = page.locator('#conteudo').getByRole('button', { name: /^Editar / });
    if (await editar.count()) {
      await editar.first().click();
      // An edit page, or (the users' roles) an edit dialog over the list.
      await expect.poll(async () => new URL(page.url()).pathname !== caminho || (await page.getByRole('dialog').count()) > 0).toBe(true);
      await expect(page.locator('#conteudo h1').first()).toBeVisible();
      await verificar(`${new URL(page.url()).pathname} (edição)`);
    }
  }
  expect(achados).toEqual([]);
});

test('acessibilidade dos avisos (toasts) de erro e de sucesso', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('ninguem@e2e.local');
  await page.getByLabel('Senha', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.locator('.p-toast-message-error')).toBeVisible();
  await semViolacoesGraves(page);
  await page.goto('/reset');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('.p-toast-message-success')).toBeVisible();
  await semViolacoesGraves(page);
});
