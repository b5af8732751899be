import { Button } from 'primereact/button';
import { useState } from 'react';
import { formatDecimal, type Page, type Produto } from '@ceasa/shared';
import { PrintDialog, PrintTable, textoMostrando } from '../../components/print/PrintDialog';
import { ResourceList } from '../../components/resource-list/ResourceList';
import { useProdutoGrupoOpcoes, useStatusProduto } from './api';
import { StatusTag } from './produto-status';

interface Relatorio {
  rows: Produto[];
  page: Page<Produto> | undefined;
}

export default function ProdutoListPage() {
  const grupos = useProdutoGrupoOpcoes();
  const status = useStatusProduto();
  const [relatorio, setRelatorio] = useState<Relatorio | null>(null);
  return (
    <>
      <ResourceList<Produto>
        titulo="Produtos"
        rota="produto"
        base="produto"
        search="searchProduto"
        plural="produtos"
        vazio="Nenhum produto encontrado"
        erroObter="Erro ao obter produtos"
        erroRemover="Erro ao remover o produto"
        createPath="/produtocreate"
        editPath={(p) => `/produto/edit/${p.id}`}
        rotulo={(p) => p.nome}
        defaultSort={{ field: 'nome', order: 1 }}
        columns={[
          { field: 'id', header: 'Código', filter: 'text', style: { width: '7rem' } },
          { field: 'nome', header: 'Nome', filter: 'text' },
          { field: 'embalagem', header: 'Embalagem', filter: 'text' },
          { field: 'pesoEmKg', header: 'Peso (kg)', filter: 'text', body: (p) => formatDecimal(p.pesoEmKg), csv: (p) => formatDecimal(p.pesoEmKg), style: { width: '8rem' } },
          {
            field: 'produtoGrupo',
            header: 'Grupo',
            filter: { options: grupos.opcoes, placeholder: 'Todos' },
            body: (p) => p.produtoGrupo?.nome,
            csv: (p) => p.produtoGrupo?.nome ?? '',
            style: { width: '14rem' },
          },
          { field: 'status', header: 'Status', filter: { options: status.opcoes, placeholder: 'Todos' }, body: (p) => <StatusTag status={p.status} />, style: { width: '9rem' } },
        ]}
        headerActions={({ rows, page }) => <Button label="Gerar relatório" icon="pi pi-print" outlined onClick={() => setRelatorio({ rows, page })} />}
      />
      <PrintDialog
        visible={!!relatorio}
        onHide={() => setRelatorio(null)}
        titulo="Produtos"
        subtitulo={relatorio && <span>{textoMostrando(relatorio.page, relatorio.rows.length, 'produtos')}</span>}
      >
        <PrintTable<Produto>
          rows={relatorio?.rows ?? []}
          vazio="Nenhum produto encontrado"
          columns={[
            { header: 'Código', cell: (p) => p.id },
            { header: 'Nome', cell: (p) => p.nome },
            { header: 'Embalagem', cell: (p) => p.embalagem },
            { header: 'Peso (kg)', cell: (p) => formatDecimal(p.pesoEmKg), className: 'num' },
            { header: 'Grupo', cell: (p) => p.produtoGrupo?.nome },
            { header: 'Status', cell: (p) => p.status },
          ]}
        />
      </PrintDialog>
    </>
  );
}
