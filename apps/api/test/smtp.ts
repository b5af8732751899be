import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the sink received: the envelope's recipients and the raw message (headers and body). */
export interface MensagemRecebida {
  para: string[];
  raw: string;
}

/**
 * A real SMTP receiver on a free port of 127.0.0.1 (no TLS, no sign-in), where the product's mail arrives as it would
 * at a relay: the API tests read `recebidos`, the browser tests' set-up (e2e/global-setup.ts) saves each message to a
 * file through `aoReceber`. Nothing here depends on the test runner.
 */
export async function caixaSmtp(aoReceber?: (m: MensagemRecebida, bytes: Buffer) => void) {
  const recebidos: MensagemRecebida[] = [];
  const servidor = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, cb) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        const bytes = Buffer.concat(partes);
        const m = { para: session.envelope.rcptTo.map((r) => r.address), raw: bytes.toString('utf8') };
        recebidos.push(m);
        aoReceber?.(m, bytes);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const { port } = servidor.server.address() as AddressInfo;
  return {
    /** SMTP_URL for the product. */
    url: `smtp://127.0.0.1:${port}`,
    recebidos,
    /** The messages to `para`, waited for (10 s at most) until there are `n`: what a recipient waits for, mail arriving. */
    async para(para: string, n: number) {
      const ate = Date.now() + 10_000;
      for (;;) {
        const m = recebidos.filter((r) => r.para.includes(para));
        if (m.length >= n || Date.now() > ate) return m;
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    fechar: () => new Promise<void>((resolve) => servidor.close(() => resolve())),
  };
}
export type CaixaSmtp = Awaited<ReturnType<typeof caixaSmtp>>;

/** A header of a raw message, unfolded, with its encoded words (RFC 2047, Q) decoded. */
export function cabecalho(raw: string, nome: string) {
  const v = new RegExp(`^${nome}:[ \\t]*(.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(raw.split('\r\n\r\n')[0])?.[1];
  return v
    ?.replace(/\r\n[ \t]+/g, ' ')
    .replace(/\?= =\?UTF-8\?Q\?/gi, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, q: string) =>
      Buffer.from(
        q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .trim();
}

/** The decoded text of a raw message (quoted-printable soft breaks and =XX undone). */
export const textoDaMensagem = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
/** The text of a raw SMTP message (quoted-printable or base64 body, as nodemailer chose). */
export function corpoDoEmail(raw: string): string {
  const i = raw.indexOf('\r\n\r\n');
  const cabecalho = raw.slice(0, i);
  const corpo = raw.slice(i + 4);
  const cte = /content-transfer-encoding:\s*([\w-]+)/i.exec(cabecalho)?.[1]?.toLowerCase();
  if (cte === 'base64') return Buffer.from(corpo.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (cte === 'quoted-printable') {
    const bytes = corpo.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => `%${h}`);
    return decodeURIComponent(bytes);
  }
  return corpo;
}
