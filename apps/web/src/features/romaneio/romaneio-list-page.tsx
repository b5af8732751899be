import { Tag } from 'primereact/tag';
import { formatDate, romaneioRecurso, TIPOS_QUANTIDADE, type RomaneioLinha, type TipoQuantidade } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { useProdutores } from '../../lib/opcoes-pessoa';
import { AcoesImpressaoRomaneio, useImpressaoRomaneio } from './romaneio-report';

/** 'Quantidade zerado?' (docs/produto/telas.md): SIM red, PARCIAL blue, NÃO green. */
const COR: Record<TipoQuantidade, 'danger' | 'info' | 'success'> = { SIM: 'danger', PARCIAL: 'info', NÃO: 'success' };

/**
 * The romaneio list: Código, Nome do Produtor (producers' dropdown), Data Emissão, Divida,
 * 'Quantidade zerado?'. Deleting asks by the debt and names the romaneio in the toast.
 * Every row has its print and label buttons (always visible), before edit and delete.
 */
export default function RomaneioListPage() {
  const produtores = useProdutores();
  const impressao = useImpressaoRomaneio();
  return (
    <>
      <ResourceList<RomaneioLinha>
        recurso={romaneioRecurso}
        rotulo={(r) => `Romaneio ${r.id}`}
        rotuloRemocao={(r) => String(r.divida)}
        rowActions={(r) => <AcoesImpressaoRomaneio romaneio={r} abrir={impressao.abrir} />}
        columns={[
          { field: 'id', header: 'Código', filter: 'text', style: { width: '7rem' } },
          {
            field: 'produtor',
            header: 'Nome do Produtor',
            filter: { options: produtores.opcoes, placeholder: 'Todos' },
            body: (r) => r.produtorNome,
          },
          { field: 'dataEmissao', header: 'Data Emissão', filter: 'date', body: (r) => formatDate(r.dataEmissao) },
          { field: 'divida', header: 'Divida', filter: 'text' },
          // The producer's invoices: filtered by any digits of a key, shown as number/series.
          { field: 'chaveNfe', header: 'NF-e', filter: 'text', sortable: false, body: (r) => r.notasFiscais ?? '', csv: (r) => r.notasFiscais ?? '' },
          {
            field: 'tipoQuantidade',
            header: 'Quantidade zerado?',
            filter: { options: TIPOS_QUANTIDADE.map((t) => ({ label: t, value: t })), placeholder: 'Todos' },
            body: (r) => <Tag severity={COR[r.tipoQuantidade]} value={r.tipoQuantidade} />,
            csv: (r) => r.tipoQuantidade,
          },
        ]}
      />
      {impressao.dialogo}
    </>
  );
}
