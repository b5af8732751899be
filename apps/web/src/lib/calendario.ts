import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DIAS_DA_SEMANA, ehDiaDeMercado, fromIsoDate, motivoSemMercado, proximoDiaDeMercado, somarDias, toIsoDate, type DiaDoCalendario } from '@ceasa/shared';
import { api } from './api-client';
import { useSettings } from './settings';

/** How far around today the screens read the holidays and extra market days. */
const JANELA = 400;

/** The query key of the calendar: under the holidays' lists, so that whatever changes a holiday (a save, a removal, a year's national holidays) reads it again. */
export const CHAVE_CALENDARIO = ['lista', 'feriado', 'calendario'] as const;

/**
 * The market calendar of the screens (decision 0145): the weekdays of the settings and the holidays and extra
 * market days stored around today, with the shared rule (`motivoSemMercado`) the API applies.
 */
export function useCalendarioDeMercado() {
  const { diasDeMercado: dias } = useSettings();
  const hoje = toIsoDate(new Date())!;
  const de = somarDias(hoje, -JANELA);
  const ate = somarDias(hoje, JANELA);
  const q = useQuery({
    queryKey: [...CHAVE_CALENDARIO, de, ate],
    queryFn: () => api<DiaDoCalendario[]>(`feriado/calendario?${new URLSearchParams({ de, ate }).toString()}`),
    staleTime: 60_000,
  });
  const calendario = useMemo(() => (Array.isArray(q.data) ? q.data : []), [q.data]);
  return useMemo(() => {
    // The pickers: the weekdays that are never market days (none with an extra day) and every other closed date of the window.
    const semExtra = [0, 1, 2, 3, 4, 5, 6].filter(
      (n) => !dias.includes(n) && !calendario.some((c) => c.tipo === 'extra' && fromIsoDate(c.data)?.getDay() === n),
    );
    const datasDesabilitadas: Date[] = [];
    for (let i = -JANELA; i <= JANELA; i++) {
      const d = somarDias(hoje, i);
      const dt = fromIsoDate(d)!;
      if (!semExtra.includes(dt.getDay()) && !ehDiaDeMercado(d, dias, calendario)) datasDesabilitadas.push(dt);
    }
    return {
      /** Whether the calendar has been read (before that, only weekdays count). */
      carregado: !q.isPending,
      hoje,
      dias,
      calendario,
      motivo: (d: string) => motivoSemMercado(d, dias, calendario),
      ehDiaDeMercado: (d: string) => ehDiaDeMercado(d, dias, calendario),
      proximo: (d: string) => proximoDiaDeMercado(d, dias, calendario),
      diasDesabilitados: semExtra,
      datasDesabilitadas,
    };
  }, [dias, calendario, hoje, q.isPending]);
}

/** 'quinta-feira, 03/12/2026'. */
export const diaPorExtenso = (d: string) => `${DIAS_DA_SEMANA[fromIsoDate(d)!.getDay()]}, ${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
