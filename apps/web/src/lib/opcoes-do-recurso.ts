import { useQueries, useQuery } from '@tanstack/react-query';
import type { ListaDeOpcoes, Recurso } from '@ceasa/shared';
import { api } from './api-client';
import { listaDoRecurso } from './campos-do-recurso';
import { useErroAoCarregar } from './use-erro-ao-carregar';

type Registro = Record<string, unknown>;

/** The query of a pick list's records (GET {caminho}: a resource's `api.opcoes` or a field's `referencia`), always fresh on mount. */
const consulta = (l: ListaDeOpcoes) => ({ queryKey: l.caminho.split('/'), queryFn: () => api<Registro[]>(l.caminho), staleTime: 0 });

/** Its records as options: `id`, and the declared fields joined by ' - ' ('Imperatriz - MA'; an empty one left out). */
const opcoesDe = (l: ListaDeOpcoes, registros: Registro[] | undefined) =>
  (registros ?? []).map((x) => ({
    label: l.rotulo
      .map((c) => x[c])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' - '),
    value: x.id as number,
  }));

/** The options of a pick list's records; a list that declares its `erro` says so when they cannot be loaded. */
export function useOpcoes(l: ListaDeOpcoes) {
  const q = useQuery(consulta(l));
  useErroAoCarregar(l.erro ? q.error : null, l.erro ?? '');
  return { ...q, opcoes: opcoesDe(l, q.data) };
}

/** The options of a pick list of a resource's records (its `api.opcoes`). */
export const useOpcoesDoRecurso = (r: Recurso) => useOpcoes(listaDoRecurso(r));

/** The options of several lists at once (a list's reference columns); the first that cannot be loaded and declares its `erro` says so. */
export function useOpcoesDasListas(ls: ListaDeOpcoes[]) {
  const qs = useQueries({ queries: ls.map(consulta) });
  const falha = qs.findIndex((q, i) => ls[i].erro && q.error);
  useErroAoCarregar(falha >= 0 ? qs[falha].error : null, falha >= 0 ? ls[falha].erro! : '');
  return qs.map((q, i) => ({ ...q, opcoes: opcoesDe(ls[i], q.data) }));
}

/** The texts the server lists at GET {caminho} (a field's `opcoesDe`, e.g. 'statusProduto'), as options, kept for the session. */
const consultaDeTextos = (caminho: string) => ({ queryKey: ['opcoes', caminho], queryFn: () => api<string[]>(caminho), staleTime: Infinity });
const opcoesDeTextos = (l: string[] | undefined) => (l ?? []).map((s) => ({ label: s, value: s }));

export function useOpcoesDeTextos(caminho: string) {
  const q = useQuery(consultaDeTextos(caminho));
  return { ...q, opcoes: opcoesDeTextos(q.data) };
}

export function useOpcoesDeVariosTextos(caminhos: string[]) {
  return useQueries({ queries: caminhos.map(consultaDeTextos) }).map((q) => opcoesDeTextos(q.data));
}
