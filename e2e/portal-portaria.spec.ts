import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatChaveNfe, formatDate, formatKg, montarChaveNfe, notaDaChave, type ChegadaRegistro, type Romaneio } from '@ceasa/shared';
import { E2E_PORT } from '../playwright.config';
import {
  ADMIN,
  abrirPortaria,
  apiAdmin,
  ARTEFATOS,
  diasAtrasIso,
  entrar,
  expect,
  iniciarInstancia,
  maisDias,
  pararInstancia,
  semViolacoesGraves,
  servidorLento,
  sufixoUnico,
  test,
  toast,
} from './support';
import { boletimDe, cpfUnico, municipio, pedraLivre, produtosNumGrupo, propriedade, tecnico } from './fabricas';

/*
 * A load announced in the portal, received at the gate (docs/produto/portal.md, decision 0298). The producer announces
 * today's load through the API; the clerk, on a slow server (every list answer 300–800 ms late), types the date, the
 * debt and the producer, and presses Enter on 'Usar a chegada' (focused when it appears): the items come in packages
 * and the NF-e key with them; he corrects one quantity, picks a stall and saves at full speed (Salvar clicked twice).
 * The stored romaneio is compared field by field with what was announced and corrected, and the load reads 'recebida'.
 *
 * Its own instance (E2E_PORT + 6) on an embedded database of its own: the producer's portal account is written there
 * before it starts (e2e/conta-do-produtor.ts), as the portal's sign-in would give it.
 */
const PORTA = E2E_PORT + 6;
const BASE = `http://127.0.0.1:${PORTA}`;
const RAIZ = path.resolve(import.meta.dirname, '..');
/** Every weekday a market day: today's load is announced and received whatever the day the suite runs. */
const ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.senha, CEASA_DIAS_MERCADO: '0,1,2,3,4,5,6', LOGIN_MAX_ATTEMPTS: '50' };

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

let instancia: ChildProcess | undefined;
let pasta = '';
const s = sufixoUnico();
const produtor = { nome: `Graça Anunciante ${s}`, cpf: cpfUnico(), pessoaId: 0, token: '' };

test.beforeAll(async () => {
  pasta = mkdtempSync(path.join(os.tmpdir(), 'ceasa-e2e-portal-'));
  const env = { ...process.env, ...ENV, DATABASE_URL: '', DATA_DIR: pasta, PORT: String(PORTA), HOST: '127.0.0.1', PUBLIC_URL: BASE, LOG_LEVEL: 'warn' };
  const conta = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/conta-do-produtor.ts', produtor.nome, produtor.cpf, `graca.${s}@produtor.test`], {
    cwd: RAIZ,
    env,
    encoding: 'utf8',
  });
  if (conta.status !== 0) throw new Error(`A conta do produtor não foi criada: ${conta.stderr}`);
  Object.assign(produtor, JSON.parse(conta.stdout.trim().split('\n').pop()!) as { pessoaId: number; token: string });
  instancia = await iniciarInstancia({ porta: PORTA, dataDir: pasta, env: ENV });
});

test.afterAll(async () => {
  if (instancia) await pararInstancia(instancia);
  if (pasta) rmSync(pasta, { recursive: true, force: true });
});

async function peloRotulo(page: Page, rotulo: string) {
  await page.locator('label', { hasText: new RegExp(`^${rotulo}$`) }).click();
  await expect(page.getByLabel(rotulo, { exact: true })).toBeFocused();
}

test("a portaria usa a chegada anunciada: Enter em 'Usar a chegada' com o servidor lento, uma quantidade corrigida, a pedra, Salvar duas vezes; o romaneio é o anunciado e a chegada fica recebida", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const hoje = diasAtrasIso(0);
  const [ano, mes] = hoje.split('-').map(Number);
  // His harvest: tomato in 20 kg boxes, lettuce in 10 kg ones, harvestable from 10 days ago to 30 ahead.
  const { produtos } = await produtosNumGrupo(request, [
    { nome: `Tomate Portal ${s}`, embalagem: 'CX 20kg', pesoEmKg: 20 },
    { nome: `Alface Portal ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 },
  ]);
  const [tomate, alface] = produtos;
  const m = await municipio(request);
  const sitio = await propriedade(request, { municipioId: m.id, proprietarioId: produtor.pessoaId });
  const { itens } = await boletimDe(request, {
    produtor: { id: produtor.pessoaId },
    propriedade: sitio,
    tecnico: await tecnico(request),
    produtos,
    visita: maisDias(hoje, -30),
    inicio: maisDias(hoje, -10),
    fim: maisDias(hoje, 30),
  });

  // The producer announces today's load in the portal: 500 kg of tomato, 35 kg of lettuce, his invoice's key.
  const chave = montarChaveNfe({ ano, mes, emitente: produtor.cpf, numero: Number(s) });
  const anuncio = await request.post('/api/portal/chegadas', {
    headers: { authorization: `Bearer ${produtor.token}` },
    data: {
      data: hoje,
      itens: [
        { produtoId: tomate.id, quantidade: 500 },
        { produtoId: alface.id, quantidade: 35 },
      ],
      chavesNfe: [chave],
      observacao: 'Chego às 5h',
    },
  });
  expect(anuncio.status(), await anuncio.text()).toBe(201);
  const chegada = (await anuncio.json()) as ChegadaRegistro;
  const divida = Number(`6${s}1`);
  const livre = await pedraLivre(request, hoje);

  await servidorLento(page);
  await entrar(page);
  await abrirPortaria(page);
  await expect(page.getByRole('heading', { name: 'Novo Romaneio' })).toBeVisible();
  await peloRotulo(page, 'Datas de Emissão');
  await page.keyboard.type(formatDate(hoje).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await peloRotulo(page, 'Dívida');
  await page.keyboard.type(String(divida));
  await peloRotulo(page, 'Produtor');
  await page.keyboard.type(produtor.nome.toLowerCase());
  await page.keyboard.press('Enter');

  // His load of the day, its button focused when it appears: Enter uses it.
  const usar = page.getByRole('button', { name: 'Usar a chegada' });
  await expect(usar).toBeFocused();
  await expect(page.getByTestId('chegada-anunciada')).toHaveText(
    `Chegada anunciada: 2 produto(s) — ${tomate.nome} ${formatKg(500)}, ${alface.nome} ${formatKg(35)}`,
  );
  await page.screenshot({ path: path.join(ARTEFATOS, 'portal-portaria-chegada.png'), fullPage: true });
  await page.keyboard.press('Enter');
  // In packages: 500 kg of 20 kg boxes, 35 kg of 10 kg ones; the cursor on the first quantity, to check it.
  const qTomate = page.getByLabel(`Quantidade de ${tomate.nome}`, { exact: true });
  const qAlface = page.getByLabel(`Quantidade de ${alface.nome}`, { exact: true });
  await expect(qTomate).toHaveValue('25,00');
  await expect(qAlface).toHaveValue('3,50');
  await expect(qTomate).toBeFocused();
  await expect(page.getByTestId('chaves-nfe').getByRole('listitem')).toHaveText([`${notaDaChave(chave)} ${formatChaveNfe(chave)}`]);
  await semViolacoesGraves(page);

  // The clerk corrects the lettuce (4 boxes came), picks the stall and saves: Salvar twice at full speed.
  await qAlface.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  await peloRotulo(page, 'Pedras');
  await page.keyboard.type(livre.numero.trim());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Remover a pedra ${livre.numero.trim()}` })).toHaveCount(1);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/romaneio')) posts.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Salvar' }).dblclick();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/romaneio$/);
  expect(posts).toHaveLength(1);

  // What the API stored, field by field: the announced load as corrected, naming the load.
  const salvos = await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida}`);
  expect(salvos).toHaveLength(1);
  const [r] = salvos;
  expect([r.dataEmissao, r.divida, r.pessoaId, r.chegadaId]).toEqual([hoje, divida, produtor.pessoaId, chegada.id]);
  expect(r.chavesNfe).toEqual([chave]);
  expect(r.pedras.map((p) => [p.pedrasNumero.trim(), p.ocupacao])).toEqual([[livre.numero.trim(), null]]);
  expect(r.itens.map((i) => [i.produtoId, i.quantidade, i.boletimItensId])).toEqual([
    [tomate.id, 25, itens[0]],
    [alface.id, 4, itens[1]],
  ]);

  // The load is received: the producer reads it so, and so does /admin's day.
  const lida = await request.get(`/api/portal/chegadas/${chegada.id}`, { headers: { authorization: `Bearer ${produtor.token}` } });
  expect(lida.status()).toBe(200);
  expect((await lida.json()) as ChegadaRegistro).toMatchObject({ situacao: 'recebida', romaneioId: r.id, itens: chegada.itens, chavesNfe: [chave] });
  await page.goto(`/admin?data=${hoje}`);
  const linha = page
    .getByRole('table', { name: /Chegadas anunciadas/ })
    .getByRole('row')
    .filter({ hasText: produtor.nome });
  await expect(linha).toContainText(`Recebida (romaneio ${r.id})`);
  await page.screenshot({ path: path.join(ARTEFATOS, 'portal-portaria-admin.png'), fullPage: true });
});
