import { Button } from 'primereact/button';
import { useState } from 'react';
import { formatCpfCnpj, formatTelefone, type Pessoa } from '@ceasa/shared';
import { PrintDialog, PrintTable } from '../../components/print/PrintDialog';
import { ResourceList } from '../../components/resource-list/ResourceList';
import { usePessoaTipos } from './api';

export default function PessoaListPage() {
  const tipos = usePessoaTipos();
  const [relatorio, setRelatorio] = useState<Pessoa[] | null>(null);
  return (
    <>
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
          { field: 'cpfcnpj', header: 'CPF/CNPJ', filter: 'text', body: (p) => formatCpfCnpj(p.cpfcnpj), csv: (p) => formatCpfCnpj(p.cpfcnpj) },
          { field: 'celular', header: 'Celular', filter: 'text', body: (p) => formatTelefone(p.celular), csv: (p) => formatTelefone(p.celular) },
          {
            field: 'tipo',
            header: 'Tipo',
            filter: { options: (tipos.data ?? []).map((t) => ({ label: t.descricao, value: t.id })), placeholder: 'Todos' },
            body: (p) => p.tipoDescricao,
            csv: (p) => p.tipoDescricao,
          },
        ]}
        headerActions={({ rows }) => <Button label="Gerar relatório" icon="pi pi-print" outlined onClick={() => setRelatorio(rows)} />}
      />
      <PrintDialog visible={!!relatorio} onHide={() => setRelatorio(null)} titulo="Pessoas">
        <PrintTable
          rows={relatorio ?? []}
          vazio="Nenhuma pessoa encontrada"
          columns={[
            { header: 'Código', cell: (p) => p.id },
            { header: 'Nome', cell: (p) => p.nome },
            { header: 'CPF/CNPJ', cell: (p) => formatCpfCnpj(p.cpfcnpj) },
            { header: 'Celular', cell: (p) => formatTelefone(p.celular) },
            { header: 'Tipo', cell: (p) => p.tipoDescricao },
          ]}
        />
      </PrintDialog>
    </>
  );
}
