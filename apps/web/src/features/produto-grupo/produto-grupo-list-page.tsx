import { produtoGrupoRecurso, type ProdutoGrupo } from '@ceasa/shared';
import { BotaoDaLinha } from '../../components/botao-da-linha';
import { Preparando } from '../../components/print/preparando';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { useMostrarDepois } from '../../lib/use-mostrar-depois';
import { ProdutoGrupoReport } from './produto-grupo-report';

/** The declaration's list, and each group's report of its bulletins ('Preparando o relatório...' while it is a moment away). */
export default function ProdutoGrupoListPage() {
  // The report starts loading at once; its dialog opens 1 s after the click (docs/produto/funcionamento.md).
  const relatorio = useMostrarDepois<ProdutoGrupo>(1000);

  return (
    <>
      <ListaDoRecurso<ProdutoGrupo>
        recurso={produtoGrupoRecurso}
        rowActions={(g) => (
          <BotaoDaLinha
            icon="pi pi-print"
            aria-label={`Imprimir boletins do grupo ${g.nome}`}
            dica="Boletins do grupo"
            ocupado={relatorio.esperando?.id === g.id}
            onClick={() => relatorio.escolher(g)}
          />
        )}
      />
      {relatorio.esperando && <Preparando texto="Preparando o relatório..." />}
      <ProdutoGrupoReport grupo={relatorio.escolhido} visible={!!relatorio.pronto} onHide={relatorio.fechar} />
    </>
  );
}
