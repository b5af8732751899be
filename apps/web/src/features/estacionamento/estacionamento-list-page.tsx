import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef, useState } from 'react';
import { formatBRL, formatDate, type Estacionamento, estacionamentoRecurso } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { useVeiculoTipoOpcoes } from './api';
import { TicketEstacionamento } from './estacionamento-ticket';
import './estacionamento.css';

/** docs/produto/funcionamento.md: the parking ticket opens 2 s after the click. */
const ATRASO_TICKET = 2000;

export default function EstacionamentoListPage() {
  const tipos = useVeiculoTipoOpcoes();
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
      <ResourceList<Estacionamento>
        recurso={estacionamentoRecurso}
        rotulo={(e) => `Estacionamento ${e.id} (${e.placa})`}
        columns={[
          { field: 'id', header: 'Código', filter: 'text', style: { width: '7rem' } },
          { field: 'data', header: 'Data', filter: 'date', body: (e) => formatDate(e.data) },
          { field: 'pessoaNome', header: 'Nome', filter: 'text' },
          { field: 'placa', header: 'Placa', filter: 'text' },
          { field: 'divida', header: 'Dívida', filter: 'text' },
          {
            field: 'veiculoTipo',
            header: 'Tipo de Veículo',
            filter: { options: (tipos.data ?? []).map((t) => ({ label: t.nome, value: t.id })), placeholder: 'Todos' },
            body: (e) => e.veiculoTipo?.nome,
          },
        ]}
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
          colunas: [
            { header: 'Código', cell: (e) => e.id },
            { header: 'Data', cell: (e) => formatDate(e.data) },
            { header: 'Nome', cell: (e) => e.pessoaNome },
            { header: 'Placa', cell: (e) => e.placa },
            { header: 'Dívida', cell: (e) => e.divida },
            { header: 'Tipo de Veículo', cell: (e) => e.veiculoTipo?.nome },
            { header: 'Valor', cell: (e) => formatBRL(e.valor), className: 'num' },
          ],
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
