import { formatCpfCnpj, formatTelefone, type Pessoa, pessoaRecurso } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { usePessoaTipos } from '../../lib/opcoes-pessoa';

export default function PessoaListPage() {
  const tipos = usePessoaTipos();
  return (
    <ResourceList<Pessoa>
      recurso={pessoaRecurso}
      rotulo={(p) => p.nome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '8rem' } },
        { field: 'nome', header: 'Nome', filter: 'text' },
        { field: 'cpfcnpj', header: 'CPF/CNPJ', filter: 'text', body: (p) => formatCpfCnpj(p.cpfcnpj) },
        { field: 'celular', header: 'Celular', filter: 'text', body: (p) => formatTelefone(p.celular) },
        {
          field: 'tipo',
          header: 'Tipo',
          filter: { options: (tipos.data ?? []).map((t) => ({ label: t.descricao, value: t.id })), placeholder: 'Todos' },
          body: (p) => p.tipoDescricao,
        },
      ]}
      relatorio={{
        colunas: [
          { header: 'Código', cell: (p) => p.id },
          { header: 'Nome', cell: (p) => p.nome },
          { header: 'CPF/CNPJ', cell: (p) => formatCpfCnpj(p.cpfcnpj) },
          { header: 'Celular', cell: (p) => formatTelefone(p.celular) },
          { header: 'Tipo', cell: (p) => p.tipoDescricao },
        ],
      }}
    />
  );
}
