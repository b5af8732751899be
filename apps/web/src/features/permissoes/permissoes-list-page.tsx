import { IdsReport } from '../../components/print/IdsReport';
import { ResourceList } from '../../components/resource-list/ResourceList';

export default function PermissoesListPage() {
  return (
    <ResourceList<{ id: number; nome: string }>
      titulo="Grupos de Permissões"
      rota="permissoes"
      base="grupoPermissoes"
      search="searchGrupoPermissoes"
      plural="grupos"
      vazio="Nenhum grupo encontrado"
      erroObter="Erro ao obter grupos de permissões"
      erroRemover="Erro ao remover o grupo"
      createPath="/permissoescreate"
      editPath={(r) => `/permissoes/edit/${r.id}`}
      rotulo={(r) => r.nome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '10rem' } },
        { field: 'nome', header: 'Nome', filter: 'text' },
      ]}
      headerActions={() => <IdsReport base="grupoPermissoes" titulo="Grupos de Permissões" />}
    />
  );
}
