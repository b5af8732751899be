import { Tag } from 'primereact/tag';
import { produtoRecurso, type Produto } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';

/** The declaration's list, its status as the house tag: ATIVO in green, anything else in red. */
export default function ProdutoListPage() {
  const tag = (p: Produto) => <Tag severity={p.status?.toUpperCase() === 'ATIVO' ? 'success' : 'danger'} value={p.status} />;
  return <ListaDoRecurso<Produto> recurso={produtoRecurso} colunas={{ status: { body: tag } }} />;
}
