import { useCallback, useRef, useState } from 'react';
import { DIVIDA_NAO_ENCONTRADA, formatBRL, type DividaConsulta } from '@ceasa/shared';
import { api, type ApiError } from './api-client';
import { useToast } from './toast';

/**
 * Debt lookup on leaving the debt field (docs/produto/telas.md and docs/produto/validacao.md), shared by the parking and the
 * romaneio forms: GET {rota}/divida/{numero}. Value above 0 → success toast with taxpayer and value;
 * 0 or less → warning toast; not found → 'Dívida!' / 'Dívida não encontrada...'.
 */
export function useConsultaDivida(rota: 'estacionamento' | 'romaneio') {
  const toast = useToast();
  const [consultando, setConsultando] = useState(false);
  const [resultado, setResultado] = useState<(DividaConsulta & { numero: number }) | null>(null);
  const ultima = useRef(0);

  const consultar = useCallback(
    async (numero: number | string | null | undefined): Promise<DividaConsulta | null> => {
      const n = Number(numero);
      if (!numero || !Number.isSafeInteger(n) || n <= 0) {
        setResultado(null);
        return null;
      }
      const esta = ++ultima.current;
      setConsultando(true);
      try {
        const d = await api<DividaConsulta>(`${rota}/divida/${n}`);
        if (esta !== ultima.current) return d;
        setResultado({ ...d, numero: n });
        const detalhe = `${d.nomeContribuinte} — ${formatBRL(d.valorPgto)}`;
        if (d.valorPgto > 0) toast.show('success', `Dívida ${n}`, detalhe, 5000);
        else toast.show('warn', `Dívida ${n} sem valor a pagar`, detalhe, 5000);
        return d;
      } catch (err) {
        if (esta !== ultima.current) return null;
        setResultado(null);
        const e = err as ApiError;
        toast.show('error', 'Dívida!', e.status === 404 ? DIVIDA_NAO_ENCONTRADA : e.message, 5000);
        return null;
      } finally {
        if (esta === ultima.current) setConsultando(false);
      }
    },
    [rota, toast],
  );

  return { consultar, consultando, resultado };
}
