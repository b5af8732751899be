import { useQuery } from '@tanstack/react-query';
import type { PessoaCotacao } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { ERRO_PESSOAS } from '../../lib/opcoes-pessoa';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';

/** GET pessoa/cotacoes: the shop owners and producers a quotation may name ('nome - tipo'). */
export function useCotacaoPessoaOpcoes() {
  const q = useQuery({ queryKey: ['pessoa', 'cotacoes'], queryFn: () => api<PessoaCotacao[]>('pessoa/cotacoes'), staleTime: 0 });
  useErroAoCarregar(q.error, ERRO_PESSOAS);
  return { ...q, opcoes: (q.data ?? []).map((p) => ({ label: `${p.nome} - ${p.tipoDescricao}`, value: p.id })) };
}
