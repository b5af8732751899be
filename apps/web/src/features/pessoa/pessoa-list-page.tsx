import { formatCpfCnpj, formatTelefone, type Pessoa } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/ResourceList';
import { usePessoaTipos } from './api';

export default function PessoaListPage() {
  const tipos = usePessoaTipos();
  return (
    <ResourceList<Pessoa>
      titulo="Pessoas"
      rota="pessoa"
      base="pessoa"
      search="searchPessoa"
      plural="pessoas"
      vazio="Nenhuma pessoa encontrada"
      erroObter="Erro ao obter pessoa"
      erroRemover="Erro ao remover pessoa"
      createPath="/pessoacreate"
      editPath={(p) => `/pessoa/${p.id}`}
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
