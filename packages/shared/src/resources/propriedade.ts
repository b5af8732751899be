import { z } from 'zod';
import { pessoal } from '../privacidade';
import { versaoEntrada, versaoRegistro } from '../versao';
import { soDigitos } from '../format';
import { filtroNumerico, idOpcional, referencia, texto, textoOpcional, decimalAte } from '../z';
import { idOuNome, idOuTexto } from './pessoa';
import { declararRecurso } from '../recurso';
import { LISTA_DE_PESSOAS } from './lista-de-pessoas';

export const TIPOS_POSSE = ['PRÓPRIO', 'ARRENDADO', 'OUTRO'] as const;
export type TipoPosse = (typeof TIPOS_POSSE)[number];

/** The largest area a numeric(12,2) column holds. */
export const AREA_MAXIMA = 9_999_999_999.99;

const area = z
  .number({ error: 'Area é obrigatório' })
  .positive('Area tem que ser maior que 0')
  .max(AREA_MAXIMA, 'Area tem que ser menor que 10.000.000.000')
  .refine(...decimalAte(2));

const semAcento = (v: string) => v.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** 'PRÓPRIO', 'proprio', 'Próprio'... → 'PRÓPRIO'. */
const tipoPosse = z.preprocess(
  (v) => (typeof v === 'string' ? (TIPOS_POSSE.find((t) => semAcento(t) === semAcento(v.trim().toUpperCase())) ?? v) : v),
  z.enum(TIPOS_POSSE, { error: 'É obrigatório escolher o tipo de posse' }),
);

/** true/false or the form's 'SIM'/'NÃO'; missing is false. */
const pronaf = z
  .preprocess(
    (v) => (typeof v === 'string' ? semAcento(v.trim().toUpperCase()) : v),
    z.union([z.boolean(), z.enum(['SIM', 'NAO'])], { error: 'O Pronaf deve ser SIM ou NÃO' }).nullish(),
  )
  .transform((v) => v === true || v === 'SIM');

/** '99999-999' or 8 digits, stored unmasked; empty is allowed. */
const cep = z
  .string({ error: 'O CEP deve estar no formato 99999-999' })
  .trim()
  .nullish()
  .refine((v) => !v || /^\d{5}-?\d{3}$/.test(v), 'O CEP deve estar no formato 99999-999')
  .transform((v) => (v ? soDigitos(v) : null));

export const AREA_MSG = {
  explorada: 'A área explorada não pode ser maior que a área total',
  cultivada: 'A área cultivada não pode ser maior que a área total',
} as const;

/** The explored and the cultivated areas are parts of the total area (the database checks it too). */
export const propriedadeInput = z
  .object({
    id: idOpcional,
    versao: versaoEntrada,
    nome: texto('O nome da propriedade é obrigatório', 200, 'O nome deve ter no máximo 200 caracteres'),
    endereco: pessoal('propriedade', textoOpcional(200, 'O endereço deve ter no máximo 200 caracteres')),
    numero: pessoal('propriedade', textoOpcional(200, 'O número deve ter no máximo 200 caracteres')),
    complemento: pessoal('propriedade', textoOpcional(200, 'O complemento deve ter no máximo 200 caracteres')),
    cep: pessoal('propriedade', cep),
    municipioId: referencia('Município é obrigatório', 'O município deve ser selecionado', 'O município deve estar na lista'),
    areaTotal: area,
    areaExplorada: area,
    areaCultivada: area,
    geoLocalizacao: pessoal(
      'propriedade',
      z
        .string()
        .trim()
        .max(200, 'A geolocalização deve ter no máximo 200 caracteres')
        .nullish()
        .transform((v) => v || '0,0'),
    ),
    pronaf,
    tipoPosse,
    proprietarioId: referencia('A pessoa é obrigatório', 'A pessoa deve ser selecionada', 'A pessoa deve estar na lista'),
  })
  .superRefine((v, ctx) => {
    // Only against a valid total (an invalid one already has its own message).
    if (!(v.areaTotal > 0 && v.areaTotal <= AREA_MAXIMA)) return;
    if (v.areaExplorada > v.areaTotal) ctx.addIssue({ code: 'custom', path: ['areaExplorada'], message: AREA_MSG.explorada });
    if (v.areaCultivada > v.areaTotal) ctx.addIssue({ code: 'custom', path: ['areaCultivada'], message: AREA_MSG.cultivada });
  });
export type PropriedadeInput = z.input<typeof propriedadeInput>;
export type PropriedadeDados = z.output<typeof propriedadeInput>;

export const propriedadeRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  nome: z.string(),
  endereco: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  cep: z.string().nullable(),
  municipioId: z.number().int(),
  municipioNome: z.string(),
  areaTotal: z.number(),
  areaExplorada: z.number(),
  areaCultivada: z.number(),
  geoLocalizacao: z.string(),
  pronaf: z.boolean(),
  tipoPosse: z.enum(TIPOS_POSSE),
  proprietarioId: z.number().int(),
  proprietarioNome: z.string(),
  proprietario: z.object({ id: z.number().int(), nome: z.string() }),
});
export type Propriedade = z.infer<typeof propriedadeRegistro>;

export type PropriedadeOpcao = { id: number; nome: string };

/** Body of POST propriedade/searchPropriedade/{dir}/{field}: proprietario is an id (or the option) or name text. */
export const propriedadeFiltro = z
  .object({
    id: filtroNumerico,
    nome: z.string().nullish(),
    proprietario: idOuTexto,
    proprietarioNome: z.string().nullish(),
    municipioNome: z.string().nullish(),
    areaTotal: filtroNumerico,
    tipoPosse: z.string().nullish(),
  })
  .transform(({ proprietario, ...f }) => ({ ...f, ...idOuNome(proprietario, 'proprietarioId', 'proprietarioNome') }));

export const propriedadeRecurso = declararRecurso({
  rota: 'propriedade',
  nome: { singular: 'Propriedade', plural: 'Propriedades', genero: 'f' },
  icone: 'pi pi-home',
  // docs/produto/telas.md: the edit path has no 'edit' segment.
  caminhos: { editar: '/propriedade/:id' },
  api: { buscaPorTermo: 'nome', registro: propriedadeRegistro, entrada: propriedadeInput, filtro: propriedadeFiltro },
  ordem: { campo: 'nome', dir: 'asc' },
  campos: {
    id: { rotulo: 'Código', formulario: false, filtro: true, largura: '8rem', relatorio: false },
    proprietarioId: {
      rotulo: 'Proprietário',
      coluna: 'Proprietario',
      relatorio: 'Proprietário',
      referencia: LISTA_DE_PESSOAS,
      exibir: 'proprietarioNome',
      campoDaLista: 'proprietario',
      filtro: true,
      filtroVazio: 'Todos',
    },
    nome: { rotulo: 'Nome', coluna: 'Nome Propriedade', relatorio: 'Nome' },
    endereco: { rotulo: 'Endereço' },
    numero: { rotulo: 'Número' },
    complemento: { rotulo: 'Complemento' },
    cep: { rotulo: 'CEP', mascara: 'cep' },
    municipioId: { rotulo: 'Município' },
    areaTotal: { rotulo: 'Área Total', formato: 'decimal', direita: true },
    areaExplorada: { rotulo: 'Explorada' },
    areaCultivada: { rotulo: 'Cultivada' },
    geoLocalizacao: { rotulo: 'Geo Localização', padrao: '0,0' },
    pronaf: { rotulo: 'Pronaf', opcoes: { true: 'SIM', false: 'NÃO' }, padrao: false },
    tipoPosse: { rotulo: 'Tipo de Posse', opcoes: Object.fromEntries(TIPOS_POSSE.map((t) => [t, t])) },
  },
  lista: { colunas: ['id', 'nome', 'proprietarioId', 'areaTotal'], linha: '{nome}', relatorio: {} },
});
