import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { normalizarDocumento, soDigitos } from '../format';
import { somarDias } from '../tempo';
import { DOCUMENTO_FORMA, formaDeDocumento } from '../documento';
import { data, idOpcional, referencia, texto, textoOpcional, filtroNumerico } from '../z';
import { declararRecurso } from '../recurso';
import { pessoal } from '../privacidade';

/** Person types seeded on first start (docs/produto/dados.md: 1 producer, 2 technician). */
export const PESSOA_TIPO = { PRODUTOR: 1, TECNICO: 2, LOJISTA: 3, COMPRADOR: 4 } as const;
/** A form's producer or technician dropdown lists only people of that type; the server refuses another type with these. */
export const NAO_PRODUTOR = 'A pessoa selecionada não é um produtor';
export const NAO_TECNICO = 'A pessoa selecionada não é um técnico';

/** The producer's card (decision 0182). */
export const CARTEIRA_MSG = { dataInvalida: 'A validade da carteira é inválida' } as const;

/** Refusals of GET pessoa/tipo/{tipoId}?ativosDesde=… (decision 0126). */
export const ATIVOS_DESDE_MSG = {
  invalida: 'A data "ativosDesde" deve ser uma data válida no formato aaaa-mm-dd',
  soProdutores: 'O filtro "ativosDesde" vale só para os produtores (pessoa/tipo/1)',
} as const;

/**
 * GET pessoa/tipo/{tipoId}?ativosDesde=yyyy-mm-dd (decision 0126): only the producers with a bulletin item whose
 * harvest ends on or after that date (the producers the gate form can take goods from). Without it, every person
 * of the type, as before.
 */
export const pessoasDoTipoQuery = z.object({
  ativosDesde: z.iso.date({ error: ATIVOS_DESDE_MSG.invalida }).optional(),
});

/** The day `dias` days before a yyyy-mm-dd day (calendar days, no time zone). */
export const diasAntes = (dia: string, dias: number) => somarDias(dia, -dias);

/** The photo file of a person: the CPF/CNPJ's characters (upper case, no mask) + '.png' (decision 0180). */
export const nomeFoto = (cpfcnpj: string | null | undefined) => {
  const d = normalizarDocumento(cpfcnpj);
  return d ? `${d}.png` : null;
};

/**
 * CPF (11 digits) or CNPJ (14 digits, or 12 letters or digits and 2 check digits), masked or not, either case:
 * 11 to 18 characters, kept bare and upper case (decision 0180). The check digits are verified by the API on a
 * new or changed document only (an old record with wrong ones can still be saved).
 */
const cpfcnpj = z
  .string({ error: 'O cpf/cnpj é obrigatório' })
  .trim()
  .min(1, 'O cpf/cnpj é obrigatório')
  .min(11, 'O cpf/cnpj deve ter no minimo 11 caracteres')
  .max(18, 'O cpf/cnpj deve ter no máximo 18 caracteres')
  .refine(formaDeDocumento, DOCUMENTO_FORMA)
  .transform(normalizarDocumento);

/** Mobile phone: masked or not, stored as its 10 or 11 digits; empty is allowed. */
const celular = z
  .string({ error: 'O celular deve ter 10 ou 11 dígitos' })
  .trim()
  .nullish()
  .refine((v) => !v || (/^[\d\s()+.-]+$/.test(v) && [10, 11].includes(soDigitos(v).length)), 'O celular deve ter 10 ou 11 dígitos')
  .transform((v) => soDigitos(v) || null);

export const pessoaInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: pessoal('identificacao', texto('O nome é obrigatório', 200, 'O nome deve ter no máximo 200 caracteres')),
  cpfcnpj: pessoal('identificacao', cpfcnpj),
  celular: pessoal('contato', celular),
  tipoId: referencia('A tipo pessoa deve ser selecionada'),
  observacao: pessoal('contato', textoOpcional(1000, 'A observação deve ter no máximo 1000 caracteres')),
  /**
   * Whether the person has a photo: any non-empty value means yes and the server stores the canonical
   * name (nomeFoto of the CPF/CNPJ); null or '' means no; missing on an edit keeps what was there.
   */
  foto: pessoal('imagem', z.string().trim().max(200, 'O nome da foto deve ter no máximo 200 caracteres').nullish()),
  /** The producer's card is valid until this day (decision 0182); null or '' (or left out): none recorded. */
  carteiraValidaAte: pessoal(
    'identificacao',
    z.preprocess((v) => (v === '' ? null : v), data(CARTEIRA_MSG.dataInvalida).nullish()),
  ),
});
export type PessoaInput = z.input<typeof pessoaInput>;
export type PessoaDados = z.output<typeof pessoaInput>;

export const pessoaTipoRegistro = z.object({ id: z.number().int(), descricao: z.string() });
export type PessoaTipo = z.infer<typeof pessoaTipoRegistro>;

export const pessoaRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  nome: z.string(),
  cpfcnpj: z.string(),
  celular: z.string().nullable(),
  tipoId: z.number().int(),
  tipoDescricao: z.string(),
  observacao: z.string().nullable(),
  foto: z.string().nullable(),
  pessoaTipo: pessoaTipoRegistro,
  /** yyyy-mm-dd or null (decision 0182). */
  carteiraValidaAte: z.string().nullable(),
  /** Whether the CPF/CNPJ's check digits are right (an old record may have wrong ones: decision 0180). */
  documentoValido: z.boolean(),
});
export type Pessoa = z.infer<typeof pessoaRegistro>;

/** GET pessoa/produtor/{id}: what a new person form is filled with (no id). */
export type PessoaDoProdutor = Omit<Pessoa, 'id'>;

export type PessoaOpcao = { id: number; nome: string };
/** A person of a type for a picker; a producer's card date for the gate's warning (decision 0182). */
export type PessoaComDocumento = {
  id: number;
  nome: string;
  cpfcnpj: string;
  carteiraValidaAte?: string | null;
  /** The gate's list (`ativosDesde`): the producer's suspensions in force since then (decision 0187), first to last day. */
  suspensoes?: { inicio: string; fim: string }[];
};
export type PessoaCotacao = { id: number; nome: string; tipoDescricao: string };

/** A dropdown value: an id, a digit string, or the whole option ({ id }). */
export const idOuTexto = z.union([z.number(), z.string(), z.object({ id: z.union([z.number(), z.string()]).nullish() }).loose()]).nullish();

/** 'tipo' filter: an id (or the option) filters by tipoId, text by the type's description. */
export function idOuNome(v: z.infer<typeof idOuTexto>, campoId: string, campoNome: string): Record<string, unknown> {
  if (v === null || v === undefined || v === '') return {};
  if (typeof v === 'object') return v.id === null || v.id === undefined || v.id === '' ? {} : { [campoId]: v.id };
  if (typeof v === 'number' || /^\d+$/.test(v.trim())) return { [campoId]: v };
  return { [campoNome]: v };
}

/** Body of POST pessoa/searchPessoa/{dir}/{field}. */
export const pessoaFiltro = z
  .object({
    id: filtroNumerico,
    nome: z.string().nullish(),
    cpfcnpj: z.string().nullish(),
    celular: z.string().nullish(),
    tipo: idOuTexto,
    tipoId: filtroNumerico,
    /** 'documento_invalido' or 'carteira_vencendo' (PESSOA_PENDENCIAS): what the office has to fix (decisions 0180, 0182). */
    pendencia: z.union([z.string(), z.object({ id: z.string().nullish() }).loose()]).nullish(),
  })
  .transform(({ tipo, cpfcnpj, celular, pendencia, ...f }) => {
    const p = typeof pendencia === 'object' && pendencia ? pendencia.id : pendencia;
    return {
      ...f,
      // Punctuation and case do not matter: '123.456' finds '12345678901', '12.abc' finds '12ABC34501DE35'.
      cpfcnpj: cpfcnpj ? normalizarDocumento(cpfcnpj) || cpfcnpj : cpfcnpj,
      celular: celular ? soDigitos(celular) || celular : celular,
      ...idOuNome(tipo, 'tipoId', 'tipoDescricao'),
      ...(p === 'documento_invalido' && { documentoInvalido: 'true' }),
      ...(p === 'carteira_vencendo' && { carteiraVencendo: 'true' }),
    };
  });

/** The '/pessoa' list's 'Pendência' filter: records the office has to fix. */
export const PESSOA_PENDENCIAS = [
  { value: 'documento_invalido', label: 'Documento inválido' },
  { value: 'carteira_vencendo', label: 'Carteira vence em até 30 dias' },
] as const;

export const pessoaRecurso = declararRecurso({
  rota: 'pessoa',
  nome: { singular: 'Pessoa', plural: 'Pessoas', genero: 'f' },
  icone: 'pi pi-users',
  // docs/produto/telas.md: the edit path has no 'edit' segment.
  caminhos: { editar: '/pessoa/:id' },
  api: { buscaPorTermo: 'nome', registro: pessoaRegistro, entrada: pessoaInput, filtro: pessoaFiltro },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: { erroRemover: 'Erro ao remover pessoa' },
});
