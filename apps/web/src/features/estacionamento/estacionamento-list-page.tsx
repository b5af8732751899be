import { type Estacionamento, estacionamentoRecurso } from '@ceasa/shared';
import { BotaoDaLinha } from '../../components/botao-da-linha';
import { Preparando } from '../../components/print/preparando';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { useMostrarDepois } from '../../lib/use-mostrar-depois';
import { TicketEstacionamento } from './estacionamento-ticket';

/** The declaration's list with each row's ticket (its dialog 2 s after the click, 'Preparando o ticket...' meanwhile). */
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
      />
      {ticket.esperando && <Preparando texto="Preparando o ticket..." />}
      <TicketEstacionamento registro={ticket.pronto} onHide={ticket.fechar} />
    </>
  );
}
