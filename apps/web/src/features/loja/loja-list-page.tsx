import { formatDate, lojaRecurso, type LojaLinha } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { useLojistaOpcoes } from './api';

/** Shops: Código, Lojista (dropdown of pessoa/lojistas), Data Emissão (date filter). */
export default function LojaListPage() {
  const lojistas = useLojistaOpcoes();
  return (
    <ResourceList<LojaLinha>
      recurso={lojaRecurso}
      rotulo={(l) => `a loja ${l.id} (${l.lojistaNome})`}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '7rem' } },
        { field: 'lojistaId', header: 'Lojista', filter: { options: lojistas.opcoes, placeholder: 'Todos' }, body: (l) => l.lojistaNome },
        { field: 'dataEmissao', header: 'Data Emissão', filter: 'date', body: (l) => formatDate(l.dataEmissao) },
      ]}
    />
  );
}
