import { z } from 'zod';
import { idOpcional, texto } from '../z';
import { declararRecurso } from '../recurso';

export const pedraInput = z.object({
  id: idOpcional,
  numero: texto('O número da pedra é obrigatório', 200, 'O número deve ter no máximo 200 caracteres'),
});
export type PedraInput = z.input<typeof pedraInput>;
export const pedraRegistro = z.object({ id: z.number().int(), numero: z.string() });
export type Pedra = z.infer<typeof pedraRegistro>;

/** Stalls ('Pedras', route name 'pedra'; API base 'pedras'): searched by number only. */
export const pedraRecurso = declararRecurso({
  rota: 'pedra',
  menu: { rotulo: 'Pedras', icone: 'pi pi-th-large' },
  caminhos: { lista: '/pedra', novo: '/pedracreate', editar: '/pedra/edit/:id' },
  api: { base: 'pedras', buscaPorTermo: 'numero', registro: pedraRegistro, entrada: pedraInput },
  ordem: { campo: 'numero', dir: 'asc' },
  rotulos: {
    titulo: 'Pedras',
    plural: 'pedras',
    vazio: 'Nenhuma pedra encontrada',
    erroObter: 'Erro ao obter pedras',
    erroRemover: 'Erro ao remover o pedra',
    entidade: 'pedra',
    naoEncontrado: 'Pedra não encontrada',
  },
});
