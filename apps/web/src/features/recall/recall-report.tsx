import { formatDate, formatDecimal, formatTelefone, type RecallItem } from '@ceasa/shared';
import { PrintDialog, PrintTable, type PrintColumn } from '../../components/print/print-dialog';

/** The producer with the phone, as the screen and the print show it. */
export const produtorDoItem = (i: RecallItem) => (i.produtorCelular ? `${i.produtorNome} (${formatTelefone(i.produtorCelular)})` : i.produtorNome);
/** Property and municipality/UF, or 'Sem boletim'. */
export const origemDoItem = (i: RecallItem) => (i.propriedadeNome ? `${i.propriedadeNome} - ${i.municipioNome}/${i.municipioUf}` : 'Sem boletim');
/** The shop sheets of the product that day, one per line. */
export const lojasDoItem = (i: RecallItem) =>
  i.lojas.length ? i.lojas.map((l) => `Loja ${l.lojaId} - ${l.lojistaNome} (${formatDecimal(l.quantidade)})`).join('\n') : 'Nenhuma';

export const COLUNAS_RECALL: PrintColumn<RecallItem>[] = [
  { header: 'Data', cell: (i) => formatDate(i.dataEmissao) },
  { header: 'Romaneio', cell: (i) => i.romaneioId },
  { header: 'Lote', cell: (i) => i.lote },
  { header: 'Pedras', cell: (i) => i.pedras || '-' },
  { header: 'Produto', cell: (i) => `${i.produtoNome} - ${i.produtoEmbalagem}` },
  { header: 'Qtde', cell: (i) => formatDecimal(i.quantidade), className: 'num' },
  { header: 'Kg', cell: (i) => formatDecimal(i.quantidadeKg), className: 'num' },
  { header: 'Produtor', cell: produtorDoItem },
  { header: 'Propriedade / Município', cell: origemDoItem },
  { header: 'Lojas (mesmo produto no dia)', cell: lojasDoItem, className: 'recall-lojas' },
];

/** The printable recall: municipal header, the search that produced it, the items. */
export function RecallReport({ visible, onHide, itens, criterios }: { visible: boolean; onHide: () => void; itens: RecallItem[]; criterios: string }) {
  const kg = itens.reduce((s, i) => s + i.quantidadeKg, 0);
  return (
    <PrintDialog visible={visible} onHide={onHide} titulo="Recall - Itens de romaneio atingidos" subtitulo={<span>{criterios}</span>}>
      <div className="recall-impressao">
        <PrintTable<RecallItem> rows={itens} columns={COLUNAS_RECALL} vazio="Nenhum item encontrado" />
      </div>
      {itens.length > 0 && (
        <p className="print-total">
          <strong>Total:</strong> {itens.length} item(ns), {formatDecimal(kg)} kg
        </p>
      )}
    </PrintDialog>
  );
}
