import { useQuery } from '@tanstack/react-query';
import { formatDate, formatTelefone, type ProdutoGrupo, type ProdutoGrupoBoletimRow } from '@ceasa/shared';
import { ConsultaImpressa, PrintDialog, PrintTable } from '../../components/print/print-dialog';
import { api } from '../../lib/api-client';

/** 'Boletins por grupo de produto' (GET produtoGrupo/grupoId/{id}). */
export function ProdutoGrupoReport({ grupo, visible, onHide }: { grupo: ProdutoGrupo | null; visible: boolean; onHide: () => void }) {
  const q = useQuery({
    queryKey: ['produtoGrupo', 'boletins', grupo?.id],
    queryFn: () => api<ProdutoGrupoBoletimRow[]>(`produtoGrupo/grupoId/${grupo!.id}`),
    enabled: !!grupo,
    retry: false,
    gcTime: 0,
  });
  return (
    <PrintDialog
      visible={visible}
      onHide={onHide}
      titulo="Boletins por Grupo de Produto"
      subtitulo={
        grupo && (
          <span>
            Grupo: {grupo.nome} ({grupo.unPadrao})
          </span>
        )
      }
    >
      <ConsultaImpressa q={q} erro="Erro ao obter boletins">
        {(linhas) => (
          <PrintTable<ProdutoGrupoBoletimRow>
            rows={linhas}
            vazio="Nenhum boletim encontrado para este grupo"
            columns={[
              { header: 'Boletim', cell: (r) => r.boletimId },
              { header: 'Propriedade', cell: (r) => r.propriedade },
              { header: 'Produtor', cell: (r) => r.produtor },
              { header: 'Celular', cell: (r) => formatTelefone(r.celular) },
              { header: 'Produto', cell: (r) => r.produtoNome },
              { header: 'Embalagem', cell: (r) => r.produtoEmbalagem },
              { header: 'Data Emissão', cell: (r) => formatDate(r.dataEmissao) },
              { header: 'Fim Colheita', cell: (r) => formatDate(r.fimColheita) },
            ]}
          />
        )}
      </ConsultaImpressa>
    </PrintDialog>
  );
}
