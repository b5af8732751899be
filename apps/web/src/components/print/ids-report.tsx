import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { MAX_PAGE_SIZE, type Page } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { ConsultaImpressa, PrintDialog, PrintTable } from './print-dialog';

/** 'Imprimir' button + report of ids and names of a whole list (Rotas, Permissões). */
export function IdsReport({ base, titulo }: { base: string; titulo: string }) {
  const [aberto, setAberto] = useState(false);
  const q = useQuery({
    queryKey: ['ids', base],
    queryFn: () => api<Page<{ id: number; nome: string }>>(base, { query: { page: 0, size: MAX_PAGE_SIZE, sort: 'id,asc' } }),
    enabled: aberto,
  });
  return (
    <>
      <Button label="Imprimir" icon="pi pi-print" outlined onClick={() => setAberto(true)} />
      <PrintDialog visible={aberto} onHide={() => setAberto(false)} titulo={titulo}>
        <ConsultaImpressa q={q} erro={`Erro ao obter ${titulo.toLowerCase()}`}>
          {(pagina) => (
            <PrintTable
              rows={pagina.content}
              columns={[
                { header: 'Código', cell: (r) => r.id },
                { header: 'Nome', cell: (r) => r.nome },
              ]}
            />
          )}
        </ConsultaImpressa>
      </PrintDialog>
    </>
  );
}
