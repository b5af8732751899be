import { sql } from 'drizzle-orm';
import { parseAtomFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSINATURA_MSG } from '@ceasa/shared';
import { build, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirPreco, inserirProduto } from '../../../test/fabricas';
import type { FastifyInstance } from 'fastify';
import { tokenFor } from '../../../test/helpers';
import { cabecalho, caixaSmtp, textoDaMensagem, type CaixaSmtp } from '../../../test/smtp';
import { parseEnvioHora } from '../../config';
import { enviarCotacaoDoDia } from './assinaturas.service';
import { iniciarEnvioNoHorario } from './envio';

/**
 * Decision 0196: subscriptions, confirmation, the day's e-mail and alerts through a real SMTP
 * sink, one-click unsubscribe (RFC 8058), the limits, a day sent once (enforced by the database), the Atom feed.
 */
const BASE = 'https://ceasa.exemplo.gov.br';
let app: FastifyInstance;
let smtp: CaixaSmtp;
let admin: string;

beforeAll(async () => {
  smtp = await caixaSmtp();
  app = await build({ smtpUrl: smtp.url, publicUrl: `${BASE}/`, assinaturasMaxEndereco: 4, assinaturasMaxEmail: 2 });
  admin = await tokenFor(app, ['user-admin']);
});
afterAll(async () => {
  await app?.close();
  await smtp?.fechar();
});

const mensagensPara = (para: string, n: number) => smtp.para(para, n);
const texto = textoDaMensagem;
const linkDe = (t: string, caminho: string) => new RegExp(`${BASE.replace(/\./g, '\\.')}${caminho}\\?token=[A-Za-z0-9_.-]+`).exec(t)?.[0];

/** Waits for the day's mailing to finish (its row's concluido_em). */
async function envioConcluido(data: string) {
  const ate = Date.now() + 10_000;
  for (;;) {
    const r = await app.ctx.db.execute(sql`SELECT concluido_em IS NOT NULL AS ok FROM cotacao_envios WHERE data = ${data}::date`);
    if ((r.rows[0] as { ok: boolean } | undefined)?.ok || Date.now() > ate) return;
    await new Promise((res) => setTimeout(res, 20));
  }
}
const pedir = (payload: unknown, ip = '10.1.0.1', headers: Record<string, string> = {}) =>
  call(app, null, { method: 'POST', url: '/api/publico/assinaturas', payload: payload as object, remoteAddress: ip, headers });
const publicar = (data: string) => call(app, admin, { method: 'POST', url: '/api/precos/publicar', payload: { data } });

describe('assinaturas da cotação', () => {
  it('confirms by a mailed link, sends the day’s quotation of the chosen products and a crossed alert, with one-click unsubscribe', async () => {
    const grupo = await inserirGrupo(app, 'Tomate Assinatura', 'CX 20kg');
    const tomate = await inserirProduto(app, grupo, 'Tomate Assinado', { peso: 20 });
    const alface = await inserirProduto(app, grupo, 'Alface Assinada', { embalagem: 'DZ' });
    await inserirPreco(app, tomate, '2026-11-23', 10);
    await inserirPreco(app, alface, '2026-11-23', 6);
    await inserirPreco(app, tomate, '2026-11-26', 15);
    await inserirPreco(app, alface, '2026-11-26', 5);
    const email = 'maria.compradora@teste.local';

    // A forged Host (and X-Forwarded-Host) must not choose where the links point.
    const r = await pedir(
      {
        email: 'Maria.Compradora@teste.local',
        produtos: [tomate],
        alertas: [
          { produtoId: tomate, acima: 12 },
          { produtoId: alface, abaixo: 3 },
        ],
      },
      '10.1.0.1',
      { host: 'malicioso.exemplo', 'x-forwarded-host': 'malicioso.exemplo' },
    );
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ message: ASSINATURA_MSG.pedido });
    const [conf] = await mensagensPara(email, 1);
    expect(cabecalho(conf.raw, 'Subject')).toBe('CEASA Regional - Confirme sua assinatura da cotação');
    const t0 = texto(conf.raw);
    expect(t0).not.toContain('malicioso');
    expect(t0).toContain('O que guardamos e por quê (LGPD)');
    const confirmar = linkDe(t0, '/api/publico/assinaturas/confirmar')!;
    const cancelar = linkDe(t0, '/api/publico/assinaturas/cancelar')!;
    expect(confirmar).toBeTruthy();
    expect(cabecalho(conf.raw, 'List-Unsubscribe')).toBe(`<${cancelar}>`);
    expect(cabecalho(conf.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The unsubscribe token is nowhere in the database (it is computed from the id and a secret key); a forged one,
    // or another subscription's id with this signature, ends nothing.
    const token = decodeURIComponent(new URL(cancelar).searchParams.get('token')!);
    const dump = JSON.stringify((await app.ctx.db.execute(sql`SELECT to_jsonb(a)::text AS l FROM assinaturas a`)).rows);
    expect(dump).not.toContain(token.split('.')[1]);
    const [id, assinatura] = token.split('.');
    for (const falso of [`${Number(id) + 1}.${assinatura}`, `${id}.${'A'.repeat(43)}`, id])
      expect((await app.inject({ method: 'POST', url: `/api/publico/assinaturas/cancelar?token=${encodeURIComponent(falso)}` })).statusCode).toBe(404);
    expect(await countRows(app, `assinaturas WHERE email = '${email}'`)).toBe(1);

    // Nothing but the confirmation before it is opened: a day published now sends nothing to this address.
    expect((await publicar('2026-11-23')).status).toBe(200);
    await envioConcluido('2026-11-23');
    expect(await mensagensPara(email, 1)).toHaveLength(1);

    // Opening the link shows a button (a link scanner confirms nothing); the button confirms.
    const caminho = confirmar.slice(BASE.length);
    const pagina = await app.inject({ method: 'GET', url: caminho });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pagina.body).toContain('Confirmar assinatura');
    expect(await countRows(app, 'assinaturas WHERE confirmada_em IS NOT NULL')).toBe(0);
    const ok = await app.inject({ method: 'POST', url: caminho });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Assinatura confirmada');
    expect((await app.inject({ method: 'POST', url: caminho })).body).toContain('Assinatura já confirmada');
    expect((await app.inject({ method: 'POST', url: '/api/publico/assinaturas/confirmar?token=inventado' })).statusCode).toBe(404);

    // The day's publication (automatic mode: it only sends): the quotation of the chosen product and the alert.
    expect((await publicar('2026-11-26')).body).toEqual({ data: '2026-11-26', publicados: 0, manual: false });
    const msgs = await mensagensPara(email, 3);
    expect(msgs).toHaveLength(3);
    const cotacao = msgs.find((m) => cabecalho(m.raw, 'Subject') === 'CEASA Regional - Cotação de 26/11/2026')!;
    const alerta = msgs.find((m) => cabecalho(m.raw, 'Subject') === 'CEASA Regional - Alerta de preço: Tomate Assinado acima de R$\u00a012,00')!;
    const tc = texto(cotacao.raw);
    expect(tc).toContain('Tomate Assinado (CX 20kg): mínimo R$\u00a015,00, mais comum R$\u00a015,00, máximo R$\u00a015,00');
    expect(tc).not.toContain('Alface');
    const ta = texto(alerta.raw);
    expect(ta).toContain('Tomate Assinado (CX 20kg) subiu para R$\u00a015,00, acima de R$\u00a012,00 (antes: R$\u00a010,00)');
    expect(ta).not.toContain('Alface');
    for (const m of [cotacao, alerta]) {
      expect(cabecalho(m.raw, 'List-Unsubscribe')).toBe(`<${cancelar}>`);
      expect(cabecalho(m.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(texto(m.raw)).toContain(cancelar);
      expect(texto(m.raw)).toContain('O que guardamos e por quê (LGPD)');
    }

    // A day is sent once: publishing again, or the timer, finds it taken (the database's key).
    await envioConcluido('2026-11-26');
    const ctx = { db: app.ctx.db, mailer: app.ctx.mailer, config: app.ctx.config, log: app.log };
    expect(await enviarCotacaoDoDia(ctx, '2026-11-26', 'horario')).toBeNull();
    expect(await countRows(app, 'assinaturas_envios')).toBe(2);

    // RFC 8058: the mail client's POST to the List-Unsubscribe address ends it, without a session; the data is deleted.
    const sair = await app.inject({
      method: 'POST',
      url: cancelar.slice(BASE.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(sair.statusCode).toBe(200);
    expect(sair.body).toContain('Assinatura cancelada');
    expect(await countRows(app, `assinaturas WHERE email = '${email}'`)).toBe(0);
    expect(await countRows(app, 'assinaturas_envios')).toBe(0);
    expect((await app.inject({ method: 'POST', url: cancelar.slice(BASE.length) })).statusCode).toBe(404);
  });

  it('sends a day once when two servers try at the same time', async () => {
    const grupo = await inserirGrupo(app, 'Dois Servidores', 'CX');
    const p = await inserirProduto(app, grupo, 'Produto Dois Servidores');
    await inserirPreco(app, p, '2026-11-30', 7);
    const ctx = { db: app.ctx.db, mailer: app.ctx.mailer, config: app.ctx.config, log: app.log };
    const r = await Promise.all([enviarCotacaoDoDia(ctx, '2026-11-30', 'horario'), enviarCotacaoDoDia(ctx, '2026-11-30', 'publicacao')]);
    expect(r.filter((x) => x !== null)).toHaveLength(1);
    expect(await countRows(app, `cotacao_envios WHERE data = '2026-11-30'`)).toBe(1);
    // A day without a published price is not taken (its prices may come later).
    expect(await enviarCotacaoDoDia(ctx, '2026-12-01', 'horario')).toBeNull();
    expect(await countRows(app, `cotacao_envios WHERE data = '2026-12-01'`)).toBe(0);
  });

  it('sends at COTACAO_ENVIO_HORA (server time), not before; the setting is checked at start', async () => {
    expect(parseEnvioHora('18:30')).toEqual({ h: 18, m: 30 });
    expect(parseEnvioHora('7')).toEqual({ h: 7, m: 0 });
    expect(() => parseEnvioHora('25:00')).toThrow('COTACAO_ENVIO_HORA inválido (25:00): use a hora do envio como hh:mm, por exemplo 18:00');
    const grupo = await inserirGrupo(app, 'Horário', 'CX');
    await inserirPreco(app, await inserirProduto(app, grupo, 'Produto do Horário'), '2026-12-03', 9);
    let agora = new Date(2026, 11, 3, 17, 59);
    const ctx = { db: app.ctx.db, mailer: app.ctx.mailer, config: app.ctx.config, log: app.log };
    const timer = iniciarEnvioNoHorario(ctx, { h: 18, m: 0 }, () => agora);
    try {
      await timer.tentar();
      expect(await countRows(app, `cotacao_envios WHERE data = '2026-12-03'`)).toBe(0);
      agora = new Date(2026, 11, 3, 18, 0);
      await timer.tentar();
      expect(await countRows(app, `cotacao_envios WHERE data = '2026-12-03' AND origem = 'horario' AND concluido_em IS NOT NULL`)).toBe(1);
    } finally {
      timer.parar();
    }
  });

  it('refuses bad requests and too many, in pt-BR, storing and sending nothing', async () => {
    const antes = { assinaturas: await countRows(app, 'assinaturas'), mensagens: smtp.recebidos.length };
    const invalido = await pedir({ email: 'nao-e-email' }, '10.2.0.1');
    expect(invalido.status).toBe(400);
    expect(invalido.body.fieldErrors).toEqual([{ field: 'email', message: ASSINATURA_MSG.emailInvalido }]);
    const semLimite = await pedir({ email: 'a@teste.local', alertas: [{ produtoId: 1 }] }, '10.2.0.1');
    expect(semLimite.status).toBe(400);
    expect(semLimite.body.fieldErrors).toEqual([{ field: 'alertas[0].acima', message: ASSINATURA_MSG.limiteAlerta }]);
    const faixa = await pedir({ email: 'a@teste.local', alertas: [{ produtoId: 1, acima: 5, abaixo: 9 }] }, '10.2.0.1');
    expect(faixa.body.fieldErrors).toEqual([{ field: 'alertas[0].abaixo', message: ASSINATURA_MSG.faixaAlerta }]);
    const inexistente = await pedir({ email: 'a@teste.local', produtos: [999999] }, '10.2.0.1');
    expect(inexistente.status).toBe(400);
    expect(inexistente.body).toMatchObject({ message: 'Produto não encontrado', fieldErrors: [{ field: 'produtos[0]', message: 'Produto não encontrado' }] });

    // Per mailbox: 2 requests a day (any address), then 429; a +tag, the case and Gmail's dots name the same mailbox.
    expect((await pedir({ email: 'limite@teste.local' }, '10.3.0.1')).status).toBe(202);
    expect((await pedir({ email: 'LIMITE+feira@teste.local' }, '10.3.0.2')).status).toBe(202);
    const porEmail = await pedir({ email: 'limite+outra@teste.local' }, '10.3.0.3');
    expect(porEmail.status).toBe(429);
    expect(porEmail.body.message).toBe(ASSINATURA_MSG.muitosDoEmail);
    expect((await pedir({ email: 'compra.dor@gmail.com' }, '10.3.1.1')).status).toBe(202);
    expect((await pedir({ email: 'compra.dor+x@gmail.com' }, '10.3.1.2')).status).toBe(202);
    expect((await pedir({ email: 'Compra.Dor@gmail.com' }, '10.3.1.3')).status).toBe(429);
    // Per address: 4 requests an hour (any e-mail), then 429.
    for (let i = 0; i < 4; i++) expect((await pedir({ email: `endereco${i}@teste.local` }, '10.4.0.1')).status).toBe(202);
    const porEndereco = await pedir({ email: 'endereco9@teste.local' }, '10.4.0.1');
    expect(porEndereco.status).toBe(429);
    expect(porEndereco.body.message).toBe(ASSINATURA_MSG.muitosDoEndereco);
    await mensagensPara('endereco3@teste.local', 1);
    await mensagensPara('compra.dor+x@gmail.com', 1);
    expect(await countRows(app, 'assinaturas')).toBe(antes.assinaturas + 8);
    expect(smtp.recebidos.length).toBe(antes.mensagens + 8);
    expect(smtp.recebidos.some((m) => m.para.includes('endereco9@teste.local'))).toBe(false);
  });

  it('publishes the daily quotation as an Atom feed a feed library reads', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/publico/cotacao.atom', headers: { host: 'malicioso.exemplo' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(r.body).not.toContain('malicioso');
    const feed = parseAtomFeed(r.body);
    expect(feed.id).toBe(`${BASE}/api/publico/cotacao.atom`);
    expect(feed.title?.value).toBe('CEASA Regional - Cotação do dia');
    const titulos = (feed.entries ?? []).map((e) => e.title?.value);
    expect(titulos).toEqual(['Cotação de 03/12/2026', 'Cotação de 30/11/2026', 'Cotação de 26/11/2026', 'Cotação de 23/11/2026']);
    const dia = feed.entries!.find((e) => e.title?.value === 'Cotação de 26/11/2026')!;
    expect(dia.id).toBe(`${BASE}/api/publico/cotacao?data=2026-11-26`);
    expect(dia.updated).toBe('2026-11-26T23:59:59Z');
    expect(dia.links?.map((l) => l.href)).toContain(`${BASE}/api/publico/cotacao?data=2026-11-26&formato=csv`);
    expect(dia.content?.value).toContain('Tomate Assinatura');
  });
});
