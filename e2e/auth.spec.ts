import { expect, test } from './support';
import { ADMIN, criarUsuario, entrar, linhas, mailsPara, textoDoEmail, toast } from './support';

const AVISO = 'Desculpe, mas ainda não foi atribuído perfil para o seu usuário. Favor entrar em contato com a TI da prefeitura para ajuste.';

test('login: validações e credenciais inválidas', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/reset');
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/register');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('O e-mail é obrigatório')).toBeVisible();
  await expect(page.getByText('A senha é obrigatória')).toBeVisible();
  await page.getByLabel('E-mail').fill('nao-e-email');
  await page.getByLabel('E-mail').blur();
  await expect(page.getByText('O e-mail inserido é inválido')).toBeVisible();
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await toast(page, 'Email ou senha inválido');
  await expect(page).toHaveURL(/\/$/);
});

test('cadastro → super-admin dá o perfil em /usuarios → o usuário vê só o menu do seu grupo', async ({ page, browser }) => {
  const email = `novo${Date.now()}@e2e.local`;
  await page.goto('/register');
  await page.getByLabel('Nome', { exact: true }).fill('Maria Agrônoma');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Senha#123');
  await page.getByLabel('Confirmar senha').fill('outra');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('As senhas devem ser iguais')).toBeVisible();
  await page.getByLabel('Confirmar senha').fill('Senha#123');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await toast(page, 'Conta criada com sucesso');
  await expect(page).toHaveURL(/\/$/);

  // A second registration with the same e-mail (other case) is refused.
  await page.goto('/register');
  await page.getByLabel('Nome', { exact: true }).fill('Outra');
  await page.getByLabel('E-mail').fill(email.toUpperCase());
  await page.getByLabel('Senha', { exact: true }).fill('Outra#Senha9');
  await page.getByLabel('Confirmar senha').fill('Outra#Senha9');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await toast(page, 'Email usado em outra conta');

  // Without a profile: /home with the notice; the back office sends them back.
  await entrar(page, email, 'Senha#123');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(AVISO)).toBeVisible();
  await page.goto('/municipio');
  await expect(page).toHaveURL(/\/home$/);

  // The super-admin gives the user-agro role.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await entrar(admin);
  // The menu's link (the /admin landing shows a tile of the same name once it has loaded).
  await admin.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Usuários' }).click();
  await admin.getByLabel('Filtrar por E-mail').fill(email);
  await expect(linhas(admin)).toHaveCount(1);
  await expect(linhas(admin).first()).toContainText('Sem perfil');
  await admin.getByRole('button', { name: `Editar perfis de ${email}` }).click();
  await admin.getByLabel('Agronomia (user-agro)').check();
  await admin.getByRole('button', { name: 'Salvar' }).click();
  await toast(admin, 'Cadastro atualizado!');
  await expect(linhas(admin).first()).toContainText('user-agro');
  await adminCtx.close();

  // Signing in again: the menu of group 2 only, in upper case name, no Adicionar on Município.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await entrar(page, email, 'Senha#123');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('MARIA AGRÔNOMA', { exact: true })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Município' })).toBeVisible();
  for (const oculto of ['Rotas', 'Permissões', 'Logs', 'Usuários']) await expect(menu.getByRole('link', { name: oculto })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Município' }).click();
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);

  // 'Sair' signs out to '/' and clears what the app kept in the browser (the last route included): the next
  // sign-in starts on the landing page.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await entrar(page, email, 'Senha#123');
  await expect(page).toHaveURL(/\/admin$/);
});

test('redefinição de senha pelo link do e-mail', async ({ page, request }) => {
  const u = await criarUsuario(request, ['user-admin'], 'João Reset');
  await page.goto('/reset');
  await page.getByLabel('E-mail').fill('ninguem@e2e.local');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await toast(page, 'Email inexistente...');

  await page.getByLabel('E-mail').fill(u.email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await toast(page, 'Email enviado com sucesso');

  let link = '';
  await expect(async () => {
    const mail = mailsPara(u.email).at(-1);
    expect(mail).toBeTruthy();
    link = /https?:\/\/[^\s"<>]+nova-senha\?token=[\w-]+/.exec(textoDoEmail(mail!))![0];
  }).toPass({ timeout: 10_000 });

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(u.email)).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('NovaSenha#9');
  await page.getByLabel('Confirmar nova senha').fill('NovaSenha#9');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await toast(page, 'Senha alterada com sucesso');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await entrar(page, u.email, 'NovaSenha#9');
  await expect(page).toHaveURL(/\/admin$/);

  // The link is single-use.
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByText(/Link inválido ou expirado/)).toBeVisible();
});

test('página privada sem sessão vai para o login e, depois de entrar, volta a ela; rodapé abre "Sobre este Site"', async ({ page }) => {
  await page.goto('/pessoa');
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/pessoa$/);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/logs');
  await expect(page).toHaveURL(/\/$/);
  await entrar(page);
  await expect(page).toHaveURL(/\/logs$/);
  await page.getByRole('button', { name: 'Desenvolvido por: Fábrica de Software' }).click();
  await expect(page.getByRole('dialog', { name: 'Sobre este Site' })).toBeVisible();
});

test('sessão: nada que pareça token no armazenamento; recarregar mantém; renovação pelo cookie; sair encerra', async ({ page, context }) => {
  await page.clock.install();
  await entrar(page);
  await expect(page).toHaveURL(/\/admin$/);
  const armazenado = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, sessao: { ...sessionStorage }, cookies: document.cookie }));
  // No JWT, no opaque 43-character token, no token field: only the user's name, roles, permissions and screens' state.
  expect(armazenado).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
  expect(armazenado).not.toMatch(/[A-Za-z0-9_-]{43}/);
  expect(armazenado).not.toMatch(/token/i);
  const cookie = (await context.cookies()).find((c) => c.name === 'ceasa_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/sessao' });

  // A reload keeps the session: the app gets a new access token through the cookie.
  const renovacao = page.waitForResponse((r) => r.url().endsWith('/api/auth/sessao/refresh'));
  await page.reload();
  expect((await renovacao).status()).toBe(200);
  await expect(page.getByText('ADMINISTRADOR').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Município' }).click();
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();
  const depoisDoReload = (await context.cookies()).find((c) => c.name === 'ceasa_refresh')!.value;
  expect(depoisDoReload).not.toBe(cookie!.value);

  // 10 s before the 5-minute access token expires, the app refreshes it by itself.
  const automatica = page.waitForResponse((r) => r.url().endsWith('/api/auth/sessao/refresh'));
  await page.clock.fastForward('04:52');
  expect((await automatica).status()).toBe(200);
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();

  // Sign-out revokes the session and clears the cookie; a reload then lands on the sign-in page.
  const antigo = (await context.cookies()).find((c) => c.name === 'ceasa_refresh')!.value;
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'ceasa_refresh')).toBe(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const r = await page.request.post('/api/auth/sessao/refresh', {
    headers: { 'x-ceasa-csrf': '1', origin: new URL(page.url()).origin, cookie: `ceasa_refresh=${antigo}` },
  });
  expect(r.status()).toBe(401);
});

test('página aberta num endereço que o servidor não aceita: o login diz qual endereço usar', async ({ page, baseURL }) => {
  // As a browser at the server's LAN address would send it (this server listens on loopback only).
  const outro = 'http://192.168.0.10:3000';
  await page.route('**/api/auth/sessao/login', (route) => route.continue({ headers: { ...route.request().headers(), origin: outro } }));
  await page.goto('/');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const aviso = `Este sistema não aceita entradas pelo endereço ${outro}. Abra ${baseURL}/login e entre por lá (ou peça ao responsável para incluir o endereço em ALLOWED_ORIGINS).`;
  // On the form itself (the toast says it too), so it stays after the toast is gone.
  await expect(page.locator('form').getByRole('alert')).toHaveText(aviso);
  await expect(page).toHaveURL(/\/$/);
});
