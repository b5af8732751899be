/**
 * What the server does at a moment of the market's clock (America/Sao_Paulo): the scheduled backups at BACKUP_HORA,
 * and the daily runs (personal-data retention, the producers' withdrawal-period notices) at ROTINAS_DIARIAS, while
 * the market is closed. On the embedded database a run holds the one connection while it works (the first retention
 * on ten market-years anonymised 110 people in ~2 minutes), so nothing of it should meet the morning's desk.
 */
import { partesNoMercado } from '@ceasa/shared';

/** When the daily runs go: 03:30 in Brasília, after the nightly backup (BACKUP_HORA, 02:00 by default). */
export const ROTINAS_DIARIAS = 3 * 60 + 30;

/** São Paulo's offset from UTC at `d`, in minutes (−180 today; read from the time zone data, not assumed). */
function deslocamento(d: Date): number {
  const p = partesNoMercado(d);
  const comoUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((comoUtc - Math.floor(d.getTime() / 1000) * 1000) / 60_000);
}

/** The next moment after `agora` at `minutoDoDia` of today or tomorrow in São Paulo, or the next multiple of the interval. */
export function proximoHorario(b: { minutoDoDia: number; intervaloMinutos?: number }, agora: Date): Date {
  if (b.intervaloMinutos) {
    const passo = Math.round(b.intervaloMinutos * 60_000);
    return new Date((Math.floor(agora.getTime() / passo) + 1) * passo);
  }
  const p = partesNoMercado(agora);
  for (let dias = 0; dias < 3; dias++) {
    // That day's time as if UTC, then moved by São Paulo's offset at that moment.
    const local = Date.UTC(+p.year, +p.month - 1, +p.day + dias, Math.floor(b.minutoDoDia / 60), b.minutoDoDia % 60);
    const instante = new Date(local - deslocamento(new Date(local)) * 60_000);
    if (instante.getTime() > agora.getTime()) return instante;
  }
  throw new Error('nenhum horário nos próximos dias');
}

/**
 * Runs `rodar` every day at `minutoDoDia` of the market's clock (the next one after now first; one run at a time).
 * Returns the stop, which waits for a run under way.
 */
export function todoDia(rodar: () => Promise<unknown>, minutoDoDia = ROTINAS_DIARIAS): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let parado = false;
  let emCurso: Promise<unknown> = Promise.resolve();
  const proximo = () => {
    if (parado) return;
    // setTimeout holds at most ~24.8 days; a day is far below.
    timer = setTimeout(
      () => {
        emCurso = rodar()
          .catch(() => undefined)
          .finally(proximo);
      },
      Math.max(0, proximoHorario({ minutoDoDia }, new Date()).getTime() - Date.now()),
    );
    timer.unref();
  };
  proximo();
  return async () => {
    parado = true;
    clearTimeout(timer);
    await emCurso;
  };
}

/** Lets the requests waiting meanwhile go first: a long run of queries on the embedded database never yields otherwise. */
export const darVez = () => new Promise<void>((ok) => setImmediate(ok));
