import { formatBRL, formatDate, formatDecimal, type VafInput, type VafRow } from '@ceasa/shared';
import { PrintDialog, PrintTable } from '../../components/print/PrintDialog';

/** The printable 'Boletim VAF' of the searched period. */
export function VafReport({ visible, onHide, rows, periodo }: { visible: boolean; onHide: () => void; rows: VafRow[]; periodo: VafInput }) {
  const total = rows.reduce((s, r) => s + Number(r.total ?? 0), 0);
  return (
    <PrintDialog
      visible={visible}
      onHide={onHide}
      titulo="Boletim VAF - Média Mensal"
      subtitulo={
        <span>
          Período: {formatDate(periodo.dataInicial)} a {formatDate(periodo.dataFinal)}
        </span>
      }
    >
      <PrintTable<VafRow>
        rows={rows}
        vazio="Nenhum movimento encontrado"
        columns={[
          { header: 'Produto', cell: (r) => r.nome },
          { header: 'Un Padrão', cell: (r) => r.unPadrao },
          { header: 'Valor Un (R$)', cell: (r) => (r.valorUn === null ? 'Sem preço' : formatBRL(r.valorUn)), className: 'num' },
          { header: 'Município', cell: (r) => r.municipio ?? 'Não informado' },
          { header: 'Total (kg)', cell: (r) => formatDecimal(r.total), className: 'num' },
        ]}
      />
      {rows.length > 0 && (
        <p className="print-total">
          <strong>Total geral:</strong> {formatDecimal(total)} kg em {rows.length} registro(s)
        </p>
      )}
    </PrintDialog>
  );
}
