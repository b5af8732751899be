import { municipioRecurso, type Municipio } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';

export default function MunicipioListPage() {
  return (
    <ResourceList<Municipio>
      recurso={municipioRecurso}
      // docs/produto/validacao.md: 'Município list: name and sigla; edit only' (no delete).
      semRemover
      rotulo={(m) => m.nome}
      columns={[
        { field: 'nome', header: 'Nome', filter: 'text' },
        { field: 'sigla', header: 'Sigla', filter: 'text' },
        { field: 'codigoIbge', header: 'Código IBGE', filter: 'text' },
      ]}
    />
  );
}
