import type { FastifyBaseLogger } from 'fastify';
import { toIsoDate } from '@ceasa/shared';
import { enderecoPublico, type Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../identity/mail';
import { assinaturasRepository, type Assinante, type PrecoDoProduto } from './assinaturas.repository';
import { mensagemAlerta, mensagemCotacao, type AlertaCruzado } from './mensagens';

export interface EnvioCtx {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * The thresholds a subscriber's alerts crossed on the day: the day's average price of the product at or above
 * `acima` when the last earlier published day's was below it (or there was none), and likewise for `abaixo`.
 */
export function alertasCruzados(a: Assinante, precos: Map<number, PrecoDoProduto>): AlertaCruzado[] {
  const r: AlertaCruzado[] = [];
  for (const al of a.alertas) {
    const p = precos.get(al.produtoId);
    if (!p) continue;
    if (al.acima != null && p.valorMaisComum >= al.acima && (p.anterior == null || p.anterior < al.acima))
      r.push({ preco: p, sentido: 'acima', limite: al.acima });
    if (al.abaixo != null && p.valorMaisComum <= al.abaixo && (p.anterior == null || p.anterior > al.abaixo))
      r.push({ preco: p, sentido: 'abaixo', limite: al.abaixo });
  }
  return r;
}

/**
 * Mails the day's quotation to every confirmed subscriber (their products, or every product when they chose none)
 * and the crossed alerts, once per day whichever server or trigger comes first (the day's row in cotacao_envios,
 * and one row per subscriber and kind in assinaturas_envios). A failed e-mail is logged and its mark removed.
 * Answers how many were sent, or null when the day was already sent (or has no published price).
 */
export async function enviarCotacaoDoDia(ctx: EnvioCtx, data: string, origem: 'publicacao' | 'horario') {
  const repo = assinaturasRepository(ctx.db, ctx.config.chavesSegredo);
  if (!(await repo.reservarDia(data, origem))) return null;
  const base = enderecoPublico(ctx.config);
  const mercado = ctx.config.settings.mercado;
  const precos = await repo.precosDoDia(data);
  const porProduto = new Map(precos.map((p) => [Number(p.produtoId), p]));
  let cotacoes = 0;
  let alertas = 0;
  const enviar = async (a: Assinante, tipo: 'cotacao' | 'alerta', m: { assunto: string; texto: string; extras: object }) => {
    if (!(await repo.marcarEnvio(a.id, data, tipo))) return false;
    try {
      await ctx.mailer.send(a.email, m.assunto, m.texto, m.extras);
      return true;
    } catch (err) {
      ctx.log.error({ err, assinatura: a.id, data, tipo }, 'falha ao enviar o e-mail da assinatura da cotação');
      await repo.desmarcarEnvio(a.id, data, tipo);
      return false;
    }
  };
  for (const a of await repo.assinantes()) {
    const escolhidos = a.produtos.length ? precos.filter((p) => a.produtos.includes(Number(p.produtoId))) : precos;
    if (escolhidos.length && (await enviar(a, 'cotacao', mensagemCotacao(mercado, base, a, data, escolhidos)))) cotacoes++;
    const cruzados = alertasCruzados(a, porProduto);
    if (cruzados.length && (await enviar(a, 'alerta', mensagemAlerta(mercado, base, a, data, cruzados)))) alertas++;
  }
  await repo.concluirDia(data, cotacoes, alertas);
  ctx.log.info({ data, origem, cotacoes, alertas }, `Cotação de ${data} enviada aos assinantes: ${cotacoes} e-mails da cotação e ${alertas} de alertas`);
  return { cotacoes, alertas };
}

/**
 * COTACAO_ENVIO_HORA: every minute past that hour (the server's local time) a server tries to send today's
 * quotation; the database lets only the first try of the day, on any server, send it.
 */
export function iniciarEnvioNoHorario(ctx: EnvioCtx, hora: { h: number; m: number }, agora = () => new Date()) {
  let rodando = false;
  const tentar = async () => {
    const d = agora();
    if (rodando || d.getHours() * 60 + d.getMinutes() < hora.h * 60 + hora.m) return;
    rodando = true;
    try {
      await enviarCotacaoDoDia(ctx, toIsoDate(d)!, 'horario');
    } catch (err) {
      ctx.log.error({ err }, 'falha no envio da cotação do dia aos assinantes (COTACAO_ENVIO_HORA)');
    } finally {
      rodando = false;
    }
  };
  const t = setInterval(() => void tentar(), 60_000);
  t.unref();
  return { tentar, parar: () => clearInterval(t) };
}
