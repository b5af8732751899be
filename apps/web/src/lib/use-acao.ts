import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { relerListas } from './listas';
import { useToast } from './toast';

/**
 * A button that asks the server for something (a backup now, a year's holidays, a row's toggle, a whole report):
 * `ocupado` is what it runs for (a row's id, or true) from `executar` until the end. A refusal is toasted: `erro`'s
 * title, its text or else the server's message, for its `ms` or the toast's default. With `reler`, that resource's lists
 * are read again after the action, before `depois` (what follows them, with the action's answer); with `relerNoErro`,
 * after a refusal too. A second call while one runs (a double click before the button shows it is busy) does nothing.
 */
export function useAcao<C = true>(o: { erro: { titulo: string; texto?: string; ms?: number }; reler?: string; relerNoErro?: boolean }) {
  const toast = useToast();
  const qc = useQueryClient();
  const [ocupado, setOcupado] = useState<C | null>(null);
  const emCurso = useRef(false);
  const reler = async () => {
    if (o.reler) await relerListas(qc, o.reler);
  };
  const executar = async <R>(chave: C, acao: () => Promise<R>, depois?: (r: R) => unknown) => {
    if (emCurso.current) return;
    emCurso.current = true;
    setOcupado(chave);
    try {
      const r = await acao();
      await reler();
      await depois?.(r);
    } catch (e) {
      toast.show('error', o.erro.titulo, o.erro.texto ?? (e as Error).message, o.erro.ms);
      if (o.relerNoErro) await reler();
    } finally {
      emCurso.current = false;
      setOcupado(null);
    }
  };
  return { ocupado, executar };
}
