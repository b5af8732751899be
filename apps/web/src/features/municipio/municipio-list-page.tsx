import { municipioRecurso, type Municipio } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/ResourceList';

export default function MunicipioListPage() {
  return (
    <ResourceList<Municipio>
      recurso={municipioRecurso}
      rotulo={(m) => m.nome}
      columns={[
        { field: 'nome', header: 'Nome', filter: 'text' },
        { field: 'sigla', header: 'Sigla', filter: 'text' },
      ]}
    />
  );
}
