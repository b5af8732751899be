import { produtoRecurso, type Produto } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import './produto.css';

/** The declaration's list, its status as a tag: ATIVO in green, anything else in red (colours with AA contrast on white text). */
export default function ProdutoListPage() {
  const tag = (status: string) => <span className={`status-tag ${status?.toUpperCase() === 'ATIVO' ? 'status-ativo' : 'status-inativo'}`}>{status}</span>;
  return <ListaDoRecurso<Produto> recurso={produtoRecurso} colunas={{ status: { body: (p) => tag(p.status) } }} />;
}
