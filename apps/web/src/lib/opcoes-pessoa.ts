import { useQuery } from '@tanstack/react-query';
import { diasAntes, PESSOA_TIPO, type PessoaComDocumento, type PessoaOpcao, type PessoaTipo } from '@ceasa/shared';
import { api } from './api-client';
import { useErroAoCarregar } from './use-erro-ao-carregar';

/** What a people dropdown says when its list cannot be loaded (docs/produto/validacao.md). */
export const ERRO_PESSOAS = 'Erro ao obter pessoas';

/** GET tipo: the person types (Produtor, Técnico, Lojista, Comprador), and their dropdown options. */
export function usePessoaTipos() {
  const q = useQuery({ queryKey: ['tipo'], queryFn: () => api<PessoaTipo[]>('tipo'), staleTime: 5 * 60_000 });
  return { ...q, opcoes: (q.data ?? []).map((t) => ({ label: t.descricao, value: t.id })) };
}

/** GET pessoa/pessoaAll: every person (id, nome), for the owner/person dropdowns. Always fresh on mount. */
export function usePessoaOpcoes() {
  const q = useQuery({ queryKey: ['pessoa', 'pessoaAll'], queryFn: () => api<PessoaOpcao[]>('pessoa/pessoaAll'), staleTime: 0 });
  useErroAoCarregar(q.error, ERRO_PESSOAS);
  return q;
}

/** GET pessoa/tipo/{id}: the people of one type (PESSOA_TIPO), and their dropdown options, for a role's dropdown; `ativosDesde`: decision 0126. */
function usePessoasDoTipo(tipoId: (typeof PESSOA_TIPO)[keyof typeof PESSOA_TIPO], enabled = true, ativosDesde?: string) {
  const q = useQuery({
    queryKey: ativosDesde ? ['pessoa', 'tipo', tipoId, { ativosDesde }] : ['pessoa', 'tipo', tipoId],
    queryFn: () => api<PessoaComDocumento[]>(`pessoa/tipo/${tipoId}${ativosDesde ? `?ativosDesde=${ativosDesde}` : ''}`),
    staleTime: 0,
    enabled,
  });
  useErroAoCarregar(q.error, ERRO_PESSOAS);
  return { ...q, opcoes: opcoesPessoas(q.data) };
}

/** The producers (GET pessoa/tipo/1), for the producer dropdowns and filters (every producer ever registered); read while `enabled`. */
export const useProdutores = (enabled = true) => usePessoasDoTipo(PESSOA_TIPO.PRODUTOR, enabled);

/** How far back the gate form looks for a producer's harvest: a year before its earliest issue date (decision 0126). */
export const DIAS_DE_PRODUTOR_ATIVO = 365;

/**
 * The producers the gate form can take goods from (GET pessoa/tipo/1?ativosDesde=…, decision 0126): those with a
 * bulletin item whose harvest ends no earlier than a year before `dia` (the earliest issue date chosen, or today).
 */
export const useProdutoresAtivos = (dia: string, enabled = true) => usePessoasDoTipo(PESSOA_TIPO.PRODUTOR, enabled, diasAntes(dia, DIAS_DE_PRODUTOR_ATIVO));
/** The technicians (GET pessoa/tipo/2), for the technician dropdowns and filters. */
export const useTecnicos = (enabled = true) => usePessoasDoTipo(PESSOA_TIPO.TECNICO, enabled);

/** Dropdown options { label: nome, value: id }. */
export const opcoesPessoas = (l: { id: number; nome: string }[] | undefined) => (l ?? []).map((p) => ({ label: p.nome, value: p.id }));
