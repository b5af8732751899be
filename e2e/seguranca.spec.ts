import { entrar, expect, test } from './support';

// Browser security headers on every kind of answer, and no Content-Security-Policy violation on any
// back-office screen nor on the API documentation (the `test` of support.ts fails on any violation).

function cabecalhosDeSeguranca(h: Record<string, string>, onde: string) {
  const csp = h['content-security-policy'] ?? '';
  expect(csp, onde).toContain("script-src 'self'");
  expect(csp, onde).toContain("frame-ancestors 'none'");
  expect(csp, onde).toContain("object-src 'none'");
  expect(csp, onde).not.toContain('unsafe-eval');
  expect(csp.match(/script-src [^;]*/)?.[0], onde).not.toContain('unsafe-inline');
  expect(h['x-frame-options'], onde).toBe('DENY');
  expect(h['x-content-type-options'], onde).toBe('nosniff');
  expect(h['referrer-policy'], onde).toBe('same-origin');
  // Served over plain http here (no https PUBLIC_URL): no HSTS.
  expect(h['strict-transport-security'], onde).toBeUndefined();
}

test('cabeçalhos de segurança em páginas, arquivos (pré-comprimidos), API, erros e identidade', async ({ request }) => {
  const home = await request.get('/home');
  expect(home.status()).toBe(200);
  cabecalhosDeSeguranca(home.headers(), '/home');
  const html = await home.text();
  expect(html).not.toMatch(/<script>(?!<\/script>)/);
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
  const js = await request.get(asset, { headers: { 'accept-encoding': 'br' } });
  expect(js.headers()['content-encoding']).toBe('br');
  cabecalhosDeSeguranca(js.headers(), asset);
  for (const url of [
    '/precos-iniciais.js',
    '/api/health',
    '/api/municipio',
    '/api/nao-existe',
    '/realms/ceasa/.well-known/openid-configuration',
    '/api/docs',
  ]) {
    const r = await request.get(url);
    cabecalhosDeSeguranca(r.headers(), url);
  }
});

test('nenhuma violação da CSP nas telas do back-office', async ({ page }) => {
  await entrar(page);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link').first()).toBeVisible();
  const rotas = [...new Set(await menu.getByRole('link').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname)))];
  expect(rotas.length).toBeGreaterThan(8);
  for (const rota of ['/admin', ...rotas]) {
    await page.goto(rota);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const adicionar = page.getByRole('button', { name: 'Adicionar' });
    if (await adicionar.count()) {
      await adicionar.first().click();
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
  }
  for (const rota of ['/home', '/login', '/register', '/reset', '/nova-senha?token=x']) {
    await page.goto(rota);
    await page.waitForLoadState('networkidle');
  }
});

test('a documentação da API (/api/docs) abre sem violar a CSP', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('CEASA Regional - API').first()).toBeVisible();
  // Swagger UI renders only the operations near the viewport: once the first ones show, scroll as a reader would,
  // each time waiting for the page to show what the scroll brought, until the operation shows. Signed out, the page
  // documents the public routes only (the privacy notice's is among the last).
  await expect(page.getByRole('button', { name: /^(GET|POST|PUT|DELETE) \/api\// }).first()).toBeVisible();
  const municipio = page.getByText('/api/publico/privacidade').first();
  await expect(async () => {
    if (await municipio.isVisible()) return;
    await page.mouse.wheel(0, 600);
    await expect(municipio).toBeVisible({ timeout: 500 });
  }).toPass({ intervals: [0], timeout: 30_000 });
});

test('a última rota salva é só um caminho interno: depois de visitar //evil.example/x, a próxima entrada leva ao painel', async ({ page }) => {
  const painel = /^[^?#]*\/\/?[^/]+\/admin(\?[^#]*)?$/;
  const sairEEntrar = async () => {
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await entrar(page);
    await expect(page.getByRole('heading', { name: /^Olá,/ })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(origem);
    await expect(page).toHaveURL(painel);
  };
  await entrar(page);
  const origem = new URL(page.url()).origin;
  // The path itself (a relative '//evil.example/x' would be another site for the browser).
  await page.goto(`${origem}//evil.example/x`);
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  await sairEEntrar();
  await expect(page.getByText('External navigation is not allowed')).toHaveCount(0);

  // A route saved by hand or by an older version is not followed either.
  for (const salva of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x']) {
    await page.evaluate((r) => localStorage.setItem('ceasa.ultimaRota', r), salva);
    await sairEEntrar();
  }
});
