import { hojeNoMercado } from '@ceasa/shared/tempo';
import { formatCpfCnpj, formatDate, formatTelefone, type Pessoa, PESSOA_PENDENCIAS, pessoaRecurso, situacaoDaCarteira } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';
import { usePessoaTipos } from '../../lib/opcoes-pessoa';

const hoje = () => hojeNoMercado();

/** What the office has to fix on a record (decisions 0180, 0182): a document with wrong check digits, a card ending or ended. */
function pendencias(p: Pessoa): string {
  const carteira = p.carteiraValidaAte && situacaoDaCarteira(hoje(), p.carteiraValidaAte, 'avisar');
  return [
    !p.documentoValido && 'Documento inválido',
    carteira && p.carteiraValidaAte && `Carteira ${p.carteiraValidaAte < hoje() ? 'vencida em' : 'vence em'} ${formatDate(p.carteiraValidaAte)}`,
  ]
    .filter(Boolean)
    .join('; ');
}

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
          filter: { options: tipos.opcoes, placeholder: 'Todos' },
          body: (p) => p.tipoDescricao,
        },
        {
          field: 'pendencia',
          header: 'Pendência',
          sortable: false,
          filter: { options: PESSOA_PENDENCIAS.map((o) => ({ label: o.label, value: o.value })), placeholder: 'Todas' },
          body: pendencias,
        },
      ]}
      relatorio={{
        colunas: [
          { header: 'Código', cell: (p) => p.id },
          { header: 'Nome', cell: (p) => p.nome },
          { header: 'CPF/CNPJ', cell: (p) => formatCpfCnpj(p.cpfcnpj) },
          { header: 'Celular', cell: (p) => formatTelefone(p.celular) },
          { header: 'Tipo', cell: (p) => p.tipoDescricao },
          { header: 'Pendência', cell: pendencias },
        ],
      }}
    />
  );
}
