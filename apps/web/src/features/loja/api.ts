import { useQuery } from '@tanstack/react-query';
import type { LojaLoteOpcao, PessoaOpcao } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { ERRO_PESSOAS, opcoesPessoas } from '../../lib/opcoes-pessoa';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';

/** GET pessoa/lojistas: the shop owners (the list's filter and the form's dropdown). */
export function useLojistaOpcoes() {
  const q = useQuery({ queryKey: ['pessoa', 'lojistas'], queryFn: () => api<PessoaOpcao[]>('pessoa/lojistas'), staleTime: 0 });
  useErroAoCarregar(q.error, ERRO_PESSOAS);
  return { ...q, opcoes: opcoesPessoas(q.data) };
}

/** GET loja/lotes?data=…: the lots of the day's romaneios a shop item can name as sold (decision 0181), as pick options. */
export function useLotesDoDia(data: string | null | undefined) {
  const dia = data && /^\d{4}-\d{2}-\d{2}$/.test(data) ? data : null;
  const q = useQuery({
    queryKey: ['loja', 'lotes', dia],
    enabled: !!dia,
    queryFn: () => api<LojaLoteOpcao[]>('loja/lotes', { query: { data: dia } }),
  });
  return { ...q, opcoes: (q.data ?? []).map((l) => ({ label: `${l.lote} — ${l.produtoNome} — ${l.produtorNome}`, value: l.lote })) };
}
