import type { FastifyBaseLogger } from 'fastify';
import { todoDia } from '../../lib/todo-dia';
import { ROTULOS_RESULTADO, ROTULOS_TIPO_INSPECAO, formatDate, hojeNoMercado, primeiroDiaPermitido, somarDias, type Inspecao } from '@ceasa/shared';
import { enderecoPublico, type Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../identity/mail';
import { avisosRepository, carenciasTerminando, chegadaRecebida, type NovoAviso } from './avisos-do-produtor.repository';
import { tokenDoCancelamento } from './cancelamento';
import { mensagemDoAviso } from './mensagens';

/** What telling a producer needs: the database, the mailer, the configuration (public address, secret) and a log. */
export interface AvisoCtx {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/** A withdrawal period is told when it ends within this many days (docs/produto/portal.md, 'News'). */
export const DIAS_DE_ANTECEDENCIA_DA_CARENCIA = 3;
/** Unsent notices are tried again by the daily run while younger than this many days. */
const DIAS_PARA_REENVIAR = 3;

/** The e-mails under way, per database: closing the server (and a test) waits for them. */
const emCurso = new WeakMap<Db, Set<Promise<void>>>();
function emSegundoPlano(ctx: AvisoCtx, p: Promise<void>) {
  const envios = emCurso.get(ctx.db) ?? new Set<Promise<void>>();
  emCurso.set(ctx.db, envios);
  const q = p.finally(() => envios.delete(q));
  envios.add(q);
}
/** Waits for the e-mails of notices told so far. */
export async function esperarEnvios(ctx: Pick<AvisoCtx, 'db'>) {
  await Promise.allSettled([...(emCurso.get(ctx.db) ?? [])]);
}

/**
 * Mails notice `id` when its person has an active portal account and gets its kind by e-mail, once (the claim sets
 * enviado_em). A failed e-mail is logged as a warning and given back for a later run; it never throws.
 */
export async function enviarAviso(ctx: AvisoCtx, id: number): Promise<boolean> {
  const repo = avisosRepository(ctx.db);
  try {
    const a = await repo.reservarEnvio(id);
    if (!a) return false;
    try {
      const token = await tokenDoCancelamento(ctx.db, ctx.config.chavesSegredo, a.pessoaId, a.tipo);
      const m = mensagemDoAviso(ctx.config.settings.mercado, enderecoPublico(ctx.config), a, token);
      await ctx.mailer.send(a.email, m.assunto, m.texto, m.extras);
      return true;
    } catch (err) {
      await repo.desfazerEnvio(id);
      throw err;
    }
  } catch (err) {
    ctx.log.warn({ err, aviso: id }, 'aviso do portal não enviado por e-mail: fica no portal e será tentado de novo na rotina diária');
    return false;
  }
}

/**
 * Tells a producer of an event: stores the notice (once per `chave`, whichever server or run comes first) and mails
 * it after, in the background (enviarAviso). Never throws: a failure is logged as a warning. Answers the new
 * notice's id, or null when the event was told before (or could not be stored).
 */
export async function avisarProdutor(ctx: AvisoCtx, aviso: NovoAviso): Promise<number | null> {
  try {
    const id = await avisosRepository(ctx.db).inserir(aviso);
    if (id !== null)
      emSegundoPlano(
        ctx,
        enviarAviso(ctx, id).then(() => undefined),
      );
    return id;
  } catch (err) {
    ctx.log.warn({ err, chave: aviso.chave }, 'aviso do portal não registrado');
    return null;
  }
}

/** The notices of a saved inspection: its result (not while pending) and the suspension it gives. */
export function avisosDaInspecao(i: Inspecao): NovoAviso[] {
  const r = i.romaneio;
  const avisos: NovoAviso[] = [];
  if (i.resultado === 'conforme' || i.resultado === 'nao_conforme') {
    const ativo = i.principioAtivo ? ` Princípio ativo encontrado: ${i.principioAtivo}.` : '';
    avisos.push({
      pessoaId: r.produtorId,
      tipo: 'inspecao',
      chave: `inspecao:${i.id}:${i.resultado}`,
      titulo: `Inspeção do romaneio ${r.id}: ${ROTULOS_RESULTADO[i.resultado].toLowerCase()}`,
      texto:
        `A inspeção de ${ROTULOS_TIPO_INSPECAO[i.tipo].toLowerCase()} da sua carga do romaneio ${r.id} (${formatDate(r.dataEmissao)}), ` +
        `com coleta em ${formatDate(i.coletaEm)}, teve o resultado ${ROTULOS_RESULTADO[i.resultado].toLowerCase()}.${ativo}`,
    });
  }
  if (i.suspensoAte)
    avisos.push({
      pessoaId: r.produtorId,
      tipo: 'suspensao',
      chave: `suspensao:${i.id}:${i.suspensoAte}`,
      titulo: `Suspensão na portaria até ${formatDate(i.suspensoAte)}`,
      texto:
        `Por resultado não conforme na análise de resíduos do romaneio ${r.id} (coleta em ${formatDate(i.coletaEm)}), ` +
        `a portaria não recebe suas cargas de ${formatDate(i.coletaEm)} até ${formatDate(i.suspensoAte)}.`,
    });
  return avisos;
}

/** Tells the producer of a saved inspection's result and suspension (each once). */
export async function avisarInspecao(ctx: AvisoCtx, i: Inspecao) {
  for (const a of avisosDaInspecao(i)) await avisarProdutor(ctx, a);
}

/**
 * Tells the producer that the gate received his announced load (call it once a romaneio names the load: after its
 * save commits). Once per load; nothing when no romaneio names it. Never throws.
 */
export async function avisarChegadaRecebida(ctx: AvisoCtx, chegadaId: number): Promise<number | null> {
  try {
    const c = await chegadaRecebida(ctx.db, chegadaId);
    if (!c) return null;
    return await avisarProdutor(ctx, {
      pessoaId: c.pessoaId,
      tipo: 'chegada',
      chave: `chegada:${chegadaId}`,
      titulo: `Chegada de ${formatDate(c.data)} recebida`,
      texto: `Sua chegada anunciada para ${formatDate(c.data)} foi recebida na portaria: romaneio ${c.romaneioId}.`,
    });
  } catch (err) {
    ctx.log.warn({ err, chegada: chegadaId }, 'aviso de chegada recebida não registrado');
    return null;
  }
}

/**
 * Tells each producer whose withdrawal period ends from `hoje` to DIAS_DE_ANTECEDENCIA_DA_CARENCIA days ahead (the
 * first day the gate accepts the produce), once per application and end. Answers how many were told now.
 */
export async function avisarCarencias(ctx: AvisoCtx, hoje = hojeNoMercado()): Promise<number> {
  let novos = 0;
  for (const a of await carenciasTerminando(ctx.db, hoje, somarDias(hoje, DIAS_DE_ANTECEDENCIA_DA_CARENCIA))) {
    const fim = primeiroDiaPermitido(a)!;
    const id = await avisarProdutor(ctx, {
      pessoaId: a.pessoaId,
      tipo: 'carencia',
      chave: `carencia:${a.id}:${fim}`,
      titulo: `Carência de ${a.nomeProduto} termina: venda a partir de ${formatDate(fim)}`,
      texto:
        `A carência de ${a.nomeProduto}, aplicado em ${formatDate(a.data)} em ${a.produtoNome} (${a.periodoCarencia} dias), termina: ` +
        `a portaria aceita esse produto a partir de ${formatDate(fim)}.`,
    });
    if (id !== null) novos++;
  }
  return novos;
}

/** The daily run: the withdrawal periods ending soon, then the e-mails that failed in the last days. */
export async function rotinaDiaria(ctx: AvisoCtx, hoje = hojeNoMercado()) {
  const carencias = await avisarCarencias(ctx, hoje);
  let reenviados = 0;
  for (const id of await avisosRepository(ctx.db).naoEnviados(DIAS_PARA_REENVIAR, 10)) if (await enviarAviso(ctx, id)) reenviados++;
  await esperarEnvios(ctx);
  return { carencias, reenviados };
}

/** Runs the daily run every day while the market is closed (lib/todo-dia.ts); returns how to stop it. */
export const iniciarRotinaDiaria = (ctx: AvisoCtx) =>
  todoDia(() => rotinaDiaria(ctx).catch((err: unknown) => ctx.log.error({ err }, 'falha na rotina diária dos avisos do portal do produtor')));
