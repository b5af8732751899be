import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { enderecoPublico, type Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** What a message may carry besides its text: an HTML body and extra headers (List-Unsubscribe, decision 0196). */
export interface Extras {
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(to: string, subject: string, text: string, extras?: Extras): Promise<void>;
}

/**
 * Every message is kept in the outbox table first; with SMTP_URL it is then sent over SMTP,
 * otherwise the log names the outbox row that holds it, never its body and links (a newcomer reads a reset link
 * locally with `SELECT corpo FROM outbox ORDER BY id DESC LIMIT 1`).
 */
export function createMailer(db: Db, config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv' | 'publicUrl' | 'host' | 'port'>, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  // Every e-mail links the privacy notice (LGPD, art. 9º).
  const aviso = `${enderecoPublico(config)}/privacidade`;
  return {
    async send(to, subject, corpo, extras = {}) {
      const text = `${corpo.replace(/\n*$/, '')}\n\nAviso de privacidade: ${aviso}\n`;
      if (extras.html)
        extras = {
          ...extras,
          html: extras.html.replace(/<\/body>/, `<p style="font-size:13px"><a href="${aviso}">Aviso de privacidade</a></p></body>`),
        };
      const [row] = await db.insert(outbox).values({ para: to, assunto: subject, corpo: text }).returning({ id: outbox.id });
      if (!transport) {
        // The body (it may carry a reset or confirmation link) stays in the outbox table, never in the log, in any
        // mode: the log says a mail was queued and which outbox row holds it.
        log.info({ para: to, assunto: subject, outbox: row.id }, `E-mail (sem SMTP_URL configurado) guardado na caixa de saída (tabela outbox, id ${row.id}).`);
        return;
      }
      try {
        await transport.sendMail({ from: config.mailFrom, to, subject, text, html: extras.html, headers: extras.headers });
        await db.update(outbox).set({ enviadoEm: new Date() }).where(eq(outbox.id, row.id));
      } catch (err) {
        await db
          .update(outbox)
          .set({ erro: String(err) })
          .where(eq(outbox.id, row.id));
        throw err;
      }
    },
  };
}
