import { Button } from 'primereact/button';
import { useNavigate } from 'react-router';
import { formatDateTime, type Log, logRecurso } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';

const ACOES = [
  { label: 'INSERT', value: 'INSERT' },
  { label: 'UPDATE', value: 'UPDATE' },
  { label: 'DELETE', value: 'DELETE' },
];

export default function LogsListPage() {
  const navigate = useNavigate();
  return (
    <ResourceList<Log>
      recurso={logRecurso}
      // docs/produto/dados.md: the audit log is read-only (no route may change or delete a row).
      semRemover
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '8rem' } },
        { field: 'usuario', header: 'Usuário', filter: 'text' },
        { field: 'updated', header: 'Updated', filter: 'date', body: (l) => formatDateTime(l.updated) },
        { field: 'cadastroId', header: 'Cód Cadastro', filter: 'text' },
        { field: 'cadastro', header: 'Cadastro', filter: 'text' },
        { field: 'acao', header: 'Ação', filter: { options: ACOES } },
      ]}
      rowActions={(l) => <Button icon="pi pi-eye" rounded text aria-label={`Ver log ${l.id}`} onClick={() => navigate(`/logs/edit/${l.id}`)} />}
      relatorio={{
        vazio: 'Nenhum registro',
        colunas: [
          { header: 'Código', cell: (l) => l.id },
          { header: 'Usuário', cell: (l) => l.usuario },
          { header: 'Updated', cell: (l) => formatDateTime(l.updated) },
          { header: 'Cód Cadastro', cell: (l) => l.cadastroId },
          { header: 'Cadastro', cell: (l) => l.cadastro },
          { header: 'Ação', cell: (l) => l.acao },
        ],
      }}
    />
  );
}
