import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { formatCpfCnpj, formatDate, normalizarDocumento, partesNoMercado } from '@ceasa/shared/format';
import { completarDocumento } from '@ceasa/shared/documento';
import { E2E_PORT, INDICE_WORKER } from '../playwright.config';

/**
 * Every browser test runs with this `test`: it records the Content-Security-Policy violations of every
 * page of the test's browser context (the `securitypolicyviolation` event and Chromium's own console
 * error) and fails the test if there was any, so every screen the suite visits passes the policy.
 */
export const test = base.extend<{ violacoesCsp: string[] }>({
  violacoesCsp: [
    async ({ context }, use) => {
      const violacoes = vigiarCsp(context);
      await use(violacoes);
      expect(violacoes, 'violações da Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Starts recording the CSP violations of every page of `context` (also pages opened later). */
export function vigiarCsp(context: BrowserContext): string[] {
  const violacoes: string[] = [];
  void context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violada: ${e.effectiveDirective} bloqueou ${e.blockedURI || 'inline'} em ${e.sourceFile || location.pathname}:${e.lineNumber}`),
    );
  });
  const ouvir = (p: Page) =>
    p.on('console', (m) => {
      if (m.type() === 'error' && /CSP violada|Content Security Policy/i.test(m.text())) violacoes.push(`${p.url()}: ${m.text()}`);
    });
  context.pages().forEach(ouvir);
  context.on('page', ouvir);
  return violacoes;
}

export const ADMIN = { email: 'admin@e2e.local', senha: 'Admin#e2e1' };
/** The client of the built-in OpenID Connect provider the browser test plays (a listener on its server's port + 5). */
export const clienteOidc = (portaServidor: number) => ({
  client_id: 'sistema-e2e',
  redirect_uris: [`http://127.0.0.1:${portaServidor + 5}/cb`],
  post_logout_redirect_uris: [`http://127.0.0.1:${portaServidor + 5}/saiu`],
});
export const PORTA_CLIENTE_OIDC = E2E_PORT + 5;
export const CLIENTE_OIDC = clienteOidc(E2E_PORT);

/** Where worker `indice`'s SMTP receiver saves its server's mails. */
export const pastaDeMails = (indice: number) => path.resolve(import.meta.dirname, '..', '.tmp', `e2e-mail-${indice}`);
export const MAIL_DIR = pastaDeMails(INDICE_WORKER);
/** Screenshots, printed PDFs and their page-1 PNGs, kept for a visual check after the run. */
export const ARTEFATOS = path.resolve(import.meta.dirname, '..', '.tmp', 'e2e-artifacts');

/**
 * Debts of the tax system the tests look up (parking and romaneio debt fields), loaded into the
 * `dividas` table by global-setup through the CSV import (`npm run dividas:import`) before the server starts.
 */
export const DIVIDAS_E2E = [
  { numero: 20259001, nomeContribuinte: 'Contribuinte E2E Ltda', valorPgto: '1.250,75' },
  { numero: 20259002, nomeContribuinte: 'Contribuinte Quitado E2E', valorPgto: '0,00' },
  { numero: 20259003, nomeContribuinte: 'Feirante do Mapa E2E', valorPgto: '310,00' },
  { numero: 20259004, nomeContribuinte: 'Contribuinte da Portaria E2E', valorPgto: '99,90' },
] as const;

/** Access tokens by e-mail (lower case), reused until 30 s before they expire: a sign-in costs an Argon2 hash on the server. */
const tokens = new Map<string, { senha: string; token: string; expiraEm: number }>();

/** A token for API set-up calls (the browser flow itself always goes through the screens). */
export async function tokenApi(request: APIRequestContext, email = ADMIN.email, senha = ADMIN.senha): Promise<string> {
  const chave = email.toLowerCase();
  const guardado = tokens.get(chave);
  if (guardado && guardado.senha === senha && Date.now() < guardado.expiraEm - 30_000) return guardado.token;
  const pedidoEm = Date.now();
  const r = await request.post('/realms/ceasa/protocol/openid-connect/token', {
    form: { grant_type: 'password', client_id: 'ceasa-web', username: email, password: senha },
  });
  expect(r.ok(), await r.text()).toBeTruthy();
  const { access_token: token, expires_in: validade } = (await r.json()) as { access_token: string; expires_in?: number };
  tokens.set(chave, { senha, token, expiraEm: pedidoEm + Number(validade ?? 0) * 1000 });
  return token;
}

/** Calls the API as the admin; throws with the server's message on failure. */
/**
 * A CPF (11 digits) or CNPJ (14) of test data with its check digits made right (decision 0180: a new document's
 * are verified): the first 9 (or 12) characters kept, the last two computed. Masked input keeps its mask.
 */
export function documentoValido(v: string): string {
  const d = normalizarDocumento(v);
  if (!/^\d{11}$/.test(d) && !/^[0-9A-Z]{12}\d{2}$/.test(d)) return v;
  const certo = completarDocumento(d.slice(0, d.length - 2));
  return /^\d+$/.test(v) ? certo : formatCpfCnpj(certo);
}

/** A person created through the API gets a document with right check digits (see documentoValido). */
const comDocumentoValido = (method: string, url: string, data: unknown) =>
  method === 'POST' && url === 'pessoa' && data && typeof (data as { cpfcnpj?: unknown }).cpfcnpj === 'string'
    ? { ...(data as object), cpfcnpj: documentoValido((data as { cpfcnpj: string }).cpfcnpj) }
    : data;

export async function apiAdmin<T = unknown>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, dados?: unknown): Promise<T> {
  const data = comDocumentoValido(method, url, dados);
  const chamar = async () => request.fetch(`/api/${url}`, { method, data, headers: { authorization: `Bearer ${await tokenApi(request)}` } });
  let r = await chamar();
  if (r.status() === 401) {
    // The cached token's session may have ended meanwhile: sign in again once.
    tokens.delete(ADMIN.email.toLowerCase());
    r = await chamar();
  }
  if (!r.ok()) throw new Error(`${method} ${url}: ${r.status()} ${await r.text()}`);
  const text = await r.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates an account through the register endpoint and gives it roles as the super-admin would. */
export async function criarUsuario(request: APIRequestContext, roles: string[], nome = 'Usuário E2E') {
  const email = `u${Date.now()}${Math.floor(Math.random() * 1000)}@e2e.local`;
  const senha = 'Senha#123';
  const r = await request.post('/api/auth/register', { data: { nome, email, senha } });
  expect(r.status()).toBe(201);
  const { id } = await r.json();
  if (roles.length) await apiAdmin(request, 'PUT', `usuarios/${id}`, { roles });
  return { id, email, senha, nome };
}

/**
 * Opens the gate form at `caminho` once its market calendar is read and drawn: the notice that today is not a market
 * day comes with the calendar, above the fields, and moves them; a label clicked before that can be missed.
 */
export async function abrirPortaria(page: Page, caminho = '/romaneiocreate') {
  const calendario = page.waitForResponse((r) => r.url().includes('/api/feriado/calendario'));
  await page.goto(caminho);
  await calendario;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

export async function entrar(page: Page, email = ADMIN.email, senha = ADMIN.senha) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Mails received by the test SMTP server addressed to `to`, newest last. */
export function mailsPara(to: string): string[] {
  return readdirSync(MAIL_DIR)
    .sort()
    .map((f) => readFileSync(path.join(MAIL_DIR, f), 'utf8'))
    .filter((m) => m.toLowerCase().includes(to.toLowerCase()));
}

/** Decodes quoted-printable bodies enough to find links. */
export function textoDoEmail(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

export async function toast(page: Page, texto: string | RegExp) {
  await expect(page.locator('.p-toast-message').filter({ hasText: texto }).first()).toBeVisible();
}

/**
 * Picks `opcao` in the pick list of the form field labelled `rotulo`: the typed search box (CampoBusca, a
 * combobox whose list is drawn over the page) with the mouse, after typing the option's text when it is one.
 */
export async function escolherOpcao(page: Page, rotulo: string, opcao: string | RegExp) {
  const campo = page.locator('.field').filter({ has: page.locator('label', { hasText: new RegExp(`^${rotulo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  const caixa = campo.getByRole('combobox').first();
  // Already chosen (a form's default): nothing to do.
  if (typeof opcao === 'string' && (await caixa.inputValue()) === opcao) return;
  await caixa.click();
  if (typeof opcao === 'string') await caixa.fill(opcao);
  const lista = page.locator(`[id="${await caixa.getAttribute('aria-controls')}"]`);
  if (await lista.isHidden()) await caixa.press('ArrowDown');
  await lista.getByRole('option', { name: opcao }).first().click();
  await expect(lista).toBeHidden();
}

/** The search box (combobox) of the pick list of the form field labelled `rotulo`. */
export const caixaDeBusca = (page: Page, rotulo: string) => page.getByRole('combobox', { name: rotulo, exact: true });

/** Picks an option in a list's dropdown filter (the column header's PrimeReact Dropdown labelled `rotulo`). */
export async function filtrarPorOpcao(page: Page, rotulo: string, opcao: string) {
  await page
    .locator('.p-dropdown')
    .filter({ has: page.getByLabel(rotulo, { exact: true }) })
    .click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: opcao, exact: true }).click();
}

/** The body rows of the page's data table(s). */
export const linhas = (page: Page) => page.locator('.p-datatable-tbody > tr');

/** Clears a (masked or numeric) field and types `texto` into it key by key at full speed, right after the click. */
export async function redigitar(campo: Locator, texto: string) {
  await campo.click();
  await campo.press('Control+a');
  await campo.press('Backspace');
  await campo.pressSequentially(texto);
}

/** Types 'dd/mm/aaaa' into a masked date picker as a user does (the digits), leaves it with Tab and checks the value it shows. */
export async function digitarData(campo: Locator, ddmmaaaa: string) {
  await redigitar(campo, ddmmaaaa.replace(/\D/g, ''));
  await campo.press('Tab');
  await expect(campo).toHaveValue(ddmmaaaa);
}

/** Five digits of the clock, for names and documents no other test (or run on the same database) uses. */
export const sufixoUnico = () => String(Date.now()).slice(-5);

/** Today in São Paulo as 'yyyy-mm-dd': the browser's time zone (`timezoneId` in playwright.config.ts), not the Node process's. */
function hojeIso(): string {
  const p = partesNoMercado(new Date());
  return `${p.year}-${p.month}-${p.day}`;
}

/** Today in São Paulo as the screens show it: 'dd/mm/yyyy'. */
export const hojeBR = () => formatDate(hojeIso());

/** The calendar day `n` days after `iso` ('yyyy-mm-dd'; `n` < 0: before), as 'yyyy-mm-dd'. */
export function maisDias(iso: string, n: number): string {
  const [a, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(a, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The calendar day `n` days before today in São Paulo, as 'yyyy-mm-dd' (the API's date format). */
export const diasAtrasIso = (n: number) => maisDias(hojeIso(), -n);

/** axe: no serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
/**
 * The serious or critical accessibility violations axe finds on the page, as 'rule: targets' lines: WCAG 2.0,
 * 2.1 and 2.2 A/AA (2.2's 'target-size' included: 24 × 24 px targets).
 */
export async function violacoesGraves(page: Page): Promise<string[]> {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const graves = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  return graves.map(
    (v) =>
      `${v.id}: ${v.nodes.length} (${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')})`,
  );
}

export async function semViolacoesGraves(page: Page) {
  expect(await violacoesGraves(page)).toEqual([]);
}

/**
 * Prints the page with the print stylesheet to an A4 PDF `ARTEFATOS/<nome>.pdf` (then back to the screen media),
 * checks its size and text, renders page 1 to PNG for a visual check, and returns the text.
 */
export async function imprimirPdf(
  page: Page,
  nome: string,
  opts: { contem?: readonly string[]; naoContem?: readonly string[]; tamanhoMinimo?: number } = {},
): Promise<string> {
  mkdirSync(ARTEFATOS, { recursive: true });
  const pdf = path.join(ARTEFATOS, `${nome}.pdf`);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  expect(statSync(pdf).size).toBeGreaterThan(opts.tamanhoMinimo ?? 5000);
  const texto = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  for (const t of opts.contem ?? []) expect(texto).toContain(t);
  for (const t of opts.naoContem ?? []) expect(texto).not.toContain(t);
  if (existsSync('/usr/bin/pdftoppm')) execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', pdf, path.join(ARTEFATOS, nome)]);
  return texto;
}

/** Seeded draws (mulberry32): the same entries, and the same delays, for the same seed. */
export function sorteio(semente: number) {
  let a = semente >>> 0;
  const r = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { r, inteiro: (min: number, max: number) => min + Math.floor(r() * (max - min + 1)), um: <T>(l: readonly T[]) => l[Math.floor(r() * l.length)] };
}

/**
 * A slow server, as the desk meets it on a busy morning: every list answer the page asks for (a GET
 * under /api/, or a POST to a `search…` route) is held back by a random 300–800 ms (seeded, so a run can be
 * repeated) before it goes to the server. Saves are not delayed. Call before the page navigates;
 * `page.unroute('**\/api/**')` ends it.
 */
export async function servidorLento(page: Page, { min = 300, max = 800, semente = Number(process.env.E2E_SEED ?? 28) } = {}) {
  const { inteiro } = sorteio(semente);
  await page.route('**/api/**', async (route) => {
    const req = route.request();
    const lista = req.method() === 'GET' || (req.method() === 'POST' && /\/search/i.test(new URL(req.url()).pathname));
    if (lista) await new Promise((r) => setTimeout(r, inteiro(min, max)));
    await route.continue().catch(() => undefined);
  });
}

/**
 * Starts one more product instance exactly as `npm start` runs it (the built web, an embedded database in `dataDir`),
 * on `host`:`porta` with PUBLIC_URL its own address and `env` on top, and waits for its health answer (60 s at most).
 * Stop it with `pararInstancia`.
 */
export async function iniciarInstancia(o: { porta: number; host?: string; dataDir: string; env?: Record<string, string> }): Promise<ChildProcess> {
  const host = o.host ?? '127.0.0.1';
  const p = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(o.porta),
      HOST: host,
      PUBLIC_URL: `http://${host}:${o.porta}`,
      DATA_DIR: o.dataDir,
      LOG_LEVEL: 'warn',
      // The instance's managers sign in with a password alone.
      MFA_OBRIGATORIO: 'nenhum',
      ...o.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const inicio = Date.now();
  for (;;) {
    if (p.exitCode !== null) throw new Error(`A instância em ${host}:${o.porta} terminou ao iniciar`);
    if (
      await fetch(`http://${host}:${o.porta}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return p;
    if (Date.now() - inicio > 60_000) {
      p.kill('SIGTERM');
      throw new Error(`A instância em ${host}:${o.porta} não respondeu em 60 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Stops an instance `iniciarInstancia` started (its own process, by its handle) and waits for it to exit. */
export async function pararInstancia(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null) return;
  const saiu = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await saiu;
}
