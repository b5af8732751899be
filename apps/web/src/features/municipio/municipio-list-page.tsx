import type { Municipio } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/ResourceList';

export default function MunicipioListPage() {
  return (
    <ResourceList<Municipio>
      titulo="Municípios"
      rota="municipio"
      base="municipio"
      search="searchMunicipio"
      plural="municípios"
      vazio="Nenhum município encontrado"
      erroObter="Erro ao obter municipio"
      erroRemover="Erro ao remover o municipio"
      // SPEC.md: 'Município list: name and sigla; edit only' (no delete).
      semDelete
      createPath="/municipiocreate"
      editPath={(m) => `/municipio/edit/${m.id}`}
      rotulo={(m) => m.nome}
      defaultSort={{ field: 'nome', order: 1 }}
      columns={[
        { field: 'nome', header: 'Nome', filter: 'text' },
        { field: 'sigla', header: 'Sigla', filter: 'text' },
      ]}
    />
  );
}
