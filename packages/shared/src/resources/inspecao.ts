import { z } from 'zod';
import { formatDate } from '../format';
import { declararRecurso } from '../recurso';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, idOpcional, inteiroDoCaminho, referencia, textoOpcional } from '../z';
import { somarDias } from '../tempo';
import { RESULTADOS_INSPECAO, TIPOS_INSPECAO } from './inspecao-rotulos';

/**
 * Inspections at the gate (decisions 0185–0187): a share of each market day's romaneios is
 * drawn for inspection; an inspection checks the label ('rotulagem') or takes a residue sample ('residuo').
 * A non-conforming residue result holds the load's lots and suspends the producer at the gate.
 */
export { RESULTADOS_INSPECAO, ROTULOS_RESULTADO, ROTULOS_TIPO_INSPECAO, TIPOS_INSPECAO, type ResultadoInspecao, type TipoInspecao } from './inspecao-rotulos';

export { ROTULOS_SITUACAO, SITUACOES_DO_LOTE, situacaoDoResultado, type SituacaoDoLote } from './situacao-do-lote';

/**
 * The label checklist (decision 0186): what INC MAPA/ANVISA 02/2018 asks a packed produce's label to
 * identify (product, variety, producer's name and document, origin, lot) and, from the packing rules the
 * markets enforce with it, the packing date and the net weight. Each item true when the label has it.
 */
export const ITENS_ROTULAGEM = [
  ['produto', 'Nome do produto'],
  ['variedade', 'Variedade ou cultivar'],
  ['produtor', 'Nome do produtor'],
  ['documento', 'CPF, CNPJ ou inscrição estadual do produtor'],
  ['origem', 'Origem (município e UF)'],
  ['lote', 'Identificação do lote'],
  ['dataEmbalagem', 'Data de embalagem'],
  ['peso', 'Peso líquido'],
] as const;
export type ItemRotulagem = (typeof ITENS_ROTULAGEM)[number][0];
const marcado = z.boolean({ error: 'Marque se o rótulo traz o item' });
export const checklistRotulagem = z.object(Object.fromEntries(ITENS_ROTULAGEM.map(([k]) => [k, marcado])) as Record<ItemRotulagem, typeof marcado>, {
  error: 'Preencha a lista de verificação da rotulagem',
});
export type ChecklistRotulagem = z.infer<typeof checklistRotulagem>;

export const INSPECAO_MSG = {
  romaneio: 'O romaneio é obrigatório',
  tipo: "O tipo deve ser 'rotulagem' ou 'residuo'",
  coleta: 'A data da coleta é obrigatória',
  coletaInvalida: 'A data da coleta é inválida',
  resultado: "O resultado deve ser 'conforme', 'nao_conforme' ou 'pendente'",
  laboratorio: 'O laboratório é obrigatório na análise de resíduos',
  amostra: 'O código da amostra é obrigatório na análise de resíduos',
  resultadoObrigatorio: 'O resultado é obrigatório na análise de resíduos',
  principioAtivo: 'Informe o princípio ativo encontrado no resultado não conforme',
  checklist: 'Preencha a lista de verificação da rotulagem',
  romaneioNaoEncontrado: 'O romaneio deve estar na lista',
  fixo: 'O romaneio e o tipo de uma inspeção salva não podem ser alterados.',
  amostraRepetida: 'Este código de amostra já foi usado neste laboratório.',
  naoEncontrada: 'Inspeção não encontrada',
} as const;
export const coletaAntesDoRomaneio = (dataEmissao: string) => `A data da coleta não pode ser anterior à data do romaneio (${formatDate(dataEmissao)}).`;

/** POST / PUT inspecao: what the inspector records; a residue needs its lab, sample and result, a label its checklist. */
export const inspecaoInput = z
  .object({
    id: idOpcional,
    versao: versaoEntrada,
    romaneioId: referencia(INSPECAO_MSG.romaneio),
    tipo: z.enum(TIPOS_INSPECAO, { error: INSPECAO_MSG.tipo }),
    coletaEm: data(INSPECAO_MSG.coleta, INSPECAO_MSG.coletaInvalida),
    laboratorio: textoOpcional(120, 'O laboratório deve ter no máximo 120 caracteres'),
    codigoAmostra: textoOpcional(40, 'O código da amostra deve ter no máximo 40 caracteres'),
    resultado: z.enum(RESULTADOS_INSPECAO, { error: INSPECAO_MSG.resultado }).nullish(),
    principioAtivo: textoOpcional(200, 'O princípio ativo deve ter no máximo 200 caracteres'),
    checklist: checklistRotulagem.nullish(),
    observacao: textoOpcional(1000, 'A observação deve ter no máximo 1000 caracteres'),
  })
  .superRefine((v, ctx) => {
    const falta = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.tipo === 'residuo') {
      if (!v.laboratorio) falta('laboratorio', INSPECAO_MSG.laboratorio);
      if (!v.codigoAmostra) falta('codigoAmostra', INSPECAO_MSG.amostra);
      if (!v.resultado) falta('resultado', INSPECAO_MSG.resultadoObrigatorio);
      else if (v.resultado === 'nao_conforme' && !v.principioAtivo) falta('principioAtivo', INSPECAO_MSG.principioAtivo);
    } else if (v.tipo === 'rotulagem' && !v.checklist) falta('checklist', INSPECAO_MSG.checklist);
  });
export type InspecaoInput = z.input<typeof inspecaoInput>;
export type InspecaoDados = z.output<typeof inspecaoInput>;

/** The romaneio an inspection is of, as the notification names it. */
export const romaneioInspecionado = z.object({
  id: z.number().int(),
  dataEmissao: z.string(),
  divida: z.number(),
  produtorId: z.number().int(),
  produtorNome: z.string(),
  cpfcnpj: z.string(),
  /** The municipality of the load's properties (its extension office gets the copy); null when unknown. */
  municipioNome: z.string().nullable(),
  municipioSigla: z.string().nullable(),
  produtos: z.array(z.string()),
});

export const inspecaoRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  romaneioId: z.number().int(),
  tipo: z.enum(TIPOS_INSPECAO),
  coletaEm: z.string(),
  laboratorio: z.string().nullable(),
  codigoAmostra: z.string().nullable(),
  /** A label's result is its checklist's: conforme when every item is there. */
  resultado: z.enum(RESULTADOS_INSPECAO).nullable(),
  principioAtivo: z.string().nullable(),
  checklist: checklistRotulagem.nullable(),
  observacao: z.string().nullable(),
  /** The last day of the producer's suspension this (non-conforming residue) result gave; null otherwise. */
  suspensoAte: z.string().nullable(),
  romaneio: romaneioInspecionado,
});
export type Inspecao = z.infer<typeof inspecaoRegistro>;

/** GET inspecao: the latest inspections (of one producer with pessoaId), newest first. */
export const inspecaoListaQuery = z.object({ pessoaId: inteiroDoCaminho('Produtor inválido').optional() });
export const inspecaoLinha = z.object({
  id: z.number().int(),
  romaneioId: z.number().int(),
  tipo: z.enum(TIPOS_INSPECAO),
  coletaEm: z.string(),
  resultado: z.enum(RESULTADOS_INSPECAO).nullable(),
  produtorNome: z.string(),
  suspensoAte: z.string().nullable(),
});
/** Most inspections GET inspecao answers. */
export const INSPECAO_LISTA_MAX = 200;

/** GET inspecao/dia?data: the market day's drawn romaneios. */
export const inspecaoDiaQuery = z.object({ data: data('A data é obrigatória', 'A data é inválida') });

export const inspecaoDoDia = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_INSPECAO),
  resultado: z.enum(RESULTADOS_INSPECAO).nullable(),
  coletaEm: z.string(),
});
export const romaneioParaInspecao = z.object({
  romaneioId: z.number().int(),
  divida: z.number(),
  produtorId: z.number().int(),
  produtorNome: z.string(),
  cpfcnpj: z.string(),
  municipioNome: z.string().nullable(),
  produtos: z.array(z.string()),
  pedras: z.array(z.string()),
  /** true: drawn for the day's inspection; false: inspected outside the draw. */
  sorteado: z.boolean(),
  inspecoes: z.array(inspecaoDoDia),
  /** The last day of a suspension of the producer in force on the day; null when none. */
  suspensoAte: z.string().nullable(),
});
export type RomaneioParaInspecao = z.infer<typeof romaneioParaInspecao>;
export const inspecaoDia = z.object({
  data: z.string(),
  /** INSPECAO_PERCENTUAL: the share drawn. */
  percentual: z.number(),
  /** Romaneios of the day (drawn or not). */
  total: z.number().int(),
  romaneios: z.array(romaneioParaInspecao),
});
export type InspecaoDia = z.infer<typeof inspecaoDia>;

/** A suspension of a producer: from the collection date to its last day, both included. */
export const suspensao = z.object({
  inspecaoId: z.number().int(),
  romaneioId: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  principioAtivo: z.string().nullable(),
});
export type Suspensao = z.infer<typeof suspensao>;
export const suspensoesDoProdutor = z.object({ suspensoes: z.array(suspensao) });

/** The gate's refusal of a suspended producer's romaneio. */
export const produtorSuspenso = (fim: string) => `Produtor suspenso até ${formatDate(fim)} por resultado de análise de resíduos.`;

/** The last day of a suspension of `dias` days from the collection date (SUSPENSAO_DIAS). */
export const fimDaSuspensao = (coletaEm: string, dias: number) => somarDias(coletaEm, dias);

/**
 * The gate's check (decision 0187): a romaneio dated `data` of a producer with these suspensions is refused
 * when one covers the date (from its collection date to its last day, both included); the message names the
 * last day of the longest one in force. Null: the producer may sell that day.
 */
export function suspensaoNaData(data: string, suspensoes: readonly Pick<Suspensao, 'inicio' | 'fim'>[]): string | null {
  let fim: string | null = null;
  for (const s of suspensoes) if (s.inicio <= data && data <= s.fim && (!fim || s.fim > fim)) fim = s.fim;
  return fim ? produtorSuspenso(fim) : null;
}

/** Inspections (route name 'inspecao'): the inspector's day list and the inspection's form. */
export const inspecaoRecurso = declararRecurso({
  rota: 'inspecao',
  nome: { singular: 'Inspeção', plural: 'Inspeções', genero: 'f' },
  icone: 'pi pi-search-plus',
  caminhos: { novo: '/inspecaocreate', editar: '/inspecao/edit/:id' },
  api: { registro: inspecaoRegistro, entrada: inspecaoInput, busca: false },
});
