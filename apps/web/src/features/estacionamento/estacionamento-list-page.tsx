import { ProgressSpinner } from 'primereact/progressspinner';
import { formatBRL, type Estacionamento, estacionamentoRecurso } from '@ceasa/shared';
import { BotaoDaLinha } from '../../components/botao-da-linha';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { useMostrarDepois } from '../../lib/use-mostrar-depois';
import { TicketEstacionamento } from './estacionamento-ticket';
import './estacionamento.css';

/** The declaration's list with each row's ticket (its dialog 2 s after the click, 'Preparando o ticket...' meanwhile) and the report's total. */
export default function EstacionamentoListPage() {
  // docs/produto/funcionamento.md: the ticket opens 2 s after the click.
  const ticket = useMostrarDepois<Estacionamento>(2000);
  return (
    <>
      <ListaDoRecurso<Estacionamento>
        recurso={estacionamentoRecurso}
        rowActions={(e) => (
          <BotaoDaLinha
            icon="pi pi-ticket"
            aria-label={`Imprimir ticket ${e.id}`}
            dica="Imprimir ticket"
            ocupado={ticket.esperando?.id === e.id}
            onClick={() => ticket.escolher(e)}
          />
        )}
        relatorio={{
          rodape: (rows) => rows.length > 0 && <p className="relatorio-total">Total: {formatBRL(rows.reduce((s, e) => s + Number(e.valor), 0))}</p>,
        }}
      />
      {ticket.esperando && (
        <div className="ticket-preparando" role="status">
          <ProgressSpinner style={{ width: 20, height: 20 }} strokeWidth="6" aria-hidden /> Preparando o ticket...
        </div>
      )}
      <TicketEstacionamento registro={ticket.pronto} onHide={ticket.fechar} />
    </>
  );
}
