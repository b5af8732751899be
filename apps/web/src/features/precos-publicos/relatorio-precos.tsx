import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { ComConsultas } from './com-consultas';
import type { PrecoResumo } from '@ceasa/shared';
import { formatDate } from '@ceasa/shared/format';
import { MAX_LINHAS_RELATORIO as MAX_PAGE_SIZE } from './constantes';
import { ConsultaImpressa, PrintDialog, PrintTable, textoTotal } from '../../components/print/print-dialog';
import { useSettings } from '../../lib/settings';
import { buscarPrecos, Valor, type EstadoPrecos } from './dados-precos';

/** The printable quotation: up to 1000 rows with the current filters and sort. */
function RelatorioPrecosConteudo({ estado, onHide }: { estado: EstadoPrecos; onHide: () => void }) {
  const s = useSettings();
  const q = useQuery({
    queryKey: ['precos-publicos', 'relatorio', estado.filtros, estado.sortField, estado.sortOrder],
    queryFn: () => buscarPrecos(estado, 0, MAX_PAGE_SIZE),
    retry: false,
    gcTime: 0,
  });
  return (
    <PrintDialog visible onHide={onHide} titulo={`${s.mercadoTitulo} - Cotação de Preços no Atacado`}>
      <ConsultaImpressa q={q} erro="Erro ao obter a cotação">
        {(pagina) => (
          <>
            <PrintTable<PrecoResumo>
              rows={pagina.content}
              vazio="Nenhuma cotação encontrada"
              columns={[
                { header: 'Produto', cell: (r) => r.produtoGrupoNome },
                { header: 'Un Padrão', cell: (r) => r.produtoGrupoUn },
                { header: 'Valor Mínimo', cell: (r) => <Valor valor={r.valorMinimo} kg={r.valorKgMinimo} />, className: 'num' },
                { header: 'Valor Médio', cell: (r) => <Valor valor={r.valorMedio} kg={r.valorKgMedio} />, className: 'num' },
                { header: 'Valor Máximo', cell: (r) => <Valor valor={r.valorMaximo} kg={r.valorKgMaximo} />, className: 'num' },
                { header: 'Data Cotação', cell: (r) => formatDate(r.precoData) },
              ]}
            />
            <p className="muted print-nota">
              {pagina.totalElements > pagina.content.length
                ? `Mostrando ${pagina.content.length} de ${textoTotal(pagina, pagina.content.length)} cotações. `
                : `${pagina.content.length} cotação(ões). `}
              Valores em R$; abaixo de cada valor, o preço por kg.
            </p>
          </>
        )}
      </ConsultaImpressa>
    </PrintDialog>
  );
}

/** Loaded on demand (lazy), with the query cache it needs (com-consultas.tsx). */
export default function RelatorioPrecos(p: ComponentProps<typeof RelatorioPrecosConteudo>) {
  return (
    <ComConsultas>
      <RelatorioPrecosConteudo {...p} />
    </ComConsultas>
  );
}
