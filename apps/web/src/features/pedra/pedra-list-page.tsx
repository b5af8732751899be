import { Button } from 'primereact/button';
import { useState } from 'react';
import { pedraRecurso, type Pedra } from '@ceasa/shared';
import { PrintDialog, PrintTable } from '../../components/print/print-dialog';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { useAcao } from '../../lib/use-acao';

/** Stalls ('Pedras'): the declaration's list, and its report of every stall. */
export default function PedraListPage() {
  const [relatorio, setRelatorio] = useState<Pedra[] | null>(null);
  // The report lists every stall that matches the filter (252 by default), not only the page on screen.
  const gerar = useAcao({ erro: { titulo: 'Erro ao obter pedras' } });

  return (
    <>
      <ListaDoRecurso<Pedra>
        recurso={pedraRecurso}
        headerActions={({ buscarTodos }) => (
          <Button
            label="Gerar relatório"
            icon="pi pi-print"
            outlined
            loading={!!gerar.ocupado}
            onClick={() => gerar.executar(true, async () => setRelatorio(await buscarTodos()))}
          />
        )}
      />
      <PrintDialog visible={!!relatorio} onHide={() => setRelatorio(null)} titulo="Pedras" subtitulo={<span>{relatorio?.length ?? 0} pedra(s)</span>}>
        <PrintTable rows={linhas(relatorio ?? [])} vazio="Nenhuma pedra encontrada" columns={COLUNAS} />
      </PrintDialog>
    </>
  );
}

/** Six stall numbers per report row, so 252 stalls fit on about one page. */
const POR_LINHA = 6;
const linhas = (l: Pedra[]) => Array.from({ length: Math.ceil(l.length / POR_LINHA) }, (_, i) => l.slice(i * POR_LINHA, (i + 1) * POR_LINHA));
const COLUNAS = Array.from({ length: POR_LINHA }, (_, i) => ({ header: 'Nº' + ' '.repeat(i), cell: (r: Pedra[]) => r[i]?.numero ?? '' }));
