import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import type { ProdutoGrupo } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/ResourceList';
import { ProdutoGrupoReport } from './produto-grupo-report';

/** SPEC.md section 9: the group report opens 1 s after the click. */
const ATRASO_RELATORIO_MS = 1000;

export default function ProdutoGrupoListPage() {
  const [grupo, setGrupo] = useState<ProdutoGrupo | null>(null);
  const [aberto, setAberto] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const imprimir = (g: ProdutoGrupo) => {
    clearTimeout(timer.current);
    setGrupo(g); // starts loading at once; the dialog opens after the delay
    timer.current = setTimeout(() => setAberto(true), ATRASO_RELATORIO_MS);
  };

  return (
    <>
      <ResourceList<ProdutoGrupo>
        titulo="Grupos de Produto"
        rota="produtoGrupo"
        base="produtoGrupo"
        search="searchProdutoGrupo"
        plural="grupos de produto"
        vazio="Nenhum grupo de produto encontrado"
        erroObter="Erro ao obter grupos de produto"
        erroRemover="Erro ao remover o grupo de produto"
        createPath="/produtoGrupocreate"
        editPath={(g) => `/produtoGrupo/edit/${g.id}`}
        rotulo={(g) => g.nome}
        defaultSort={{ field: 'nome', order: 1 }}
        columns={[
          { field: 'nome', header: 'Nome', filter: 'text' },
          { field: 'unPadrao', header: 'Un Padrão', filter: 'text' },
        ]}
        rowActions={(g) => (
          <Button icon="pi pi-print" rounded text aria-label={`Imprimir boletins do grupo ${g.nome}`} tooltip="Boletins do grupo" tooltipOptions={{ position: 'left' }} onClick={() => imprimir(g)} />
        )}
      />
      <ProdutoGrupoReport
        grupo={grupo}
        visible={aberto}
        onHide={() => {
          setAberto(false);
          setGrupo(null);
        }}
      />
    </>
  );
}
