import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef, useState } from 'react';
import { formatBRL, type Estacionamento, estacionamentoRecurso } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { TicketEstacionamento } from './estacionamento-ticket';
import './estacionamento.css';

/** docs/produto/funcionamento.md: the parking ticket opens 2 s after the click. */
const ATRASO_TICKET = 2000;

/** The declaration's list with each row's ticket (printed 2 s after the click) and the report's total. */
export default function EstacionamentoListPage() {
  const [preparando, setPreparando] = useState<number | null>(null);
  const [ticket, setTicket] = useState<Estacionamento | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const imprimirTicket = (e: Estacionamento) => {
    clearTimeout(timer.current);
    setPreparando(e.id);
    timer.current = setTimeout(() => {
      setPreparando(null);
      setTicket(e);
    }, ATRASO_TICKET);
  };

  return (
    <>
      <ListaDoRecurso<Estacionamento>
        recurso={estacionamentoRecurso}
        rowActions={(e) => (
          <Button
            icon="pi pi-ticket"
            rounded
            text
            aria-label={`Imprimir ticket ${e.id}`}
            tooltip="Imprimir ticket"
            tooltipOptions={{ position: 'left' }}
            loading={preparando === e.id}
            aria-busy={preparando === e.id}
            onClick={() => imprimirTicket(e)}
          />
        )}
        relatorio={{
          rodape: (rows) => rows.length > 0 && <p className="relatorio-total">Total: {formatBRL(rows.reduce((s, e) => s + Number(e.valor), 0))}</p>,
        }}
      />
      {preparando !== null && (
        <div className="ticket-preparando" role="status">
          <ProgressSpinner style={{ width: 20, height: 20 }} strokeWidth="6" aria-hidden /> Preparando o ticket...
        </div>
      )}
      <TicketEstacionamento registro={ticket} onHide={() => setTicket(null)} />
    </>
  );
}
