import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { tentativasDeEntrada } from '../db/schema';
import type { Avisos } from '../lib/avisos';

/**
 * Events per key (an account's e-mail, a client address, a pair of both) in a sliding window.
 * In memory and bounded: the oldest keys are dropped when the map is full.
 */
export class Throttle {
  private falhas = new Map<string, number[]>();

  constructor(
    private max: number,
    private janelaMs: number,
    private maxChaves = 10_000,
  ) {}

  private recentes(chave: string, agora: number): number[] {
    const t = this.falhas.get(chave);
    if (!t) return [];
    const vivos = t.filter((x) => agora - x < this.janelaMs);
    if (vivos.length) this.falhas.set(chave, vivos);
    else this.falhas.delete(chave);
    return vivos;
  }

  /** True while the key has reached the limit inside the window. */
  bloqueado(chave: string, agora = Date.now()): boolean {
    return this.recentes(chave, agora).length >= this.max;
  }

  /** The key's events inside the window, oldest first. */
  eventos(chave: string, agora = Date.now()): readonly number[] {
    return this.recentes(chave, agora);
  }

  falhou(chave: string, agora = Date.now()) {
    const t = this.recentes(chave, agora);
    t.push(agora);
    // Re-insert so the map's order stays "least recently failed first".
    this.falhas.delete(chave);
    this.falhas.set(chave, t.slice(-this.max));
    while (this.falhas.size > this.maxChaves) this.falhas.delete(this.falhas.keys().next().value!);
  }

  limpar(chave: string) {
    this.falhas.delete(chave);
  }
}

export const MSG_TENTATIVAS = 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.';
export const MSG_TENTATIVAS_RESET = 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.';
const msgEspera = (s: number) => `Muitas tentativas de acesso a esta conta. Aguarde ${s} ${s === 1 ? 'segundo' : 'segundos'} e tente novamente.`;

/** An attempt may go on, or is refused with a 429, a pt-BR message and how long to wait (Retry-After). */
export type Veredito = { ok: true } | { ok: false; message: string; esperarSegundos: number };

/** How many times the per-pair limit an address may fail, over all accounts, before new pairs from it wait. */
const IP_FATOR = 10;
/** Longest wait the account-wide slow-down imposes (seconds). */
const ESPERA_MAXIMA_S = 60;
/** How long an address where the account signed in stays "its own" (exempt from the account-wide slow-down). */
const CONHECIDO_MS = 30 * 24 * 3600_000;

/**
 * Sign-in throttling (docs/decisions/0051-lockouts-sem-negar-acesso.md), so a lockout cannot be used
 * against someone else:
 * 1. the pair (account, address): past `max` attempts in the window, that pair is refused (429) until the window
 *    ends; counted in the database before the password is checked (contarTentativa below, decision 0161);
 * 2. the account as a whole is never locked: past `max` failures from anywhere, an address where the
 *    account never signed in must wait after each failure, 1 s doubling up to 60 s (NIST SP 800-63B
 *    5.2.2); an address where it signed in during the last 30 days is not slowed down, so the owner
 *    still signs in from their own desk during an attack;
 * 3. an address failing over many accounts (`max` × 10, password spraying) refuses only pairs that never
 *    signed in from it: the colleagues behind the same office NAT who already did keep working.
 */
export class LoginThrottle {
  readonly conta: Throttle;
  readonly ip: Throttle;
  /** account → (address → last successful sign-in). */
  private conhecidos = new Map<string, Map<string, number>>();

  constructor(
    private max: number,
    janelaMs: number,
    private maxChaves = 10_000,
  ) {
    // Enough history to grow the delay to its cap.
    this.conta = new Throttle(max + 8, janelaMs, maxChaves);
    this.ip = new Throttle(max * IP_FATOR, janelaMs, maxChaves);
  }

  private conhecido(conta: string, ip: string, agora: number): boolean {
    const t = this.conhecidos.get(conta)?.get(ip);
    return t !== undefined && agora - t < CONHECIDO_MS;
  }

  /** Whether this attempt may check the password at all (the pair's own limit is contarTentativa's). */
  verificar(conta: string, ip: string, agora = Date.now()): Veredito {
    if (this.conhecido(conta, ip, agora)) return { ok: true };
    if (this.ip.bloqueado(ip, agora)) return { ok: false, message: MSG_TENTATIVAS, esperarSegundos: 15 * 60 };
    const falhas = this.conta.eventos(conta, agora);
    if (falhas.length > this.max) {
      const espera = Math.min(2 ** (falhas.length - this.max - 1), ESPERA_MAXIMA_S) * 1000;
      const falta = falhas[falhas.length - 1] + espera - agora;
      if (falta > 0) {
        const s = Math.ceil(falta / 1000);
        return { ok: false, message: msgEspera(s), esperarSegundos: s };
      }
    }
    return { ok: true };
  }

  /** Told of every event, so the other servers of the database count it too (see `throttles` below). */
  difundir: (e: EventoDeEntrada) => void = () => undefined;

  /** An event another server counted. */
  aplicar(e: EventoDeEntrada) {
    const agora = Math.min(e[3] ?? Date.now(), Date.now());
    if (e[0] === 'falhou') this.contarFalha(e[1], e[2]!, agora);
    else if (e[0] === 'entrou') this.registrarEntrada(e[1], e[2]!, agora);
    else if (e[0] === 'limpar') this.limparContaAqui(e[1]);
  }

  falhou(conta: string, ip: string, agora = Date.now()) {
    this.contarFalha(conta, ip, agora);
    this.difundir(['falhou', conta, ip, agora]);
  }

  private contarFalha(conta: string, ip: string, agora: number) {
    this.conta.falhou(conta, agora);
    this.ip.falhou(ip, agora);
  }

  /** A right password: the address becomes one of the account's own. */
  entrou(conta: string, ip: string, agora = Date.now()) {
    this.registrarEntrada(conta, ip, agora);
    this.difundir(['entrou', conta, ip, agora]);
  }

  private registrarEntrada(conta: string, ip: string, agora: number) {
    const m = this.conhecidos.get(conta) ?? new Map<string, number>();
    m.delete(ip);
    m.set(ip, agora);
    while (m.size > 20) m.delete(m.keys().next().value!);
    this.conhecidos.delete(conta);
    this.conhecidos.set(conta, m);
    while (this.conhecidos.size > this.maxChaves) this.conhecidos.delete(this.conhecidos.keys().next().value!);
  }

  /** The owner proved the mailbox is theirs (a new password from the reset link): start afresh. */
  limparConta(conta: string) {
    this.limparContaAqui(conta);
    this.difundir(['limpar', conta]);
  }

  private limparContaAqui(conta: string) {
    this.conta.limpar(conta);
  }
}

/** Reset requests (each one mails someone): per e-mail and per address, counted whatever the answer. */
export class ResetThrottle {
  readonly email: Throttle;
  readonly ip: Throttle;
  constructor(max: number, janelaMs: number) {
    this.email = new Throttle(max, janelaMs);
    this.ip = new Throttle(max * 3, janelaMs);
  }

  /** Counts the request, or refuses it when the e-mail or the address reached its limit. */
  pedir(email: string, ip: string, agora = Date.now()): Veredito {
    if (this.email.bloqueado(email, agora) || this.ip.bloqueado(ip, agora)) return { ok: false, message: MSG_TENTATIVAS_RESET, esperarSegundos: 15 * 60 };
    this.contar(email, ip, agora);
    this.difundir(['reset', email, ip, agora]);
    return { ok: true };
  }

  difundir: (e: EventoDeEntrada) => void = () => undefined;

  /** A request another server counted. */
  aplicar(e: EventoDeEntrada) {
    if (e[0] === 'reset') this.contar(e[1], e[2]!, Math.min(e[3] ?? Date.now(), Date.now()));
  }

  private contar(email: string, ip: string, agora: number) {
    this.email.falhou(email, agora);
    this.ip.falhou(ip, agora);
  }
}

/** What one server tells the others of sign-ins and reset requests: [what, account, address, when (ms)]. */
export type EventoDeEntrada = ['falhou' | 'entrou' | 'reset', string, string, number] | ['limpar', string];

/** The notice channel (lib/avisos.ts) that carries EventoDeEntrada between the servers of one database. */
export const CANAL_ENTRADAS = 'entradas';

interface Throttles {
  login: LoginThrottle;
  reset: ResetThrottle;
}
const porApp = new WeakMap<object, Throttles>();
type Contexto = { config: { loginMaxAttempts: number; loginWindowMs: number }; avisos?: Avisos };

/**
 * The counters of one app. With the app's notices (lib/avisos.ts), every failure, sign-in and reset request
 * counted here is told to the other servers of the database, which count it too (PostgreSQL's NOTIFY, within
 * milliseconds), so an attacker spreading attempts over two servers behind a load balancer meets one limit.
 * Each server keeps the counts in memory: a server that starts counts from then on.
 */
function throttles(ctx: Contexto): Throttles {
  let t = porApp.get(ctx);
  if (!t) {
    const { loginMaxAttempts: max, loginWindowMs: janela } = ctx.config;
    const criado: Throttles = { login: new LoginThrottle(max, janela), reset: new ResetThrottle(max, janela) };
    const avisos = ctx.avisos;
    if (avisos) {
      const origem = randomUUID();
      const difundir = (e: EventoDeEntrada) => {
        avisos.avisar(CANAL_ENTRADAS, JSON.stringify({ o: origem, e })).catch(() => undefined);
      };
      criado.login.difundir = difundir;
      criado.reset.difundir = difundir;
      avisos.ouvir(CANAL_ENTRADAS, (carga) => {
        if (!carga) return;
        let m: { o?: string; e?: EventoDeEntrada };
        try {
          m = JSON.parse(carga);
        } catch {
          return;
        }
        if (m.o === origem || !Array.isArray(m.e)) return;
        criado.login.aplicar(m.e);
        criado.reset.aplicar(m.e);
      });
    }
    t = criado;
    porApp.set(ctx, t);
  }
  return t;
}

/** One set per app instance (keyed by its context), so test apps never share counters. */
export const loginThrottle = (ctx: Contexto) => throttles(ctx).login;
export const resetThrottle = (ctx: Contexto) => throttles(ctx).reset;

/**
 * The burst guard (docs/decisions/0161-limites-no-banco.md): every sign-in attempt of the pair (account, address)
 * is counted in the database BEFORE its password is checked, in one atomic upsert (the row's lock orders
 * concurrent attempts, on any number of servers). Answers the attempt's number in the window (which starts at the
 * pair's first attempt and lasts LOGIN_WINDOW_MS) and the seconds left in it. Past `max` the password is not
 * checked: thirty parallel attempts check at most `max` passwords.
 */
export async function contarTentativa(db: Tx, conta: string, endereco: string, janelaMs: number): Promise<{ n: number; esperarSegundos: number }> {
  const janela = sql`make_interval(secs => ${janelaMs / 1000})`;
  const t = tentativasDeEntrada;
  const r = await db.execute<{ n: number; espera: number }>(sql`
    INSERT INTO ${t} AS t (conta, endereco, inicio, n) VALUES (${conta}, ${endereco}, clock_timestamp(), 1)
    ON CONFLICT (conta, endereco) DO UPDATE SET
      n = CASE WHEN t.inicio > clock_timestamp() - ${janela} THEN t.n + 1 ELSE 1 END,
      inicio = CASE WHEN t.inicio > clock_timestamp() - ${janela} THEN t.inicio ELSE clock_timestamp() END
    RETURNING n, greatest(1, ceil(extract(epoch FROM inicio + ${janela} - clock_timestamp())))::int AS espera`);
  const { n, espera } = r.rows[0];
  // A new window: forget the pairs whose window ended (the table holds the attempts of one window at most).
  if (n === 1) await db.execute(sql`DELETE FROM ${t} WHERE ${t.inicio} < clock_timestamp() - ${janela}`);
  return { n, esperarSegundos: espera };
}

/** The pair's attempts in its current window (0 when none or the window ended). */
export async function tentativasDoPar(db: Tx, conta: string, endereco: string, janelaMs: number): Promise<number> {
  const t = tentativasDeEntrada;
  const r = await db.execute<{ n: number }>(
    sql`SELECT n FROM ${t} WHERE ${t.conta} = ${conta} AND ${t.endereco} = ${endereco} AND ${t.inicio} > clock_timestamp() - make_interval(secs => ${janelaMs / 1000})`,
  );
  return r.rows[0]?.n ?? 0;
}

/** A right password (outside a burst): the pair starts afresh. */
export async function esquecerTentativas(db: Tx, conta: string, endereco?: string) {
  const t = tentativasDeEntrada;
  await db.delete(t).where(endereco === undefined ? eq(t.conta, conta) : and(eq(t.conta, conta), eq(t.endereco, endereco)));
}
