import type { Rota } from '@ceasa/shared';
import { IdsReport } from '../../components/print/IdsReport';
import { ResourceList } from '../../components/resource-list/ResourceList';

export default function RotasListPage() {
  return (
    <ResourceList<Rota>
      titulo="Rotas"
      rota="rotas"
      base="rotas"
      search="searchRotas"
      plural="rotas"
      vazio="Nenhuma rota encontrada"
      erroObter="Erro ao obter rotas"
      erroRemover="Erro ao remover a rota"
      createPath="/rotascreate"
      editPath={(r) => `/rotas/edit/${r.id}`}
      rotulo={(r) => r.nome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '10rem' } },
        { field: 'nome', header: 'Nome', filter: 'text' },
      ]}
      headerActions={() => <IdsReport base="rotas" titulo="Rotas" />}
    />
  );
}
