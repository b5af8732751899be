import { formatBRL, formatDate, type Estacionamento } from '@ceasa/shared';
import { PrintDialog } from '../../components/print/print-dialog';
import './estacionamento.css';

/** The parking ticket (docs/produto/README.md 'parking ticket'): municipal header, date, plate, vehicle, person, debt, fee. */
export function TicketEstacionamento({ registro, onHide }: { registro: Estacionamento | null; onHide: () => void }) {
  const e = registro;
  return (
    <PrintDialog visible={!!e} onHide={onHide} titulo="Ticket de Estacionamento" subtitulo={e && <span>Nº {e.id}</span>}>
      {e && (
        <dl className="ticket">
          <dt>Data</dt>
          <dd>{formatDate(e.data)}</dd>
          <dt>Placa</dt>
          <dd className="ticket-placa">{e.placa}</dd>
          <dt>Tipo de Veículo</dt>
          <dd>{e.veiculoTipo?.nome}</dd>
          <dt>Pessoa</dt>
          <dd>{e.pessoaNome ?? e.pessoa?.nome}</dd>
          <dt>Dívida</dt>
          <dd>{e.divida}</dd>
          <dt>Valor</dt>
          <dd className="ticket-valor">{formatBRL(e.valor)}</dd>
        </dl>
      )}
    </PrintDialog>
  );
}
