import { formatDecimal, type Produto, produtoRecurso } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { useProdutoGrupoOpcoes, useProdutoStatusOpcoes } from '../../lib/opcoes-produto';
import { StatusTag } from './produto-status';

export default function ProdutoListPage() {
  const grupos = useProdutoGrupoOpcoes();
  const status = useProdutoStatusOpcoes();
  return (
    <ResourceList<Produto>
      recurso={produtoRecurso}
      rotulo={(p) => p.nome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '7rem' } },
        { field: 'nome', header: 'Nome', filter: 'text' },
        { field: 'embalagem', header: 'Embalagem', filter: 'text' },
        { field: 'pesoEmKg', header: 'Peso (kg)', filter: 'text', body: (p) => formatDecimal(p.pesoEmKg), style: { width: '8rem' } },
        {
          field: 'produtoGrupo',
          header: 'Grupo',
          filter: { options: grupos.opcoes, placeholder: 'Todos' },
          body: (p) => p.produtoGrupo?.nome,
          style: { width: '14rem' },
        },
        {
          field: 'status',
          header: 'Status',
          filter: { options: status.opcoes, placeholder: 'Todos' },
          body: (p) => <StatusTag status={p.status} />,
          style: { width: '9rem' },
        },
      ]}
      relatorio={{
        mostrando: true,
        colunas: [
          { header: 'Código', cell: (p) => p.id },
          { header: 'Nome', cell: (p) => p.nome },
          { header: 'Embalagem', cell: (p) => p.embalagem },
          { header: 'Peso (kg)', cell: (p) => formatDecimal(p.pesoEmKg), className: 'num' },
          { header: 'Grupo', cell: (p) => p.produtoGrupo?.nome },
          { header: 'Status', cell: (p) => p.status },
        ],
      }}
    />
  );
}
