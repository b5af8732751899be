import { formatBRL, formatDate, formatDecimal, type VafInput, type VafRow } from '@ceasa/shared';
import { PrintDialog, PrintTable } from '../../components/print/print-dialog';

/** A row's price, or 'Sem preço'. */
export const precoVaf = (r: VafRow) => (r.valorUn === null ? 'Sem preço' : formatBRL(r.valorUn));
/** A row's municipality, or 'Não informado'. */
export const municipioVaf = (r: VafRow) => r.municipio ?? 'Não informado';

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
          { header: 'Valor Un (R$)', cell: precoVaf, className: 'num' },
          { header: 'Município', cell: municipioVaf },
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
