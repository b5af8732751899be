import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { formatDate } from '@ceasa/shared';
import { diaPorExtenso, useCalendarioDeMercado } from '../lib/calendario';

/**
 * When today is not a market day, the first thing /admin and the gate say: why, and the
 * next market day with a button that takes it (`onUsar`). Nothing on a market day or before the calendar is read.
 */
export function AvisoDiaSemMercado(p: { onUsar: (dia: string) => void; rotuloUsar: string }) {
  const cal = useCalendarioDeMercado();
  const motivo = cal.carregado ? cal.motivo(cal.hoje) : null;
  if (!motivo) return null;
  const proximo = cal.proximo(cal.hoje);
  return (
    <Message
      severity="warn"
      className="aviso-dia-sem-mercado"
      role="note"
      content={
        <div className="aviso-dia-sem-mercado-texto">
          <span>
            <strong>Hoje ({formatDate(cal.hoje)}) não é dia de mercado.</strong> {motivo.startsWith('A data de emissão') ? '' : motivo} Próximo dia de mercado:{' '}
            {diaPorExtenso(proximo)}.
          </span>
          {proximo !== cal.hoje && <Button type="button" size="small" label={`${p.rotuloUsar} ${formatDate(proximo)}`} onClick={() => p.onUsar(proximo)} />}
        </div>
      }
    />
  );
}
