import { useEffect } from 'react';
import { useToast } from './toast';

/**
 * A load that failed says so (docs/produto/validacao.md: 'Erro ao obter {entity}' with the error text), instead of leaving an
 * empty dropdown or table that reads as "nothing registered". Once per failure: a new error shows again.
 */
export function useErroAoCarregar(erro: unknown, titulo: string) {
  const toast = useToast();
  useEffect(() => {
    if (erro) toast.show('error', titulo, erro instanceof Error ? erro.message : String(erro));
  }, [erro, titulo, toast]);
}
