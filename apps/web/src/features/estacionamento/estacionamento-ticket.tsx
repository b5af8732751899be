import { formatBRL, formatDate, type Estacionamento } from '@ceasa/shared';
import { DadosImpressos } from '../../components/print/dados-impressos';
import { PrintDialog } from '../../components/print/print-dialog';
import './estacionamento.css';

/** The parking ticket (docs/produto/README.md 'parking ticket'): municipal header, date, plate, vehicle, person, debt, fee. */
export function TicketEstacionamento({ registro: e, onHide }: { registro: Estacionamento | null; onHide: () => void }) {
  return (
    <PrintDialog visible={!!e} onHide={onHide} titulo="Ticket de Estacionamento" subtitulo={e && <span>Nº {e.id}</span>}>
      {e && (
        <DadosImpressos
          className="ticket"
          dados={[
            ['Data', formatDate(e.data)],
            ['Placa', <span className="ticket-placa">{e.placa}</span>],
            ['Tipo de Veículo', e.veiculoTipo?.nome],
            ['Pessoa', e.pessoaNome ?? e.pessoa?.nome],
            ['Dívida', e.divida],
            ['Valor', <span className="ticket-valor">{formatBRL(e.valor)}</span>],
          ]}
        />
      )}
    </PrintDialog>
  );
}
