import { Button } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import { produtoGrupoRecurso, type ProdutoGrupo } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { ProdutoGrupoReport } from './produto-grupo-report';

/** docs/produto/funcionamento.md: the group report opens 1 s after the click. */
const ATRASO_RELATORIO_MS = 1000;

/** The declaration's list, and each group's report of its bulletins. */
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
      <ListaDoRecurso<ProdutoGrupo>
        recurso={produtoGrupoRecurso}
        rowActions={(g) => (
          <Button
            icon="pi pi-print"
            rounded
            text
            aria-label={`Imprimir boletins do grupo ${g.nome}`}
            tooltip="Boletins do grupo"
            tooltipOptions={{ position: 'left' }}
            onClick={() => imprimir(g)}
          />
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
