import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT } from '../playwright.config';
import { MANUAL, TAREFAS } from '../apps/web/src/features/ajuda/manual';
import { entrar, expect, imprimirPdf, semViolacoesGraves, test } from './support';

/**
 * The manual (/ajuda). Its pictures are taken here, from the demo data (`npm run seed:demo` into a folder of
 * its own, served by a second server), into apps/web/public/ajuda: a screen that changes changes its picture
 * in the working tree. Then, on the suite's server, the manual loads with every picture, every back-office
 * screen's '?' opens a section that exists, and the manual prints as one document.
 */
const raiz = path.resolve(import.meta.dirname, '..');
const FOTOS = path.join(raiz, 'apps/web/public/ajuda');
const PORTA_DEMO = E2E_PORT + 8;
const DEMO = { email: 'manual@demo.local', senha: 'Manual#demo1' };

test.describe('fotos do manual', () => {
  let dataDir = '';
  let servidor: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-manual-'));
    const env = {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: DEMO.email,
      ADMIN_PASSWORD: DEMO.senha,
      LOG_LEVEL: 'warn',
      MFA_OBRIGATORIO: 'nenhum',
    };
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/seed/demo.ts'], { cwd: raiz, env, stdio: ['ignore', 'ignore', 'inherit'] });
    expect(seed.status, 'a demonstração não carregou').toBe(0);
    servidor = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: raiz,
      env: { ...env, PORT: String(PORTA_DEMO), HOST: '127.0.0.1', NODE_ENV: 'test' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`http://127.0.0.1:${PORTA_DEMO}/api/health`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (servidor && servidor.exitCode === null) {
      servidor.kill('SIGTERM');
      await new Promise((r) => servidor!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('cada tarefa tem a foto da sua tela, tirada dos dados de demonstração', async ({ page }) => {
    test.setTimeout(300_000);
    const base = `http://127.0.0.1:${PORTA_DEMO}`;
    await page.goto(`${base}/login`);
    await page.getByLabel('E-mail').fill(DEMO.email);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.senha);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/admin$/);

    // A romaneio, its lot and a bulletin of the demo, for the screens that show one record.
    const r = await page.request.post(`${base}/realms/ceasa/protocol/openid-connect/token`, {
      form: { grant_type: 'password', client_id: 'ceasa-web', username: DEMO.email, password: DEMO.senha },
    });
    expect(r.status()).toBe(200);
    const token = ((await r.json()) as { access_token: string }).access_token;
    const api = async <T>(url: string): Promise<T> => {
      const r = await page.request.get(`${base}/api/${url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status(), url).toBe(200);
      return (await r.json()) as T;
    };
    const [romaneio] = (await api<{ content: { id: number }[] }>('romaneio?page=0&size=1&sort=id,desc')).content;
    const completo = await api<{ itens: { lote: string }[] }>(`romaneio/${romaneio.id}`);
    const [boletim] = (await api<{ content: { id: number }[] }>('boletim?page=0&size=1&sort=id,desc')).content;
    const valores: Record<string, string> = { romaneio: String(romaneio.id), lote: completo.itens[0].lote, boletim: String(boletim.id) };

    mkdirSync(FOTOS, { recursive: true });
    for (const t of TAREFAS) {
      const caminho = t.foto.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(valores[k]));
      // The public lot page opens on a phone: its picture is a phone's.
      await page.setViewportSize(caminho.startsWith('/lote/') ? { width: 412, height: 860 } : { width: 1366, height: 900 });
      await page.goto(`${base}${caminho}`);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Nothing still loading in the picture: no busy button, table overlay or 'Carregando...'.
      await expect(page.locator('.p-button-loading, .p-datatable-loading-overlay, .p-progress-spinner')).toHaveCount(0);
      await expect(page.getByText(/^Carregando/)).toHaveCount(0);
      // The task's own state of a screen two tasks share: a button's dialog or message, a filter typed, a section.
      const { clicar, preencher, rolarAte } = t.preparo ?? {};
      if (preencher) {
        await page.getByLabel(preencher.rotulo, { exact: true }).fill(preencher.texto);
        await page.waitForLoadState('networkidle');
      }
      if (clicar) {
        await page.getByRole('button', { name: clicar, exact: true }).click();
        await expect(page.locator('.p-dialog, .p-toast-message').first()).toBeVisible();
        await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
        await page.waitForLoadState('networkidle');
        await expect(page.locator('.p-button-loading, .p-progress-spinner')).toHaveCount(0);
      }
      if (rolarAte) await page.locator(rolarAte).evaluate((e) => e.scrollIntoView({ block: 'start' }));
      const arquivo = path.join(FOTOS, `${t.id}.jpg`);
      await page.screenshot({ path: arquivo, type: 'jpeg', quality: 70 });
      expect(statSync(arquivo).size, t.id).toBeGreaterThan(10_000);
    }

    // Each task's picture shows its own screen or state: no two pictures are the same file.
    const porConteudo = new Map<string, string[]>();
    for (const t of TAREFAS) {
      const soma = createHash('sha256')
        .update(readFileSync(path.join(FOTOS, `${t.id}.jpg`)))
        .digest('hex');
      porConteudo.set(soma, [...(porConteudo.get(soma) ?? []), t.id]);
    }
    expect([...porConteudo.values()].filter((ids) => ids.length > 1)).toEqual([]);
  });
});

test('o manual abre com as fotos, cada tela leva à sua parte pelo "?" e imprime como um documento', async ({ page }) => {
  test.setTimeout(180_000);
  await entrar(page);
  await page.goto('/ajuda');
  await expect(page.getByRole('heading', { name: 'Manual do sistema', level: 1 })).toBeVisible();
  for (const p of MANUAL) await expect(page.getByRole('heading', { name: p.titulo, level: 2 })).toBeVisible();
  const fotos = page.locator('.manual-tarefa img');
  await expect(fotos).toHaveCount(TAREFAS.length);
  for (const img of await fotos.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth)).toBeGreaterThan(0);
  }
  await semViolacoesGraves(page);

  // Every screen of the side menu: its '?' names a section the manual has.
  const ancoras = new Set(await page.locator('.manual [id]').evaluateAll((es) => es.map((e) => e.id)));
  const menu = page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link');
  const entradas = await menu.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(entradas.length).toBeGreaterThan(15);
  for (const href of ['/admin', ...entradas]) {
    await page.goto(href);
    const ajuda = page.getByRole('link', { name: 'Ajuda desta tela' });
    const destino = (await ajuda.getAttribute('href')) ?? '';
    expect(destino, href).toMatch(/^\/ajuda#/);
    expect(ancoras.has(destino.slice('/ajuda#'.length)), `${href} → ${destino}`).toBe(true);
  }

  // From the romaneio list, the '?' opens the manual at the labels' task.
  await page.goto('/romaneio');
  await page.getByRole('link', { name: 'Ajuda desta tela' }).click();
  await expect(page).toHaveURL(/\/ajuda#ficha-e-etiquetas$/);
  await expect(page.getByRole('heading', { name: 'Imprimir a ficha de controle e as etiquetas', level: 3 })).toBeInViewport();

  await page.getByRole('button', { name: 'Imprimir manual' }).click();
  await expect(page.getByRole('dialog', { name: 'Manual do sistema' })).toBeVisible();
  await imprimirPdf(page, 'manual', { contem: ['Manual do sistema', ...MANUAL.map((p) => p.titulo)], tamanhoMinimo: 200_000 });
});
