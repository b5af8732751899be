import { rotaRecurso, type Rota } from '@ceasa/shared';
import { IdsReport } from '../../components/print/ids-report';
import { ResourceList } from '../../components/resource-list/resource-list';

export default function RotasListPage() {
  return (
    <ResourceList<Rota>
      recurso={rotaRecurso}
      rotulo={(r) => r.nome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '10rem' } },
        { field: 'nome', header: 'Nome', filter: 'text' },
      ]}
      headerActions={() => <IdsReport base="rotas" titulo="Rotas" />}
    />
  );
}
