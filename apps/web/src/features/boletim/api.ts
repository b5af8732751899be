import { useQuery } from '@tanstack/react-query';
import type { Boletim, PropriedadeOpcao } from '@ceasa/shared';
import { api } from '../../lib/api-client';

/** GET propriedade/propriedadeAll: every property (the list's dropdown filter). */
export const usePropriedadesOpcoes = () =>
  useQuery({ queryKey: ['propriedade', 'propriedadeAll'], queryFn: () => api<PropriedadeOpcao[]>('propriedade/propriedadeAll'), staleTime: 0 });

/** GET propriedade/proprietario/{produtorId}: the producer's own properties (the bulletin form). */
export const usePropriedadesDoProdutor = (produtorId: number | null | undefined) =>
  useQuery({
    queryKey: ['propriedade', 'proprietario', produtorId],
    queryFn: () => api<PropriedadeOpcao[]>(`propriedade/proprietario/${produtorId}`),
    enabled: !!produtorId,
    staleTime: 0,
  });

/** GET boletim/saldo/{id}: the bulletin with each item's estimated, commercialised and balance quantities. */
export const buscarSaldo = (id: number) => api<Boletim>(`boletim/saldo/${id}`);
