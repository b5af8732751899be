import { useQueries, useQuery } from '@tanstack/react-query';
import type { Recurso } from '@ceasa/shared';
import { api } from './api-client';

type Registro = Record<string, unknown>;

/** The query of a resource's options (GET {base}/{opcoes.caminho}, declared in `api.opcoes`), always fresh on mount. */
function consulta(r: Recurso) {
  const o = r.api?.opcoes;
  if (!o) throw new Error(`${r.rota}: o recurso não declara api.opcoes`);
  const base = r.api!.base;
  return { queryKey: [base, o.caminho], queryFn: () => api<Registro[]>(`${base}/${o.caminho}`), staleTime: 0 };
}

/** Its records as options: `id`, and the declared fields joined by ' - ' ('Imperatriz - MA'; an empty one left out). */
const opcoesDe = (r: Recurso, l: Registro[] | undefined) =>
  (l ?? []).map((x) => ({
    label: r
      .api!.opcoes!.rotulo.map((c) => x[c])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' - '),
    value: x.id as number,
  }));

/** The options of a pick list of a resource's records. */
export function useOpcoesDoRecurso(r: Recurso) {
  const q = useQuery(consulta(r));
  return { ...q, opcoes: opcoesDe(r, q.data) };
}

/** The options of several resources at once (a list's reference columns). */
export function useOpcoesDosRecursos(rs: Recurso[]) {
  return useQueries({ queries: rs.map(consulta) }).map((q, i) => ({ ...q, opcoes: opcoesDe(rs[i], q.data) }));
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
