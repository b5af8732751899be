import { Toast, type ToastMessage } from 'primereact/toast';
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react';

type Sev = 'success' | 'info' | 'warn' | 'error';
interface ToastApi {
  show(severity: Sev, summary: string, detail?: string, life?: number): void;
}

const Ctx = createContext<ToastApi>({ show: () => undefined });

/** One toast for the whole app (docs/produto/validacao.md texts; durations of section 9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const api = useMemo<ToastApi>(
    () => ({
      show(severity, summary, detail, life = 3000) {
        const m: ToastMessage = { severity, summary, detail, life };
        ref.current?.show(m);
      },
    }),
    [],
  );
  return (
    <Ctx.Provider value={api}>
      <Toast ref={ref} position="top-right" />
      {children}
    </Ctx.Provider>
  );
}

export const useToast = () => useContext(Ctx);

/** Toast durations (docs/produto/funcionamento.md). */
export const DURACAO = { salvar: 2000, remover: 5000 };
