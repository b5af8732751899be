import { timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Database } from './client';
import type { FastifyBaseLogger } from 'fastify';
import { ErroDeBackup, fazerBackup, type ResumoBackup } from './backup';
import { eventoDeSeguranca } from '../lib/eventos';
import { tokenAleatorio } from '../lib/segredos';

/**
 * `npm run backup -- FILE` while a server holds the embedded database's folder: only that process may open it
 * (trava-da-pasta.ts), so the command line asks the server to write the file. The server listens for that on the
 * loopback interface only, on a port of the system's choosing, and writes DATA_DIR/backup-local.json (mode 0600:
 * only the service's user reads it) with the port and a random token; a request without that token is refused.
 * The file is removed when the server stops. No other request is served there, and nothing the web reaches.
 */
export const ARQUIVO_DO_BACKUP_LOCAL = 'backup-local.json';

interface Endereco {
  porta: number;
  token: string;
  pid: number;
}

const MAXIMO_DO_PEDIDO = 16 * 1024;

function mesmoToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Opens the loopback listener and writes its address into DATA_DIR; returns what stops both. */
export async function abrirBackupLocal(database: Database, dataDir: string, log?: FastifyBaseLogger): Promise<() => Promise<void>> {
  const token = tokenAleatorio();
  const servidor: Server = createServer((req, res) => {
    const responder = (status: number, corpo: object) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(corpo));
    };
    const recebido = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (req.method !== 'POST' || req.url !== '/backup' || !mesmoToken(recebido, token)) {
      responder(403, { erro: 'Pedido recusado.' });
      return;
    }
    let texto = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      texto += c;
      if (texto.length > MAXIMO_DO_PEDIDO) req.destroy();
    });
    req.on('end', () => {
      let arquivo = '';
      try {
        arquivo = String((JSON.parse(texto) as { arquivo?: unknown }).arquivo ?? '');
      } catch {
        // handled below: an empty name is refused
      }
      if (!arquivo || !path.isAbsolute(arquivo)) {
        responder(400, { erro: 'Informe o caminho completo do arquivo de backup.' });
        return;
      }
      if (existsSync(arquivo)) {
        responder(409, { erro: `O arquivo ${arquivo} já existe: escolha outro nome ou remova-o.` });
        return;
      }
      fazerBackup(database, arquivo).then(
        (r: ResumoBackup) => {
          if (log) eventoDeSeguranca(log, 'backup', { conta: 'npm run backup', arquivo, endereco: '127.0.0.1' });
          responder(200, r);
        },
        (e: unknown) =>
          responder(500, {
            erro: e instanceof ErroDeBackup ? e.message : `Falha inesperada (${(e as { code?: string }).code ?? (e as Error).name}): nenhum arquivo gravado.`,
          }),
      );
    });
  });
  await new Promise<void>((ok, erro) => servidor.once('error', erro).listen(0, '127.0.0.1', ok));
  const endereco = servidor.address();
  const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
  const caminho = path.join(dataDir, ARQUIVO_DO_BACKUP_LOCAL);
  writeFileSync(caminho, JSON.stringify({ porta, token, pid: process.pid } satisfies Endereco), { mode: 0o600 });
  servidor.unref();
  return async () => {
    rmSync(caminho, { force: true });
    await new Promise<void>((ok) => servidor.close(() => ok()));
  };
}

/**
 * The command line's side: asks the server holding `dataDir` to write `arquivo`. Null when no server offers it
 * (no address file, or one a stopped server left behind and nobody answers at).
 */
export async function pedirBackupAoServidor(dataDir: string, arquivo: string): Promise<ResumoBackup | null> {
  let e: Endereco;
  try {
    e = JSON.parse(readFileSync(path.join(dataDir, ARQUIVO_DO_BACKUP_LOCAL), 'utf8')) as Endereco;
  } catch {
    return null;
  }
  let resposta: Response;
  try {
    resposta = await fetch(`http://127.0.0.1:${e.porta}/backup`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${e.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ arquivo: path.resolve(arquivo) }),
    });
  } catch {
    return null;
  }
  const corpo = (await resposta.json().catch(() => ({}))) as ResumoBackup & { erro?: string };
  if (!resposta.ok) throw new ErroDeBackup(corpo.erro ?? `O servidor recusou o backup (${resposta.status}).`);
  return corpo;
}
