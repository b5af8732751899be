import { IdsReport } from '../../components/print/ids-report';
import { grupoPermissoesRecurso } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';

export default function PermissoesListPage() {
  return (
    <ResourceList<{ id: number; nome: string }>
      recurso={grupoPermissoesRecurso}
      rotulo={(r) => r.nome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '10rem' } },
        { field: 'nome', header: 'Nome', filter: 'text' },
      ]}
      headerActions={() => <IdsReport base="grupoPermissoes" titulo="Grupos de Permissões" />}
    />
  );
}
