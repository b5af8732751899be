import { useQuery } from '@tanstack/react-query';
import type { PessoaOpcao } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { ERRO_PESSOAS, opcoesPessoas } from '../../lib/opcoes-pessoa';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';

/** GET pessoa/lojistas: the shop owners (the list's filter and the form's dropdown). */
export function useLojistaOpcoes() {
  const q = useQuery({ queryKey: ['pessoa', 'lojistas'], queryFn: () => api<PessoaOpcao[]>('pessoa/lojistas'), staleTime: 0 });
  useErroAoCarregar(q.error, ERRO_PESSOAS);
  return { ...q, opcoes: opcoesPessoas(q.data) };
}
