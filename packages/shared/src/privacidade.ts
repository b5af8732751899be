import { z, type ZodType } from 'zod';
import { declararRecurso } from './recurso';
import { TIPOS_DE_SOLICITACAO, type TipoDeSolicitacao } from './privacidade-tipos';

/**
 * Personal data (LGPD, Lei 13.709/2018): each category the product holds, why, on which legal basis, for how
 * long and with whom it is shared. A field of a shared schema that holds personal data says so with
 * `pessoal(categoria, schema)`; the privacy notice, the holder's export, the anonymisation and the record of
 * processing read that declaration (`camposPessoais`). Terms and bases: docs/decisions/0227-lgpd-bases-e-prazos.md.
 */
export const CATEGORIAS_PESSOAIS = {
  identificacao: {
    rotulo: 'Identificação',
    finalidade: 'Identificar o produtor, o lojista, o comprador e o técnico na portaria, nos boletins, nos cadernos e na rastreabilidade dos lotes.',
    baseLegal: 'Execução de políticas públicas e cumprimento de obrigação legal (LGPD, arts. 7º, II e III, e 23).',
    retencao: 'RETENCAO_CADASTRO_ANOS',
    compartilhamento: 'A página pública do lote mostra o nome do produtor e o CPF mascarado (***.ddd.ddd-**); o arquivo da Conab não leva dados pessoais.',
  },
  contato: {
    rotulo: 'Contato',
    finalidade: 'Falar com o produtor sobre as suas entregas, a inspeção, uma suspensão ou um recolhimento (recall).',
    baseLegal: 'Execução de políticas públicas (LGPD, arts. 7º, III, e 23).',
    retencao: 'RETENCAO_CADASTRO_ANOS',
    compartilhamento: 'Não é compartilhado.',
  },
  imagem: {
    rotulo: 'Imagem (foto)',
    finalidade: 'Reconhecer o produtor na portaria.',
    baseLegal: 'Execução de políticas públicas (LGPD, arts. 7º, III, e 23).',
    retencao: 'RETENCAO_CADASTRO_ANOS',
    compartilhamento: 'Não é compartilhada.',
  },
  propriedade: {
    rotulo: 'Propriedade rural',
    finalidade: 'Saber de onde vem cada lote (rastreabilidade) e o município de origem do Valor Adicionado Fiscal.',
    baseLegal: 'Cumprimento de obrigação legal (rastreabilidade e tributos) e execução de políticas públicas (LGPD, arts. 7º, II e III, e 23).',
    retencao: 'RETENCAO_CADASTRO_ANOS',
    compartilhamento: 'A página pública do lote mostra o município de origem; o endereço não é compartilhado.',
  },
  assinatura: {
    rotulo: 'Assinatura da cotação por e-mail',
    finalidade: 'Enviar a cotação do dia e os alertas de preço pedidos.',
    baseLegal: 'Consentimento, dado ao confirmar a assinatura (LGPD, art. 7º, I).',
    retencao: 'RETENCAO_ASSINATURA',
    compartilhamento: 'Não é compartilhada.',
  },
  conta: {
    rotulo: 'Conta de servidor',
    finalidade: 'Dar acesso ao sistema aos servidores do mercado e registrar quem fez e quem leu cada registro.',
    baseLegal: 'Execução de políticas públicas e cumprimento de obrigação legal (LGPD, arts. 7º, II e III, e 23).',
    retencao: 'RETENCAO_CADASTRO_ANOS',
    compartilhamento: 'Não é compartilhada.',
  },
  solicitacao: {
    rotulo: 'Solicitação do titular',
    finalidade: 'Atender e comprovar o atendimento dos pedidos do titular (LGPD, arts. 18 e 19).',
    baseLegal: 'Cumprimento de obrigação legal (LGPD, art. 7º, II).',
    retencao: 'RETENCAO_SOLICITACOES_ANOS',
    compartilhamento: 'Não é compartilhada.',
  },
} as const;
export type CategoriaPessoal = keyof typeof CATEGORIAS_PESSOAIS;

/** The terms (RETENCAO_*): setting, default, unit, and what it counts from. */
export const PRAZOS_DE_RETENCAO = {
  RETENCAO_CADASTRO_ANOS: { padrao: 5, unidade: 'anos', desde: 'o último registro da pessoa (romaneio, boletim, caderno, inspeção ou loja)' },
  RETENCAO_SOLICITACOES_ANOS: { padrao: 5, unidade: 'anos', desde: 'a resposta à solicitação' },
  RETENCAO_ACESSOS_MESES: { padrao: 6, unidade: 'meses', desde: 'a leitura registrada' },
  RETENCAO_ASSINATURA: { padrao: 0, unidade: 'até o cancelamento', desde: 'o cancelamento (um pedido não confirmado: 7 dias)' },
} as const;
export type PrazoDeRetencao = keyof typeof PRAZOS_DE_RETENCAO;

/** The registry of the fields that hold personal data. */
export const dadoPessoal = z.registry<{ categoria: CategoriaPessoal }, ZodType>();

/** Declares a schema field as personal data of a category (beside the field, once). */
export function pessoal<T extends ZodType>(categoria: CategoriaPessoal, schema: T): T {
  dadoPessoal.add(schema, { categoria });
  return schema;
}

/** The personal fields of an object schema (its own fields), with their category. */
export function camposPessoais(schema: ZodType): { campo: string; categoria: CategoriaPessoal }[] {
  let s: unknown = schema;
  // superRefine/transform wrap the object: reach it.
  while (s && typeof s === 'object' && !('shape' in s) && 'def' in s) {
    const def = (s as { def: { in?: unknown; schema?: unknown; innerType?: unknown } }).def;
    s = def.in ?? def.schema ?? def.innerType;
    if (!s) break;
  }
  const shape = (s as { shape?: Record<string, ZodType> })?.shape ?? {};
  return Object.entries(shape).flatMap(([campo, f]) => {
    const m = dadoPessoal.get(f);
    return m ? [{ campo, categoria: m.categoria }] : [];
  });
}

export { TIPOS_DE_SOLICITACAO, type TipoDeSolicitacao } from './privacidade-tipos';
export const TIPOS_SOLICITACAO = Object.keys(TIPOS_DE_SOLICITACAO) as [TipoDeSolicitacao, ...TipoDeSolicitacao[]];

/** Days to answer a request completely (art. 19, II), from its confirmation. */
export const PRAZO_SOLICITACAO_DIAS = 15;
/** Business days to notify the ANPD and the holders of an incident (Res. CD/ANPD 15/2024, art. 6º). */
export const PRAZO_INCIDENTE_DIAS_UTEIS = 3;

export const TITULAR_MSG = {
  tipo: 'Escolha o que você quer pedir',
  cpfcnpj: 'Informe o CPF ou CNPJ (11 a 18 caracteres)',
  email: 'Informe um e-mail válido',
  texto: 'O texto deve ter no máximo 2000 caracteres',
  pedido:
    'Enviamos um link de confirmação para o seu e-mail. A solicitação só é registrada quando você abri-lo; o prazo de resposta conta a partir da confirmação.',
  muitosDoEndereco: 'Muitas solicitações deste endereço na última hora. Tente novamente mais tarde.',
  muitosDoEmail: 'Muitas solicitações para este e-mail hoje. Tente novamente amanhã.',
  linkInvalido: 'Este link não vale mais: a solicitação já foi confirmada, o pedido expirou (7 dias) ou o endereço está incompleto.',
  confirmada: 'Solicitação confirmada. O encarregado responde por e-mail; a confirmação simplificada sai logo e a resposta completa em até 15 dias.',
  resposta: 'Escreva a resposta (até 10000 caracteres)',
  naoEncontrada: 'Solicitação não encontrada',
  jaRespondida: 'Esta solicitação já foi respondida',
  naoConfirmada: 'Esta solicitação ainda não foi confirmada pelo titular',
  pessoaNaoEncontrada: 'Pessoa não encontrada',
  motivo: 'Informe o motivo (até 500 caracteres)',
  jaAnonimizada: 'Esta pessoa já foi anonimizada',
  prazoCorrendo: (ate: string) =>
    `Os dados desta pessoa ainda são exigidos pela rastreabilidade e pelos tributos até ${ate}: não podem ser anonimizados antes.`,
} as const;

export const titularSolicitacaoEntrada = z.object({
  tipo: z.enum(TIPOS_SOLICITACAO, { error: TITULAR_MSG.tipo }),
  cpfcnpj: z
    .string({ error: TITULAR_MSG.cpfcnpj })
    .trim()
    .transform((v) => v.replace(/[^0-9A-Za-z]/g, '').toUpperCase())
    .pipe(z.string().min(11, TITULAR_MSG.cpfcnpj).max(14, TITULAR_MSG.cpfcnpj)),
  email: z.string({ error: TITULAR_MSG.email }).trim().min(1, TITULAR_MSG.email).max(254, TITULAR_MSG.email).pipe(z.email(TITULAR_MSG.email)),
  texto: z.string().trim().max(2000, TITULAR_MSG.texto).nullish(),
});
export type TitularSolicitacaoEntrada = z.input<typeof titularSolicitacaoEntrada>;

/** The holder's export (the encarregado's and the portal's 'Meus dados'): JSON (default) or a ZIP of CSVs and the photo. */
export const exportacaoQuery = z.object({ formato: z.enum(['json', 'zip'], { error: 'O formato deve ser json ou zip' }).optional() });

export const titularConfirmacao = z.object({ token: z.string().min(1, TITULAR_MSG.linkInvalido).max(200, TITULAR_MSG.linkInvalido) });

export const titularResposta = z.object({
  resposta: z.string({ error: TITULAR_MSG.resposta }).trim().min(1, TITULAR_MSG.resposta).max(10000, TITULAR_MSG.resposta),
});

/** A request as the encarregado's queue shows it. */
export interface TitularSolicitacao {
  id: number;
  tipo: TipoDeSolicitacao;
  cpfcnpj: string;
  email: string;
  texto: string | null;
  pessoaId: number | null;
  pessoaNome: string | null;
  estado: 'pendente' | 'respondida';
  criadaEm: string;
  confirmadaEm: string;
  prazo: string;
  resposta: string | null;
  respondidaEm: string | null;
  respondidaPor: string | null;
}

export const anonimizarEntrada = z.object({
  pessoaId: z.number({ error: TITULAR_MSG.pessoaNaoEncontrada }).int().positive(TITULAR_MSG.pessoaNaoEncontrada),
  motivo: z.string({ error: TITULAR_MSG.motivo }).trim().min(1, TITULAR_MSG.motivo).max(500, TITULAR_MSG.motivo),
});

export const INCIDENTE_MSG = {
  detectadoEm: 'Informe a data em que o incidente foi detectado (aaaa-mm-dd)',
  descricao: 'Descreva o incidente (até 5000 caracteres)',
  categorias: 'Informe ao menos uma categoria de dados afetada',
  titulares: 'Informe quantos titulares foram afetados (um número inteiro, 0 ou mais)',
  medidas: 'Descreva as medidas tomadas (até 5000 caracteres)',
  naoEncontrado: 'Incidente não encontrado',
  semRemocao: 'Um incidente não pode ser removido: ele é guardado por 5 anos (Res. CD/ANPD 15/2024).',
} as const;

export const incidenteEntrada = z.object({
  detectadoEm: z.iso.date({ error: INCIDENTE_MSG.detectadoEm }),
  descricao: z.string({ error: INCIDENTE_MSG.descricao }).trim().min(1, INCIDENTE_MSG.descricao).max(5000, INCIDENTE_MSG.descricao),
  categorias: z
    .array(z.enum(Object.keys(CATEGORIAS_PESSOAIS) as [CategoriaPessoal, ...CategoriaPessoal[]], { error: INCIDENTE_MSG.categorias }), {
      error: INCIDENTE_MSG.categorias,
    })
    .min(1, INCIDENTE_MSG.categorias),
  titularesAfetados: z.number({ error: INCIDENTE_MSG.titulares }).int(INCIDENTE_MSG.titulares).min(0, INCIDENTE_MSG.titulares),
  medidas: z.string({ error: INCIDENTE_MSG.medidas }).trim().min(1, INCIDENTE_MSG.medidas).max(5000, INCIDENTE_MSG.medidas),
});
export type IncidenteEntrada = z.input<typeof incidenteEntrada>;

export interface Incidente {
  id: number;
  detectadoEm: string;
  descricao: string;
  categorias: CategoriaPessoal[];
  titularesAfetados: number;
  medidas: string;
  prazo: string;
  registradoEm: string;
  registradoPor: string;
}

/** The encarregado's screens: the holders' requests (/titular, the menu entry) and the incidents (/incidentes). */
export const titularRecurso = declararRecurso({
  rota: 'titular',
  nome: { singular: 'Solicitação do titular', plural: 'Solicitações dos titulares', genero: 'f' },
  icone: 'pi pi-shield',
  menu: 'Privacidade (LGPD)',
});
