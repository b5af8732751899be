#!/usr/bin/env node
// The release as a municipality's server installs it (.ci/run runs this after `npm test`): `npm run release` on
// this checkout, the tarball extracted into a temporary folder, `npm ci --omit=dev` there (no development package
// may be installed), `npm start` (first-start time and peak memory printed), a sign-in through Chromium directly
// and through a real nginx in front with a self-signed certificate (deploy/nginx.conf; nginx from Debian, installed
// when missing and root, skipped with a notice otherwise), `npm run backup -- F` while it serves, a stop, and
// `npm run restore -- F` into another folder. The systemd unit goes through `systemd-analyze verify` where it exists.
// docs/decisions/0271-teste-da-release-e-arquivos-do-servidor.md.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as esperar } from 'node:timers/promises';
import { URL } from 'node:url';
import { chromium } from 'playwright-core';
import { ARGS_DO_CHROMIUM, CHROMIUM } from './chromium.mjs';

const RAIZ = path.resolve(import.meta.dirname, '..');
const inicio = performance.now();
/** Packages only development uses: none may be in the release's node_modules. */
const DE_DESENVOLVIMENTO =
  /^(esbuild|@esbuild\/.*|vite|@vitejs\/.*|rolldown|@rolldown\/.*|tsx|typescript|typescript-eslint|@typescript-eslint\/.*|eslint|eslint-.*|@eslint\/.*|prettier|vitest|@vitest\/.*|playwright|playwright-core|@playwright\/.*|lighthouse|puppeteer.*|autocannon|drizzle-kit|jsdom|@testing-library\/.*|smtp-server|@redocly\/.*)$/;
const ADMIN = { email: 'admin@ceasa.local', senha: 'Release-teste-2026' };

const segundos = () => `${Math.round((performance.now() - inicio) / 1000)} s`;
const passo = (texto) => console.log(`[release ${segundos()}] ${texto}`);
const falhar = (texto) => {
  throw new Error(texto);
};

function rodar(cmd, args, opcoes = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...opcoes });
  if (r.status !== 0) falhar(`Falhou (${r.status}): ${cmd} ${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A free TCP port on loopback. */
const portaLivre = () =>
  new Promise((ok, erro) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on('error', erro);
  });

/** Every package folder under a node_modules (scoped and nested ones included). */
function pacotes(nodeModules, achados = []) {
  if (!existsSync(nodeModules)) return achados;
  for (const nome of readdirSync(nodeModules)) {
    if (nome.startsWith('.')) continue;
    const pastas = nome.startsWith('@') ? readdirSync(path.join(nodeModules, nome)).map((n) => `${nome}/${n}`) : [nome];
    for (const p of pastas) {
      achados.push(p);
      pacotes(path.join(nodeModules, p, 'node_modules'), achados);
    }
  }
  return achados;
}

const tamanho = (pasta) => Number(execFileSync('du', ['-sk', pasta], { encoding: 'utf8' }).split('\t')[0]) * 1024;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The peak resident memory (VmHWM) of the Node process running the server in this process group. */
function picoDoServidor(grupo) {
  // Node itself, not npm or the shell that starts it.
  const servidor = doGrupo(grupo).find(({ cmdline: [programa, ...args] }) => path.basename(programa) === 'node' && args.some((a) => a.endsWith('server.mjs')));
  try {
    return servidor ? Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${servidor.pid}/status`, 'utf8'))[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The processes of the group `grupo` (pid and command line), zombies left out (their program has ended). */
function doGrupo(grupo) {
  const achados = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(campos[2]) === grupo && campos[0] !== 'Z')
        achados.push({ pid: Number(pid), cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') });
    } catch {
      // a process that ended meanwhile
    }
  }
  return achados;
}

/** Whether any process of the group `grupo` is still running. */
const vivo = (grupo) => doGrupo(grupo).length > 0;

/** `npm start` in the release, in its own process group (stopped with SIGTERM to the whole group). */
function iniciar(pasta, env, log) {
  const filho = spawn('npm', ['start'], { cwd: pasta, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const saida = [];
  filho.stdout.on('data', (d) => saida.push(d));
  filho.stderr.on('data', (d) => saida.push(d));
  filho.on('exit', () => writeFileSync(log, Buffer.concat(saida)));
  return {
    filho,
    saida: () => Buffer.concat(saida).toString('utf8'),
    parar: async () => {
      if (!vivo(filho.pid)) return;
      process.kill(-filho.pid, 'SIGTERM');
      // npm itself may end at the signal: the stop is over when no process of the group is left (the server included).
      const ate = Date.now() + 20_000;
      while (vivo(filho.pid) && Date.now() < ate) await esperar(100);
      if (vivo(filho.pid)) {
        process.kill(-filho.pid, 'SIGKILL');
        falhar('O servidor não parou em 20 s depois do SIGTERM.');
      }
    },
  };
}

async function pronto(url, servidor, limiteMs = 180_000) {
  const ate = Date.now() + limiteMs;
  while (Date.now() < ate) {
    if (servidor.filho.exitCode !== null || servidor.filho.signalCode !== null)
      falhar(`O servidor da release saiu (${servidor.filho.exitCode ?? servidor.filho.signalCode}):\n${servidor.saida()}`);
    try {
      const r = await globalThis.fetch(`${url}/api/health/pronto`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await esperar(250);
  }
  falhar(`O servidor da release não ficou pronto em ${limiteMs / 1000} s:\n${servidor.saida()}`);
}

/** Signs in at `url`/login through Chromium as the first super-admin, and checks the back office opened. */
async function entrarPeloNavegador(navegador, url, rotulo) {
  const contexto = await navegador.newContext({ ignoreHTTPSErrors: true, locale: 'pt-BR' });
  try {
    const pagina = await contexto.newPage();
    await pagina.goto(`${url}/login`);
    await pagina.getByLabel('E-mail').fill(ADMIN.email);
    await pagina.getByLabel('Senha', { exact: true }).fill(ADMIN.senha);
    await pagina.getByRole('button', { name: 'Entrar' }).click();
    await pagina.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 30_000 });
    if (new URL(pagina.url()).pathname === '/login') falhar(`${rotulo}: a página continuou em /login depois de entrar.`);
    passo(`entrou pelo Chromium ${rotulo} (${url}); página ${new URL(pagina.url()).pathname}`);
  } finally {
    await contexto.close();
  }
}

/** Debian's nginx: installed when missing and root; null (with the reason) when it cannot be had here. */
function nginxDisponivel() {
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  if (process.getuid?.() !== 0) return null;
  passo('instalando o nginx do Debian (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const instalar = (pacote) => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pacote], { stdio: 'inherit', env }).status === 0;
  // nginx-light where Debian still has it (12), nginx otherwise; the package lists refreshed once if neither installs.
  if (!instalar('nginx-light') && !instalar('nginx')) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    if (!instalar('nginx-light')) instalar('nginx');
  }
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

/** deploy/nginx.conf as shipped, with this test's ports, certificate and server put in, inside a minimal nginx.conf. */
function configurarNginx(pastaRelease, tmp, portas) {
  const conf = path.join(tmp, 'nginx');
  rodar('mkdir', ['-p', conf]);
  rodar('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-keyout',
    path.join(conf, 'key.pem'),
    '-out',
    path.join(conf, 'cert.pem'),
  ]);
  let site = readFileSync(path.join(pastaRelease, 'deploy/nginx.conf'), 'utf8');
  const trocas = [
    ['/etc/ssl/ceasa-regional/fullchain.pem', path.join(conf, 'cert.pem')],
    ['/etc/ssl/ceasa-regional/privkey.pem', path.join(conf, 'key.pem')],
    ['listen 80;', `listen 127.0.0.1:${portas.http};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${portas.https} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${portas.servidor};`],
  ];
  for (const [de, para] of trocas) {
    if (!site.includes(de)) falhar(`deploy/nginx.conf não tem mais "${de}": atualize scripts/testar-release.mjs.`);
    site = site.replaceAll(de, para);
  }
  writeFileSync(path.join(conf, 'site.conf'), site);
  writeFileSync(
    path.join(conf, 'nginx.conf'),
    [
      `pid ${conf}/nginx.pid;`,
      `error_log ${conf}/error.log;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${conf}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${conf}/${t};`),
      `  include ${conf}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  return path.join(conf, 'nginx.conf');
}

async function main() {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ceasa-release-'));
  let servidor;
  let nginx;
  let navegador;
  try {
    passo('npm run release');
    const tar = rodar(process.execPath, ['scripts/release.mjs'], { cwd: RAIZ, stdio: ['ignore', 'pipe', 'inherit'] })
      .trim()
      .split('\n')
      .at(-1);
    passo(`${path.basename(tar)}: ${mb(statSync(tar).size)}`);
    rodar('tar', ['-xzf', tar, '-C', tmp]);
    const pasta = path.join(tmp, path.basename(tar, '.tar.gz'));

    passo('npm ci --omit=dev');
    rodar('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: pasta });
    const instalados = pacotes(path.join(pasta, 'node_modules'));
    const proibidos = [...new Set(instalados.filter((p) => DE_DESENVOLVIMENTO.test(p)))];
    if (proibidos.length) falhar(`Pacotes de desenvolvimento instalados pela release: ${proibidos.join(', ')}`);
    passo(`node_modules: ${mb(tamanho(path.join(pasta, 'node_modules')))}, ${new Set(instalados).size} pacotes, nenhum de desenvolvimento`);

    if (existsSync('/usr/bin/systemd-analyze') && existsSync('/usr/bin/node')) {
      rodar('systemd-analyze', ['verify', path.join(pasta, 'deploy/ceasa-regional.service')]);
      passo('deploy/ceasa-regional.service aceito por systemd-analyze verify');
    } else console.log('AVISO: systemd-analyze ou /usr/bin/node ausente: a unidade do systemd não foi verificada aqui.');

    const portas = { servidor: await portaLivre(), https: await portaLivre(), http: await portaLivre() };
    const direto = `http://localhost:${portas.servidor}`;
    const pelaProxy = `https://localhost:${portas.https}`;
    const comum = { PATH: process.env.PATH, HOME: process.env.HOME ?? tmp, TZ: process.env.TZ ?? 'America/Sao_Paulo' };
    const env = {
      ...comum,
      PORT: String(portas.servidor),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'dados'),
      ADMIN_PASSWORD: ADMIN.senha,
      // As behind nginx in production: the public address is the proxy's; the direct one is also accepted here.
      PUBLIC_URL: pelaProxy,
      ALLOWED_ORIGINS: direto,
      TRUST_PROXY: '127.0.0.1',
      // The sign-in here is the password alone; enrolling a second factor has its own browser test (e2e/segundo-fator.spec.ts).
      MFA_OBRIGATORIO: 'nenhum',
    };

    passo('npm start (primeiro início)');
    const t0 = performance.now();
    servidor = iniciar(pasta, env, path.join(tmp, 'servidor.log'));
    await pronto(direto, servidor);
    const pico = picoDoServidor(servidor.filho.pid);
    passo(`pronto em ${((performance.now() - t0) / 1000).toFixed(1)} s; pico de memória residente no primeiro início: ${pico ? mb(pico) : 'não medido'}`);

    navegador = await chromium.launch({ executablePath: CHROMIUM, args: ARGS_DO_CHROMIUM });
    await entrarPeloNavegador(navegador, direto, 'direto');

    const bin = nginxDisponivel();
    if (!bin) {
      console.log('\n*** AVISO: nginx ausente e sem root para instalá-lo (apt-get install nginx-light): o teste pelo nginx com HTTPS foi PULADO. ***\n');
    } else {
      const conf = configurarNginx(pasta, tmp, portas);
      rodar(bin, ['-t', '-q', '-c', conf]);
      nginx = spawn(bin, ['-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
      for (let i = 0; i < 40; i++) {
        try {
          await new Promise((ok, erro) => net.connect(portas.https, '127.0.0.1', ok).on('error', erro));
          break;
        } catch {
          await esperar(250);
        }
      }
      const http = await globalThis.fetch(`http://localhost:${portas.http}/login`, { redirect: 'manual' });
      if (http.status !== 301 || !http.headers.get('location')?.startsWith('https://'))
        falhar(`HTTP deveria mandar para HTTPS (301): ${http.status} ${http.headers.get('location')}`);
      await entrarPeloNavegador(navegador, pelaProxy, 'pelo nginx com HTTPS');
      const metricas = spawnSync('curl', ['-sk', '-o', '/dev/null', '-w', '%{http_code}', `${pelaProxy}/metrics`], { encoding: 'utf8' }).stdout;
      if (metricas !== '404') falhar(`/metrics pelo nginx deveria ser 404 (fechado para fora), foi ${metricas}`);
      passo('nginx: deploy/nginx.conf aceito por nginx -t; HTTP → HTTPS 301; /metrics fechado (404)');
    }

    passo('npm run backup com o servidor no ar');
    const backup = path.join(tmp, 'servindo.backup');
    console.log(rodar('npm', ['run', '-s', 'backup', '--', backup], { cwd: pasta, env }).trim());
    if (!existsSync(backup) || statSync(backup).size === 0) falhar('npm run backup não gravou o arquivo.');

    await servidor.parar();
    passo('servidor parado (SIGTERM)');
    console.log(rodar('npm', ['run', '-s', 'restore', '--', backup], { cwd: pasta, env: { ...env, DATA_DIR: path.join(tmp, 'restaurado') } }).trim());
    passo('npm run restore em outra pasta: feito');
  } finally {
    await navegador?.close();
    nginx?.kill('SIGTERM');
    await servidor?.parar().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  }
}

try {
  await main();
  console.log(`[release: ${segundos()}] a release instala, inicia, entra, faz backup e restaura.`);
} catch (e) {
  console.error(`\nTeste da release FALHOU (${segundos()}): ${e.message}`);
  process.exit(1);
}
