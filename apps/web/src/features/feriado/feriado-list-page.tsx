import { feriadoRecurso, formatDate, type Feriado } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';

export default function FeriadoListPage() {
  return (
    <ResourceList<Feriado>
      recurso={feriadoRecurso}
      rotulo={(f) => `${f.nome} (${formatDate(f.data)})`}
      columns={[
        { field: 'data', header: 'Data', filter: 'date', body: (f) => formatDate(f.data) },
        { field: 'nome', header: 'Nome', filter: 'text' },
      ]}
    />
  );
}
