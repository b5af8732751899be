import { z } from 'zod';
import { versaoEntrada } from '../versao';
import { anoNaFaixa, dataNaFaixa, idOpcional, referencia, texto, decimalAte } from '../z';

/**
 * The field notebook (caderno de campo) of one bulletin item: how the crop was grown.
 * Every rule of docs/produto/dados.md and docs/produto/validacao.md lives here, so the form and the server refuse the same
 * things with the same pt-BR message on the same field.
 */

export const FORMAS_DOSE = ['KG_M', 'L_M', 'G_PLANTA'] as const;
export type FormaDose = (typeof FORMAS_DOSE)[number];
export const FORMA_DOSE_ROTULO: Record<FormaDose, string> = { KG_M: 'Kg/m²', L_M: 'L/m²', G_PLANTA: 'g/Planta' };

export const FORMAS_APLICACAO = ['PLANTIO', 'COBERTURA', 'FOLIAR', 'FERTIRRIGACAO'] as const;
export type FormaAplicacao = (typeof FORMAS_APLICACAO)[number];
export const FORMA_APLICACAO_ROTULO: Record<FormaAplicacao, string> = {
  PLANTIO: 'Plantio (no solo, no sulco ou a lanço)',
  COBERTURA: 'Cobertura (na superfície, próximo à planta)',
  FOLIAR: 'Foliar (pulverização aérea)',
  FERTIRRIGACAO: 'Fertirrigação (com irrigação por gotejamento)',
};

/** Dose, carência and volume: at least 1, at most 9999999 (docs/produto/validacao.md and docs/produto/funcionamento.md). */
export const VALOR_MAXIMO_CADERNO = 9_999_999;

/** Year range of the notebook's date pickers: current-4 to current+1; the input schemas refuse dates outside it. */
export const anosCaderno = (ano = new Date().getFullYear()) => `${ano - 4}:${ano + 1}`;

/** 'dia' for 1, 'dias' otherwise (the form); the print says 'dia' under 2. */
export const rotuloCarencia = (dias: number | null | undefined) => (dias === 1 ? 'dia' : 'dias');
export const rotuloCarenciaImpressa = (dias: number | null | undefined) => (dias !== null && dias !== undefined && dias < 2 ? 'dia' : 'dias');

export const MSG_CADERNO = {
  umaOpcao: 'Pelo menos uma opção deve ser selecionada.',
  gradagem: 'Pelo menos uma opção de gradagem deve ser selecionada.',
  semGradagem: 'Leve, pesada e niveladora exigem a gradagem com grade marcada.',
  naoNecessariasComOpcao: "'Não são necessárias' não pode ser marcada junto com outras opções.",
  descricaoObrigatoria: 'A descrição de outras é obrigatória.',
  descricaoSemOutras: "A descrição só pode ser preenchida com 'Outras' marcada.",
  descricaoMaxima: 'A descrição deve ter no máximo 200 caracteres',
  irrigacao: 'Pelo menos um campo deve ser preenchido.',
  irrigacaoNaoNecessaria: 'Sistema e origem ficam vazios quando a irrigação não é necessária.',
  semAdubacao: 'Pelo menos um item de Adubação e Correção deve ser adicionado.',
  semAplicacao: 'Pelo menos um item de Aplicação de Produtos Químicos deve ser adicionado.',
  colheitaAntesPlantio: 'A data de colheita não pode ser anterior à data de plantio.',
  dose: 'A dose deve ser maior que 0.',
} as const;

const bool = z
  .boolean({ error: 'Deve ser verdadeiro ou falso' })
  .nullish()
  .transform((v) => v === true);
const textoLivre = z
  .string({ error: 'Deve ser um texto' })
  .trim()
  .max(200, MSG_CADERNO.descricaoMaxima)
  .nullish()
  .transform((v) => v || null);
const textoAte200 = (campo: string) =>
  z
    .string({ error: `${campo} deve ser um texto` })
    .trim()
    .max(200, `${campo} deve ter no máximo 200 caracteres`)
    .nullish()
    .transform((v) => v || null);

type Ctx = z.core.$RefinementCtx;
const erro = (ctx: Ctx, path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', message, path });

/** A checkbox section: 'não são necessárias' or at least one option, never both; 'outras' and its description go together. */
function secao(opcoes: readonly string[], comOutras: boolean, subopcoes: readonly string[] = [], extra?: (v: Record<string, unknown>, ctx: Ctx) => void) {
  const shape: Record<string, z.ZodType> = { naoNecessarias: bool };
  for (const o of [...opcoes, ...subopcoes]) shape[o] = bool;
  if (comOutras) {
    shape.outras = bool;
    shape.descricaoOutras = textoLivre;
  }
  const todas = comOutras ? [...opcoes, 'outras'] : [...opcoes];
  return z
    .object(shape, { error: 'A seção é obrigatória' })
    .nullish()
    .transform((v) => v ?? Object.fromEntries(Object.keys(shape).map((k) => [k, k === 'descricaoOutras' ? null : false])))
    .superRefine((raw, ctx) => {
      const v = raw as Record<string, unknown>;
      const marcadas = todas.filter((o) => v[o] === true);
      if (v.naoNecessarias && marcadas.length) erro(ctx, ['naoNecessarias'], MSG_CADERNO.naoNecessariasComOpcao);
      else if (!v.naoNecessarias && !marcadas.length) erro(ctx, [], MSG_CADERNO.umaOpcao);
      if (comOutras) {
        if (v.outras && !v.descricaoOutras) erro(ctx, ['descricaoOutras'], MSG_CADERNO.descricaoObrigatoria);
        if (!v.outras && v.descricaoOutras) erro(ctx, ['descricaoOutras'], MSG_CADERNO.descricaoSemOutras);
      }
      extra?.(v, ctx);
    });
}

export const OPCOES_PREPARO = ['subsolagem', 'aracao', 'enxadaRotativa', 'gradagemComGrade'] as const;
export const TIPOS_GRADAGEM = ['leve', 'pesada', 'niveladora'] as const;
export const OPCOES_PRATICAS = ['plantioEmNivel', 'terracos', 'rotacaoDeCulturas', 'adubacaoVerde'] as const;
export const OPCOES_SEMENTES = ['proprias', 'terceiros', 'viveiroComTermico', 'viveiroSemTermico'] as const;

/** The label of every option of the checkbox sections (docs/produto/telas.md 'Field notebook form'): the form's boxes and the print say these. */
export const OPCAO_CADERNO_ROTULO: Record<
  (typeof OPCOES_PREPARO)[number] | (typeof TIPOS_GRADAGEM)[number] | (typeof OPCOES_PRATICAS)[number] | (typeof OPCOES_SEMENTES)[number],
  string
> = {
  subsolagem: 'Subsolagem',
  aracao: 'Aração',
  enxadaRotativa: 'Enxada Rotativa',
  gradagemComGrade: 'Gradagem com Grade',
  leve: 'Leve',
  pesada: 'Pesada',
  niveladora: 'Niveladora',
  plantioEmNivel: 'Plantio em Nível',
  terracos: 'Terraços',
  rotacaoDeCulturas: 'Rotação de Culturas',
  adubacaoVerde: 'Adubação Verde',
  proprias: 'Próprias',
  terceiros: 'De Terceiros',
  viveiroComTermico: 'Viveiro com Termo de Conformidade',
  viveiroSemTermico: 'Viveiro sem Termo de Conformidade',
};
/** The checkbox that says a section (or a row) needs nothing, and the section's free option. */
export const NAO_SAO_NECESSARIAS = 'Não são necessárias';
export const OUTRAS = 'Outras';

/** The three checkbox sections: title, options (gradagem's types apart) and whether 'Outras' with its description. */
export const SECOES_CADERNO = {
  preparoSolo: { titulo: 'Preparo do Solo', opcoes: OPCOES_PREPARO, subopcoes: TIPOS_GRADAGEM, comOutras: true },
  praticasConservacionistas: { titulo: 'Práticas Conservacionistas', opcoes: OPCOES_PRATICAS, subopcoes: [], comOutras: true },
  sementesEMudas: { titulo: 'Sementes e Mudas', opcoes: OPCOES_SEMENTES, subopcoes: [], comOutras: false },
} as const;
export type SecaoCaderno = keyof typeof SECOES_CADERNO;
/** A section's options and sub-options as [key, label], in the order the form and the print show them. */
export const opcoesDaSecao = (s: SecaoCaderno): [string, string][] =>
  [...SECOES_CADERNO[s].opcoes, ...SECOES_CADERNO[s].subopcoes].map((k) => [k, OPCAO_CADERNO_ROTULO[k]]);

/** The pick lists of a row's dose and application forms. */
export const OPCOES_FORMA_DOSE = FORMAS_DOSE.map((v) => ({ label: FORMA_DOSE_ROTULO[v], value: v }));
export const OPCOES_FORMA_APLICACAO = FORMAS_APLICACAO.map((v) => ({ label: FORMA_APLICACAO_ROTULO[v], value: v }));

/** The section rule counts gradagem's types only through gradagem itself (leve alone is not an option). */
function secaoPreparo() {
  return secao(OPCOES_PREPARO, true, TIPOS_GRADAGEM, (v, ctx) => {
    const tipos = TIPOS_GRADAGEM.filter((t) => v[t] === true);
    if (v.gradagemComGrade && !tipos.length) erro(ctx, ['gradagemComGrade'], MSG_CADERNO.gradagem);
    if (!v.gradagemComGrade && tipos.length) erro(ctx, ['gradagemComGrade'], MSG_CADERNO.semGradagem);
  });
}

const irrigacao = z
  .object({
    naoNecessarias: bool,
    sistema: textoAte200('O sistema'),
    origem: textoAte200('A origem'),
  })
  .nullish()
  .transform((v) => v ?? { naoNecessarias: false, sistema: null, origem: null })
  .superRefine((v, ctx) => {
    if (v.naoNecessarias) {
      if (v.sistema || v.origem) erro(ctx, ['naoNecessarias'], MSG_CADERNO.irrigacaoNaoNecessaria);
      return;
    }
    if (!v.sistema) erro(ctx, ['sistema'], MSG_CADERNO.irrigacao);
    if (!v.origem) erro(ctx, ['origem'], MSG_CADERNO.irrigacao);
  });

const inteiroCaderno = (tipo: string, min: string) =>
  z
    .number({ error: tipo })
    .int('Deve ser um número inteiro')
    .min(1, min)
    .max(VALOR_MAXIMO_CADERNO, 'Deve ser no máximo 9.999.999')
    .refine(...decimalAte(2))
    .nullish();
const numeroCaderno = (tipo: string, min: string) => z.number({ error: tipo }).min(1, min).max(VALOR_MAXIMO_CADERNO, 'Deve ser no máximo 9.999.999').nullish();
const dataOpcional = (invalida: string, nome: string) =>
  z.iso
    .date({ error: invalida })
    .nullish()
    .or(z.literal('').transform(() => null))
    .superRefine(anoNaFaixa(nome, () => anosCaderno()));
const formaDose = z.enum(FORMAS_DOSE, { error: 'A forma da dose deve ser Kg/m², L/m² ou g/Planta' }).nullish();
const formaAplicacao = z.enum(FORMAS_APLICACAO, { error: 'A forma de aplicação deve ser Plantio, Cobertura, Foliar ou Fertirrigação' }).nullish();

/** Required unless the row is 'não necessárias': [field, message when missing]. */
function exigir(v: Record<string, unknown>, ctx: Ctx, campos: [string, string][]) {
  for (const [campo, msg] of campos) {
    const x = v[campo];
    if (x === null || x === undefined || x === '') erro(ctx, [campo], msg);
  }
}

/** A row 'não necessárias' keeps no data: the form clears it, the server stores it cleared. */
const limpar = <T extends Record<string, unknown>>(v: T, manter: string[]): T =>
  v.naoNecessarias ? (Object.fromEntries(Object.entries(v).map(([k, x]) => [k, manter.includes(k) ? x : null])) as T) : v;

export const adubacaoCorrecaoInput = z
  .object({
    id: idOpcional.nullable(),
    /** The original's name for the row's id (accepted as `id`). */
    adubacaoCorrecaoId: idOpcional.nullable(),
    naoNecessarias: bool,
    dataAplicacao: dataOpcional('A data de aplicação é inválida', 'A data de aplicação'),
    nomeFormula: textoAte200('O nome da fórmula'),
    dose: inteiroCaderno('A dose é obrigatória', MSG_CADERNO.dose),
    formaDose,
    formaAplicacao,
    responsavelAplicacao: textoAte200('O responsável pela aplicação'),
    observacao: z
      .string()
      .trim()
      .max(1000, 'A observação deve ter no máximo 1000 caracteres')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (v.naoNecessarias) return;
    exigir(v, ctx, [
      ['dataAplicacao', 'A data de aplicação é obrigatória'],
      ['nomeFormula', 'O nome da fórmula é obrigatório'],
      ['dose', 'A dose é obrigatória'],
      ['formaDose', 'A forma da dose é obrigatória'],
      ['formaAplicacao', 'A forma de aplicação é obrigatória'],
      ['responsavelAplicacao', 'O responsável pela aplicação é obrigatório'],
    ]);
  })
  .transform((v) => {
    const { adubacaoCorrecaoId, ...resto } = limpar(v, ['id', 'adubacaoCorrecaoId', 'naoNecessarias']);
    return { ...resto, id: v.id ?? adubacaoCorrecaoId ?? null };
  });
export type AdubacaoCorrecaoInput = z.input<typeof adubacaoCorrecaoInput>;

export const aplicacaoProdutoQuimicoInput = z
  .object({
    id: idOpcional.nullable(),
    naoNecessarias: bool,
    data: dataOpcional('A data é inválida', 'A data da aplicação'),
    periodoCarencia: inteiroCaderno('O período de carência é obrigatório', 'O período de carência deve ser de pelo menos 1 dia'),
    pragaDoencaAlvo: textoAte200('A praga/doença alvo'),
    nomeProduto: textoAte200('O nome do produto'),
    dose: numeroCaderno('A dose é obrigatória', MSG_CADERNO.dose),
    formaDose,
    volumeCalda: numeroCaderno('O volume de calda é obrigatório', 'O volume de calda deve ser maior que 0.'),
    operador: textoAte200('O operador'),
  })
  .superRefine((v, ctx) => {
    if (v.naoNecessarias) return;
    exigir(v, ctx, [
      ['data', 'A data é obrigatória'],
      ['periodoCarencia', 'O período de carência é obrigatório'],
      ['pragaDoencaAlvo', 'A praga/doença alvo é obrigatória'],
      ['nomeProduto', 'O nome do produto é obrigatório'],
      ['dose', 'A dose é obrigatória'],
      ['formaDose', 'A forma da dose é obrigatória'],
      ['volumeCalda', 'O volume de calda é obrigatório'],
      ['operador', 'O operador é obrigatório'],
    ]);
  })
  .transform((v) => ({ ...limpar(v, ['id', 'naoNecessarias']), id: v.id ?? null }));
export type AplicacaoProdutoQuimicoInput = z.input<typeof aplicacaoProdutoQuimicoInput>;

const ISO = /^\d{4}-\d{2}-\d{2}$/;

const cadernoCampos = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  boletimItemId: referencia('O item do boletim é obrigatório', 'O item do boletim é obrigatório', 'O item do boletim deve estar na lista'),
  /** The current crop: the bulletin item's product (read-only; the server takes it from the item). */
  produtoId: z.number().int().positive().nullish(),
  produtoAntigoId: referencia('O produto é obrigatório', 'O produto é obrigatório', 'O produto é obrigatório'),
  dataPlantio: dataNaFaixa('A data de plantio é obrigatória', 'A data de plantio é inválida', 'A data de plantio', () => anosCaderno()),
  dataColheita: dataNaFaixa('A data de colheita é obrigatória', 'A data de colheita é inválida', 'A data de colheita', () => anosCaderno()),
  areaCultivo: texto('A identificação da área é obrigatória', 200, 'A identificação da área deve ter no máximo 200 caracteres'),
  preparoSolo: secaoPreparo(),
  praticasConservacionistas: secao(OPCOES_PRATICAS, SECOES_CADERNO.praticasConservacionistas.comOutras),
  sementesEMudas: secao(OPCOES_SEMENTES, SECOES_CADERNO.sementesEMudas.comOutras),
  irrigacao,
  adubacaoCorrecao: z
    .array(adubacaoCorrecaoInput, { error: MSG_CADERNO.semAdubacao })
    .min(1, MSG_CADERNO.semAdubacao)
    .max(200, 'No máximo 200 itens de Adubação e Correção'),
  aplicacaoProdutosQuimicos: z
    .array(aplicacaoProdutoQuimicoInput, { error: MSG_CADERNO.semAplicacao })
    .min(1, MSG_CADERNO.semAplicacao)
    .max(200, 'No máximo 200 itens de Aplicação de Produtos Químicos'),
});

export const cadernoInput = z
  .preprocess(
    // The cultivation area identification travels as `areaCultivo` (docs/produto/dados.md); `identificacaoArea` is accepted too.
    (v) =>
      v && typeof v === 'object' && !Array.isArray(v) && (v as { areaCultivo?: unknown }).areaCultivo === undefined
        ? { ...v, areaCultivo: (v as { identificacaoArea?: unknown }).identificacaoArea }
        : v,
    cadernoCampos,
  )
  .refine((c) => c.dataColheita >= c.dataPlantio, {
    message: MSG_CADERNO.colheitaAntesPlantio,
    path: ['dataColheita'],
    when: (p) => {
      const v = p.value as Record<string, unknown> | undefined;
      return typeof v?.dataPlantio === 'string' && typeof v?.dataColheita === 'string' && ISO.test(v.dataPlantio) && ISO.test(v.dataColheita);
    },
  });
type Secoes = 'preparoSolo' | 'praticasConservacionistas' | 'sementesEMudas' | 'irrigacao';
/** What a form sends (the sections with their flags; rows as typed). */
export type CadernoInput = Omit<z.input<typeof cadernoCampos>, Secoes> & {
  preparoSolo: PreparoSolo;
  praticasConservacionistas: PraticasConservacionistas;
  sementesEMudas: SementesEMudas;
  irrigacao: Irrigacao;
};
export type CadernoDados = z.output<typeof cadernoInput>;

export type PreparoSolo = {
  naoNecessarias: boolean;
  subsolagem: boolean;
  aracao: boolean;
  enxadaRotativa: boolean;
  gradagemComGrade: boolean;
  leve: boolean;
  pesada: boolean;
  niveladora: boolean;
  outras: boolean;
  descricaoOutras: string | null;
};
export type PraticasConservacionistas = {
  naoNecessarias: boolean;
  plantioEmNivel: boolean;
  terracos: boolean;
  rotacaoDeCulturas: boolean;
  adubacaoVerde: boolean;
  outras: boolean;
  descricaoOutras: string | null;
};
export type SementesEMudas = { naoNecessarias: boolean; proprias: boolean; terceiros: boolean; viveiroComTermico: boolean; viveiroSemTermico: boolean };
export type Irrigacao = { naoNecessarias: boolean; sistema: string | null; origem: string | null };
export type AdubacaoCorrecao = {
  id: number;
  adubacaoCorrecaoId: number;
  naoNecessarias: boolean;
  dataAplicacao: string | null;
  nomeFormula: string | null;
  dose: number | null;
  formaDose: FormaDose | null;
  formaAplicacao: FormaAplicacao | null;
  responsavelAplicacao: string | null;
  observacao: string | null;
};
export type AplicacaoProdutoQuimico = {
  id: number;
  naoNecessarias: boolean;
  data: string | null;
  periodoCarencia: number | null;
  pragaDoencaAlvo: string | null;
  nomeProduto: string | null;
  dose: number | null;
  formaDose: FormaDose | null;
  volumeCalda: number | null;
  operador: string | null;
};

export type Caderno = {
  id: number;
  /** Changes on every save (decision 0085). */
  versao?: number;
  boletimItemId: number;
  boletimId: number;
  produtoId: number;
  produtoNome: string;
  produtoAntigoId: number;
  produtoAntigoNome: string;
  dataPlantio: string;
  dataColheita: string;
  areaCultivo: string;
  identificacaoArea: string;
  produtorNome: string;
  propriedadeNome: string;
  propriedadeMunicipioNome: string;
  tecnicoNome: string;
  preparoSolo: PreparoSolo;
  praticasConservacionistas: PraticasConservacionistas;
  sementesEMudas: SementesEMudas;
  irrigacao: Irrigacao;
  adubacaoCorrecao: AdubacaoCorrecao[];
  aplicacaoProdutosQuimicos: AplicacaoProdutoQuimico[];
};
