import { useQuery } from '@tanstack/react-query';
import type { PessoaComDocumento, PessoaOpcao, PessoaTipo } from '@ceasa/shared';
import { api } from './api-client';

/** GET tipo: the person types (Produtor, Técnico, Lojista, Comprador), and their dropdown options. */
export function usePessoaTipos() {
  const q = useQuery({ queryKey: ['tipo'], queryFn: () => api<PessoaTipo[]>('tipo'), staleTime: 5 * 60_000 });
  return { ...q, opcoes: (q.data ?? []).map((t) => ({ label: t.descricao, value: t.id })) };
}

/** GET pessoa/pessoaAll: every person (id, nome), for the owner/person dropdowns. Always fresh on mount. */
export const usePessoasOpcoes = () => useQuery({ queryKey: ['pessoa', 'pessoaAll'], queryFn: () => api<PessoaOpcao[]>('pessoa/pessoaAll'), staleTime: 0 });

/** GET pessoa/tipo/{id}: the people of one type (1 producers, 2 technicians). */
export const usePessoasDoTipo = (tipoId: number, enabled = true) =>
  useQuery({ queryKey: ['pessoa', 'tipo', tipoId], queryFn: () => api<PessoaComDocumento[]>(`pessoa/tipo/${tipoId}`), staleTime: 0, enabled });

/** Dropdown options { label: nome, value: id }. */
export const opcoesPessoas = (l: { id: number; nome: string }[] | undefined) => (l ?? []).map((p) => ({ label: p.nome, value: p.id }));
