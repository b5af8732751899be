import { bairroRecurso, type Bairro } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { useMunicipioOpcoes } from '../../lib/opcoes-municipio';

export default function BairroListPage() {
  const municipios = useMunicipioOpcoes();
  const nomeDo = (id: number) => municipios.opcoes.find((m) => m.value === id)?.label ?? '';
  return (
    <ResourceList<Bairro>
      recurso={bairroRecurso}
      rotulo={(b) => b.nome}
      columns={[
        { field: 'nome', header: 'Nome', filter: 'text' },
        { field: 'municipioId', header: 'Município', body: (b) => nomeDo(b.municipioId) },
      ]}
    />
  );
}
