import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableStateEvent } from 'primereact/datatable';
import { useEffect, useRef, useState } from 'react';
import { PAGE_SIZE, type Page } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { buscar, chave, lerEstado, semVazios, type Estado, type Filtros, type ListaDoRecurso } from './recurso-da-lista';

/**
 * A list's view and its page: paging, sort and filters kept in browser storage (a filter typed just
 * before leaving is kept too), the filters applied 400 ms after the last key, and the page's request.
 */
export function useEstadoDaLista<T>(p: ListaDoRecurso<T>) {
  const toast = useToast();
  const padrao: Estado = { page: 0, sortField: p.defaultSort?.field ?? 'id', sortOrder: p.defaultSort?.order ?? 1, filtros: {} };
  const [estado, setEstado] = useState<Estado>(() => lerEstado(p.rota, padrao));
  const [textos, setTextos] = useState<Filtros>(estado.filtros);
  // The whole filter row as typed, for the debounced apply (which must not lose a field typed just before another).
  const digitados = useRef<Filtros>(textos);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  const comDigitados = (e: Estado): Estado => ({ ...e, page: 0, filtros: semVazios(digitados.current) });

  useEffect(() => {
    localStorage.setItem(chave(p.rota), JSON.stringify(estado));
  }, [p.rota, estado]);

  // A filter typed just before leaving the page is kept, not lost with the pending debounce.
  useEffect(
    () => () => {
      if (debounce.current === undefined) return;
      clearTimeout(debounce.current);
      localStorage.setItem(chave(p.rota), JSON.stringify(comDigitados(lerEstado(p.rota, padrao))));
    },
    [p.rota], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const q = useQuery({
    queryKey: ['lista', p.base, estado],
    placeholderData: keepPreviousData,
    retry: false,
    // docs/produto/validacao.md: a failed filtered load falls back to the unfiltered list; the error toast only if that fails too.
    queryFn: () =>
      buscar<T>(p, estado, PAGE_SIZE).catch((err) =>
        api<Page<T>>(p.base, { query: { page: 0, size: PAGE_SIZE, sort: `${estado.sortField},${estado.sortOrder === -1 ? 'desc' : 'asc'}` } }).catch(() => {
          throw err;
        }),
      ),
  });

  useEffect(() => {
    if (q.error) toast.show('error', p.erroObter, (q.error as Error).message);
  }, [q.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const setFiltro = (field: string, value: string | number | null, imediato = false) => {
    digitados.current = { ...digitados.current, [field]: value };
    setTextos(digitados.current);
    clearTimeout(debounce.current);
    const aplicar = () => {
      debounce.current = undefined;
      setEstado(comDigitados);
    };
    if (imediato) aplicar();
    else debounce.current = setTimeout(aplicar, 400);
  };

  const limpar = () => {
    clearTimeout(debounce.current);
    debounce.current = undefined;
    digitados.current = {};
    setTextos({});
    setEstado({ ...padrao });
  };

  const onPage = (e: DataTableStateEvent) => setEstado((s) => ({ ...s, page: e.page ?? Math.floor(e.first / PAGE_SIZE) }));
  const onSort = (e: DataTableStateEvent) =>
    setEstado((s) => ({ ...s, page: 0, sortField: e.sortField, sortOrder: s.sortField === e.sortField ? (s.sortOrder === 1 ? -1 : 1) : 1 }));

  return { estado, textos, q, setFiltro, limpar, onPage, onSort };
}
