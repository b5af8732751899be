import { Button } from 'primereact/button';
import { useNavigate } from 'react-router';
import { formatBRL, formatDate, type Preco, precosRecurso, precosDiaRecurso } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { useAuth } from '../../lib/auth';
import { useProdutoGrupoOpcoes } from '../../lib/opcoes-produto';

export default function PrecosListPage() {
  const grupos = useProdutoGrupoOpcoes();
  const navigate = useNavigate();
  const { pode } = useAuth();
  return (
    <ResourceList<Preco>
      recurso={precosRecurso}
      rotulo={(p) => p.produtoNome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '6rem' } },
        { field: 'produtoNome', header: 'Nome', filter: 'text' },
        { field: 'produtoEmbalagem', header: 'Embalagem', filter: 'text' },
        { field: 'valor', header: 'Valor (R$)', filter: 'text', body: (p) => formatBRL(p.valor) },
        { field: 'data', header: 'Data', filter: 'date', body: (p) => formatDate(p.data), style: { width: '10rem' } },
        {
          field: 'produtoGrupo',
          header: 'Produto Grupo',
          filter: { options: grupos.opcoes, placeholder: 'Todos' },
          body: (p) => p.produtoGrupoNome,
          style: { width: '14rem' },
        },
      ]}
      headerActions={() =>
        pode(precosDiaRecurso.rota, 'visualizar') && (
          <Button label="Preços do dia" icon="pi pi-table" outlined onClick={() => navigate(precosDiaRecurso.caminhos.lista)} />
        )
      }
      relatorio={{
        mostrando: true,
        colunas: [
          { header: 'Código', cell: (p) => p.id },
          { header: 'Nome', cell: (p) => p.produtoNome },
          { header: 'Embalagem', cell: (p) => p.produtoEmbalagem },
          { header: 'Valor (R$)', cell: (p) => formatBRL(p.valor), className: 'num' },
          { header: 'Data', cell: (p) => formatDate(p.data) },
          { header: 'Produto Grupo', cell: (p) => p.produtoGrupoNome },
        ],
      }}
    />
  );
}
