import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_PAGE_SIZE } from '@ceasa/shared';
import { relerListas } from '../../lib/listas';
import { confirmarRemocao } from '../../lib/confirmacao';
import { api, ApiError } from '../../lib/api-client';
import { DURACAO, useToast } from '../../lib/toast';
import { textoTotal } from '../print/print-dialog';
import { csvDaLista, downloadText } from './csv';
import { buscar, type Estado, type ListaDoRecurso, type ResourceListProps } from './recurso-da-lista';

/** What a list does beyond its page: remove a row (confirmed), read every filtered row, and export them as CSV. */
export function useAcoesDaLista<T extends { id: number | string }>(p: ResourceListProps<T> & ListaDoRecurso<T>, estado: Estado) {
  const toast = useToast();
  const qc = useQueryClient();
  const [exportando, setExportando] = useState<string | null>(null);
  const rotuloDe = (row: T) => (p.rotulo ? p.rotulo(row) : String(row.id));

  const remover = (row: T) => {
    const rotulo = rotuloDe(row);
    confirmarRemocao(`Você tem certeza que quer remover ${p.rotuloRemocao ? p.rotuloRemocao(row) : rotulo}?`, async () => {
      try {
        const r = await api<{ aviso?: string } | undefined>(`${p.base}/${row.id}`, { method: 'DELETE' });
        if (r && r.aviso) toast.show('warn', r.aviso, undefined, DURACAO.remover);
        toast.show('success', 'Remoção concluída!', `${rotulo} removido(a) com sucesso`, DURACAO.remover);
        await relerListas(qc, p.base);
      } catch (err) {
        toast.show('error', p.erroRemover, (err as ApiError).message, DURACAO.remover);
      }
    });
  };

  /** Every row of the filtered, sorted list, a page of MAX_PAGE_SIZE at a time. */
  const buscarTodos = async (progresso?: (lidas: number, total: string) => void) => {
    const todas: T[] = [];
    for (let pg = 0; ; pg++) {
      const r = await buscar<T>(p, { ...estado, page: pg }, MAX_PAGE_SIZE);
      todas.push(...r.content);
      progresso?.(todas.length, textoTotal(r, todas.length));
      // Past the count's cap the pages go on until a short one.
      if (r.content.length < MAX_PAGE_SIZE || (r.totalExato !== false && pg + 1 >= r.totalPages)) return todas;
    }
  };

  const exportar = async () => {
    try {
      const todas = await buscarTodos((lidas, total) => setExportando(`Exportando ${lidas} de ${total}...`));
      downloadText(`${p.base}.csv`, csvDaLista(p.columns, todas));
      toast.show('success', 'Exportação concluída', `${todas.length} registro(s) exportado(s)`);
    } catch (err) {
      toast.show('error', 'Erro ao exportar', (err as Error).message);
    } finally {
      setExportando(null);
    }
  };

  return { rotuloDe, remover, buscarTodos, exportar, exportando };
}
