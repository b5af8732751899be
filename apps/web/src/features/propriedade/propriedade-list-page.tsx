import { formatDecimal, type Propriedade, propriedadeRecurso } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { opcoesPessoas, usePessoaOpcoes } from '../../lib/opcoes-pessoa';

export default function PropriedadeListPage() {
  const pessoas = usePessoaOpcoes();
  return (
    <ResourceList<Propriedade>
      recurso={propriedadeRecurso}
      rotulo={(p) => p.nome}
      columns={[
        { field: 'id', header: 'Código', filter: 'text', style: { width: '8rem' } },
        { field: 'nome', header: 'Nome Propriedade', filter: 'text' },
        {
          field: 'proprietario',
          header: 'Proprietario',
          filter: { options: opcoesPessoas(pessoas.data), placeholder: 'Todos' },
          body: (p) => p.proprietarioNome,
        },
        { field: 'areaTotal', header: 'Área Total', body: (p) => formatDecimal(p.areaTotal), style: { textAlign: 'right' } },
      ]}
      relatorio={{
        colunas: [
          { header: 'Nome', cell: (p) => p.nome },
          { header: 'Proprietário', cell: (p) => p.proprietarioNome },
          { header: 'Área Total', cell: (p) => formatDecimal(p.areaTotal), className: 'num' },
        ],
      }}
    />
  );
}
