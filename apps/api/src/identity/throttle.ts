/**
 * Failed sign-in attempts per key (an account's e-mail, a client address) in a sliding window.
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

/** The two throttles of a sign-in: per account, and per address (a looser limit, shared offices). */
export interface LoginThrottle {
  conta: Throttle;
  ip: Throttle;
}

/** An address may fail this many times the per-account limit (several users behind one NAT). */
const IP_FATOR = 4;

const porApp = new WeakMap<object, LoginThrottle>();

/** One pair per app instance (keyed by its context), so test apps never share counters. */
export function loginThrottle(ctx: { config: { loginMaxAttempts: number; loginWindowMs: number } }): LoginThrottle {
  let t = porApp.get(ctx);
  if (!t) {
    const { loginMaxAttempts: max, loginWindowMs: janela } = ctx.config;
    t = { conta: new Throttle(max, janela), ip: new Throttle(max * IP_FATOR, janela) };
    porApp.set(ctx, t);
  }
  return t;
}
