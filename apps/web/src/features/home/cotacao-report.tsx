import { useQuery } from '@tanstack/react-query';
import type { PrecoResumo } from '@ceasa/shared';
import { formatBRL, formatDate } from '@ceasa/shared/format';
import { MAX_LINHAS_RELATORIO as MAX_PAGE_SIZE } from './constantes';
import { PrintDialog, PrintTable } from '../../components/print/PrintDialog';
import { useSettings } from '../../lib/settings';
import { buscarCotacao, type EstadoCotacao } from './cotacao-table';

const comKg = (v: number, kg: number | null | undefined) => (
  <>
    {formatBRL(v)}
    {kg !== null && kg !== undefined && <small className="valor-kg">{formatBRL(kg)}/kg</small>}
  </>
);

/** The printable quotation: up to 1000 rows with the current filters and sort. */
export default function CotacaoReport({ estado, onHide }: { estado: EstadoCotacao; onHide: () => void }) {
  const s = useSettings();
  const q = useQuery({
    queryKey: ['cotacao', 'relatorio', estado.filtros, estado.sortField, estado.sortOrder],
    queryFn: () => buscarCotacao(estado, 0, MAX_PAGE_SIZE),
    retry: false,
    gcTime: 0,
  });
  const rows = q.data?.content ?? [];
  return (
    <PrintDialog visible onHide={onHide} titulo={`${s.mercadoTitulo} - Cotação de Preços no Atacado`}>
      {q.isLoading ? (
        <p>Carregando...</p>
      ) : q.error ? (
        <p role="alert" className="p-error">
          Erro ao obter a cotação: {(q.error as Error).message}
        </p>
      ) : (
        <>
          <PrintTable<PrecoResumo>
            rows={rows}
            vazio="Nenhuma cotação encontrada"
            columns={[
              { header: 'Produto', cell: (r) => r.produtoGrupoNome },
              { header: 'Un Padrão', cell: (r) => r.produtoGrupoUn },
              { header: 'Valor Mínimo', cell: (r) => comKg(r.valorMinimo, r.valorKgMinimo), className: 'num' },
              { header: 'Valor Médio', cell: (r) => comKg(r.valorMedio, r.valorKgMedio), className: 'num' },
              { header: 'Valor Máximo', cell: (r) => comKg(r.valorMaximo, r.valorKgMaximo), className: 'num' },
              { header: 'Data Cotação', cell: (r) => formatDate(r.precoData) },
            ]}
          />
          <p className="muted print-nota">
            {q.data && q.data.totalElements > rows.length ? `Mostrando ${rows.length} de ${q.data.totalElements} cotações. ` : `${rows.length} cotação(ões). `}
            Valores em R$; abaixo de cada valor, o preço por kg.
          </p>
        </>
      )}
    </PrintDialog>
  );
}
