import { z, type ZodType } from 'zod';
import type { Page, SortDir } from './paging';
import { ROTAS, type RotaNome } from './permissions';
import { formaDoCampo, type FormaDoCampo } from './z';
import { versaoRegistro } from './versao';

/**
 * A resource declared once (docs/adding-a-resource.md). The API registers its list and CRUD routes
 * from it (apps/api/src/lib/routes.ts `recursoRoutes`), the web its menu entry, pages, permission
 * checks, list and form (apps/web/src/lib/recursos.ts, `ResourceList`, `useResourceForm`).
 */
export interface Recurso {
  /** Its name in pt-BR, the texts below are made from (declararRecurso). */
  nome?: NomeDoRecurso;
  /** Route name of the permission table: gates the menu entry, the pages and the API routes. */
  rota: RotaNome;
  /** Side menu entry. */
  menu: { rotulo: string; icone: string };
  /** Screen paths: the list (menu target), create and edit (with `:id`). */
  caminhos: { lista: string; novo?: string; editar?: string };
  /** The list and CRUD API under /api; absent for a screen with no API of its own (VAF). */
  api?: {
    /** Base path without slashes: GET {base}, GET {base}/{id}, POST {base}, PUT {base}[/{id}], DELETE {base}/{id}. */
    base: string;
    /** POST {base}/{busca}/{dir}/{field}?page&size with a filter body. */
    busca?: string;
    /** GET {base}/search?searchTerm&page&size&sort: the field the term filters. */
    buscaPorTermo?: string;
    /** One record as the API answers it (GET {base}/{id}, POST, PUT; and the list rows unless `linha` says otherwise). */
    registro: ZodType;
    /** A list row, when it differs from `registro` (e.g. a group without its permissions). */
    linha?: ZodType;
    /** Body of POST and PUT; absent: a read-only resource (no create, update or delete). */
    entrada?: ZodType;
    /** Body of the search call (empty fields do not filter). */
    filtro?: ZodType;
    /**
     * false: never deleted (no delete button, no generic DELETE route: a module may answer one itself, as the
     * municipality's 405). Deletable by default when it has `entrada`.
     */
    remover?: boolean;
    /** OpenAPI tag (defaults to the menu label). */
    tag?: string;
    /**
     * A flat resource: its rules are this declaration. The API makes its list and CRUD routes from it and
     * from the table of the same name (apps/api `lib/recurso-da-tabela.ts`), with no module files of its own.
     */
    plano?: boolean;
    /** The 409 of each unique index of its table (index name → message and the fields it names). */
    unicos?: Record<string, { mensagem: string; campos: string[] }>;
    /**
     * GET {base}/{caminho}: every record as a pick list's option, its `id` and the fields its label joins with
     * ' - ' (an empty one left out): a field `{rota}Id` of another resource's generated form picks from it.
     */
    opcoes?: { caminho: string; rotulo: readonly string[] };
  };
  /** Default sort of the list, on the server and on the screen. */
  ordem?: { campo: string; dir: SortDir };
  /**
   * The fields of its screens, in their order: with them the web app makes its list and form (apps/web
   * `pagesGeradas`), and it needs no feature folder. Each is a field of `api.entrada`.
   */
  campos?: Record<string, CampoDaTela>;
  /** What the generated list shows besides its columns (docs/adding-a-resource.md). */
  lista?: ListaDaTela;
  /** The generated form's title and toasts, when they are not the ones made from the name. */
  formulario?: FormularioDaTela;
  /** The list screen's and the API's texts (docs/produto/telas.md and docs/produto/validacao.md). */
  rotulos?: {
    /** List title. */
    titulo: string;
    /** 'Mostrando de {first} a {last} de N {plural}'. */
    plural: string;
    /** Empty list. */
    vazio: string;
    /** Toast of a failed list load ('Erro ao obter pessoa'). */
    erroObter: string;
    /** Toast of a failed delete ('Erro ao remover pessoa'). */
    erroRemover: string;
    /** 'Erro ao cadastrar {entidade}!' / 'Erro ao editar {entidade}!' of the form. */
    entidade?: string;
    /** The API's 404 ('Município não encontrado'). */
    naoEncontrado?: string;
  };
}

/**
 * A field of the screens made from a declaration: a column of the list and a field of the form. What it
 * holds comes from the input schema (`formaDoCampo`): a text (a text input, filtered as typed), a date (the
 * date input, filtered by day, shown dd/mm/aaaa), a number, an enum (a pick list of `opcoes`), or a
 * reference `{rota}Id` to a resource that declares `api.opcoes` (a pick list of its records, shown by label).
 */
export interface CampoDaTela {
  /** The form field's label, and the column's header unless `coluna` says otherwise. */
  rotulo: string;
  /** The column's header when it differs from the label ('Sigla' for 'Sigla - Estado'); false: not a column. */
  coluna?: string | false;
  /** Whether the column has a filter: by default a text's and a date's have one, other fields' none. */
  filtro?: boolean;
  /** An enum field: the label of each of its values (a yes/no column: of 'true' and 'false'). */
  opcoes?: Record<string, string>;
  /**
   * false: a column only, not a field of the form (the record's code 'Código'); such a field (and any of a
   * read-only resource) may be one of the record the list shows (`api.linha` or `api.registro`) instead of the input.
   */
  formulario?: false;
  /** The column's width ('10rem'). */
  largura?: string;
  /**
   * How the column shows its value: 'decimal' with two decimals ('1.234,50'; in the form a number with two, even when
   * its schema takes its text too), 'moeda' in reais ('R$ 1.234,50', in the form too), 'dataHora' dd/mm/aaaa hh:mm:ss
   * (filtered by day).
   */
  formato?: 'decimal' | 'moeda' | 'dataHora';
  /**
   * Its column in the printed report ('Gerar relatório'): false not printed; a text its header there when it is not the
   * list's ('Proprietário' for 'Proprietario'); true printed though not a column of the list (after the list's columns).
   */
  relatorio?: boolean | string;
  /** The list's field this column sorts and filters by, when it is not this one ('produtoGrupo' for `produtoGrupoId`). */
  campoDaLista?: string;
  /** A pick-list filter's empty choice ('Todos'; default 'Selecione'). */
  filtroVazio?: string;
  /** A text picked from the list of texts the server answers at GET /api/{opcoesDe} ('statusProduto'): a pick list in the form and the filter. */
  opcoesDe?: string;
  /** Its value in a new record's form (a package's weight 1, a status 'ATIVO'; a function: read when the form opens, today's date). */
  padrao?: string | number | boolean | (() => string);
  /** A text typed into a mask and saved without it ('cep': 99999-999 on screen, 8 digits saved). */
  mascara?: 'cep';
  /** A yes/no field of the form as a checkbox labelled `rotulo` (otherwise a pick list of the labels of true and false in `opcoes`). */
  caixa?: true;
  /** A debt number of the municipal tax system: the form's 'Dívida' field, looked up when it is left (GET {base}/divida/{numero}). */
  divida?: true;
  /** A reference picked from a list that is not its resource's `api.opcoes` (people from GET /api/pessoa/pessoaAll). */
  referencia?: ListaDeOpcoes;
  /** The column shows this field of the row, a path ('proprietarioNome', 'veiculoTipo.nome'), instead of its own value. */
  exibir?: string;
  /** The column's values right-aligned (an area among texts). */
  direita?: true;
  /** A date's years in the form's calendar ('2000:2026'), read when the form opens. */
  anos?: () => string;
}

/**
 * A pick list's records: GET /api/{caminho}, each an option of its `id` labelled by the fields of `rotulo` joined with
 * ' - ' (an empty one left out); `vazio` when there are none, `erro` the toast's title when they cannot be loaded.
 */
export interface ListaDeOpcoes {
  caminho: string;
  rotulo: readonly string[];
  vazio?: string;
  erro?: string;
}

/** The generated form's texts that differ from the ones made from the name. */
export interface FormularioDaTela {
  /** 'Nova Cotacao' / 'Editar Cotacao {id}' (the record's fields between braces). */
  titulo?: { novo: string; editar: string };
  /** The toasts' titles of a save: 'Cotacao criada!', 'Cotacao atualizada!', 'Erro ao salvar a cotacao.'. */
  mensagens?: { criado?: string; atualizado?: string; erro?: string };
}

/** The generated list's extras. */
export interface ListaDaTela {
  /** A row's name in 'Editar …' and 'Remover …', its fields as shown between braces ('Pedra {numero}'); default its first field of the form. */
  linha?: string;
  /** 'Imprimir': a report of every record's code and name, titled as the list (Rotas, Permissões). */
  imprimirCodigos?: true;
  /**
   * 'Gerar relatório': the rows on screen, a column per column of the list; `mostrando`: its subtitle 'Mostrando de … de N …';
   * `total`: below the table, 'Total: ' and the sum of that money field (`formato: 'moeda'`) over the rows printed, added in cents (the parking fees).
   */
  relatorio?: { mostrando?: true; vazio?: string; total?: string };
  /** The list's columns, in their order, when they are not every field in the fields' order (the form's first field listed third). */
  colunas?: readonly string[];
}

/** A resource's name in pt-BR: the texts of its menu, list, form and 404 are made from it. */
export interface NomeDoRecurso {
  /** 'Município' (the menu entry and the form's title). */
  singular: string;
  /** 'Municípios' (the list's title; lower case in 'Mostrando … de N municípios'). */
  plural: string;
  /** Grammatical gender: 'Nenhum município encontrado' / 'Nenhuma rota encontrada', 'Novo' / 'Nova'. */
  genero: 'm' | 'f';
}

/**
 * What a resource declares: its route name, its name, its icon and its schemas. Everything else is
 * derived by convention (below) and declared only where this resource differs.
 */
export interface DeclaracaoDeRecurso {
  rota: RotaNome;
  /** The plural may be left out for a one-word name ending in a vowel (not '-ão'): 'Bairro' → 'Bairros'. */
  nome: Omit<NomeDoRecurso, 'plural'> & { plural?: string };
  icone: string;
  /** The menu entry, when it is not the singular ('Rotas', 'Permissões'). */
  menu?: string;
  /** Paths that differ from '/{rota}', '/{rota}create' and '/{rota}/edit/:id'. */
  caminhos?: Partial<Recurso['caminhos']>;
  /**
   * The API; `base` defaults to the route name, `busca` to 'search{Base}' (false: no search route),
   * `registro` to the input's fields as saved, with `id` and `versao` (`registroDaEntrada`).
   */
  api?: Omit<NonNullable<Recurso['api']>, 'base' | 'busca' | 'registro'> & { base?: string; busca?: string | false; registro?: ZodType };
  ordem?: Recurso['ordem'];
  campos?: Recurso['campos'];
  lista?: Recurso['lista'];
  formulario?: Recurso['formulario'];
  /** Texts that differ from the ones made from `nome`. */
  rotulos?: Partial<NonNullable<Recurso['rotulos']>>;
}

/** A declared resource: the derived shape every consumer reads, with the name it was made from. */
export type RecursoDeclarado = Recurso & { nome: NomeDoRecurso; rotulos: Required<NonNullable<Recurso['rotulos']>> };

const semAcentos = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
const minuscula = (s: string) => s.toLocaleLowerCase('pt-BR');
const inicialMaiuscula = (s: string) => s.charAt(0).toLocaleUpperCase('pt-BR') + s.slice(1);

/**
 * The texts made from a name (docs/produto/validacao.md's pattern): for { singular: 'Município', plural:
 * 'Municípios', genero: 'm' } the title 'Municípios', 'municípios', 'Nenhum município encontrado',
 * 'Erro ao obter municipio', 'Erro ao remover o municipio', the form's 'municipio' and the API's
 * 'Município não encontrado'.
 */
export function rotulosDoNome(n: NomeDoRecurso): Required<NonNullable<Recurso['rotulos']>> {
  const f = n.genero === 'f';
  const entidade = semAcentos(minuscula(n.singular));
  return {
    titulo: n.plural,
    plural: minuscula(n.plural),
    vazio: `${f ? 'Nenhuma' : 'Nenhum'} ${minuscula(n.singular)} ${f ? 'encontrada' : 'encontrado'}`,
    erroObter: `Erro ao obter ${entidade}`,
    erroRemover: `Erro ao remover ${f ? 'a' : 'o'} ${entidade}`,
    entidade,
    naoEncontrado: `${inicialMaiuscula(minuscula(n.singular))} ${f ? 'não encontrada' : 'não encontrado'}`,
  };
}

/** The plural of a one-word name ending in a vowel (not '-ão'): 'Bairro' → 'Bairros'; any other name declares its own. */
export function pluralDe(rota: string, singular: string) {
  if (/^\p{L}+$/u.test(singular) && /[aeiouáéíóúâêôã]$/iu.test(singular) && !/ão$/iu.test(singular)) return `${singular}s`;
  throw new Error(`${rota}: declare o plural de '${singular}'`);
}

/** How a record answers a field of each shape. */
const SAIDA: Record<FormaDoCampo['tipo'], (f: FormaDoCampo) => ZodType> = {
  texto: () => z.string(),
  data: () => z.string(),
  inteiro: () => z.number().int(),
  numero: () => z.number(),
  opcao: (f) => z.enum(f.valores as [string, ...string[]]),
  booleano: () => z.boolean(),
};

/** A record made from an input schema: `id`, `versao` and the input's other fields as they are saved (null where left out). */
export type RegistroDaEntrada<E extends ZodType> = { id: number; versao?: number } & {
  -readonly [K in Exclude<keyof z.output<E>, 'id' | 'versao'>]-?: undefined extends z.output<E>[K] ? Exclude<z.output<E>[K], undefined> | null : z.output<E>[K];
};

/**
 * The record the API answers for a resource whose record is its input's fields: `id`, `versao`, then each
 * field of the input as it is saved (a text a string, a reference an integer, an enum its values; nullable
 * where the input may leave it out without a default). A field of another shape throws: declare `registro`.
 */
export function registroDaEntrada<E extends z.ZodObject>(entrada: E): z.ZodType<RegistroDaEntrada<E>> {
  const campos = Object.keys(entrada.shape).filter((c) => c !== 'id' && c !== 'versao');
  const saida = (campo: string) => {
    const f = formaDoCampo(entrada, campo);
    if (!f) throw new Error(`${campo}: um registro feito da entrada precisa de um campo simples; declare registro`);
    return f.nulo ? SAIDA[f.tipo](f).nullable() : SAIDA[f.tipo](f);
  };
  return z.object({ id: z.number().int(), versao: versaoRegistro, ...Object.fromEntries(campos.map((c) => [c, saida(c)])) }) as never;
}

/** The record a declared resource's API answers (`RegistroDe<typeof feriadoRecurso>`). */
export type RegistroDe<R extends { api: { registro: ZodType } }> = z.output<R['api']['registro']>;
/** What a declared resource's form edits (`EntradaDe<typeof feriadoRecurso>`). */
export type EntradaDe<R extends { api: { entrada: ZodType } }> = z.input<R['api']['entrada']>;

/**
 * What a field holds by its declaration, when its schema does not say it plainly (it reads its value from text too, a
 * union or a preprocess): a number by `formato: 'decimal'` or `'moeda'`, a whole number by `divida`, a yes/no or an
 * enum by the keys of its `opcoes`.
 */
export function formaDeclarada(c: CampoDaTela): FormaDoCampo | undefined {
  if (c.formato === 'decimal' || c.formato === 'moeda') return { tipo: 'numero', nulo: false };
  if (c.divida) return { tipo: 'inteiro', nulo: false };
  const valores = Object.keys(c.opcoes ?? {});
  if (!valores.length) return undefined;
  return valores.join() === 'true,false' ? { tipo: 'booleano', nulo: false } : { tipo: 'opcao', nulo: false, valores };
}

/**
 * A declaration's screen fields are fields of its input that a generated screen can show; a column only
 * (`formulario: false`), or any of a read-only resource, may be one of the record its list shows instead.
 */
function checarCampos(rota: string, campos: Recurso['campos'], api: Recurso['api']) {
  for (const [campo, c] of Object.entries(campos ?? {})) {
    const doRegistro = c.formulario === false || !api?.entrada;
    const f = formaDoCampo(api?.entrada, campo) ?? (doRegistro ? formaDoCampo(api?.linha ?? api?.registro, campo) : undefined) ?? formaDeclarada(c);
    if (!f) throw new Error(`${rota}: o campo ${campo} não é um campo de texto, data, número ou opção da entrada`);
    // A yes/no field is shown by the labels of 'true' and 'false' (in the form too, unless it is a checkbox).
    const valores = f.tipo === 'booleano' ? ['true', 'false'] : f.tipo === 'opcao' ? f.valores! : [];
    if (valores.some((v) => !c.opcoes?.[v])) throw new Error(`${rota}: o campo ${campo} precisa do rótulo de cada opção`);
    if ((c.caixa && f.tipo !== 'booleano') || (c.mascara && f.tipo !== 'texto') || (c.anos && f.tipo !== 'data'))
      throw new Error(`${rota}: o campo ${campo} não é do tipo que a sua caixa, máscara ou faixa de anos pede`);
  }
}

/** A declared text with fields between braces ('Pedra {numero}', 'Editar Cotacao {id}'), each given by `valor`. */
export const preencherCampos = (modelo: string, valor: (campo: string) => string) => modelo.replace(/\{(\w+)\}/g, (_, campo: string) => valor(campo));

/** 'Novo Município' / 'Editar Município': the form's title. */
export const tituloDoFormulario = (r: { nome: NomeDoRecurso }, editando: boolean) =>
  `${editando ? 'Editar' : r.nome.genero === 'f' ? 'Nova' : 'Novo'} ${r.nome.singular}`;

/**
 * A declaration, checked and completed by convention (docs/adding-a-resource.md): the menu entry is
 * the singular; the paths '/{rota}', '/{rota}create' and '/{rota}/edit/:id' (create and edit only
 * for a resource with an input schema); the API base is the route name and its search route
 * 'search{Base}'; the texts come from the name (`rotulosDoNome`). What is declared wins.
 */
export function declararRecurso<const D extends DeclaracaoDeRecurso>(d: D): RecursoDeclarado & ApiDeclarada<D> {
  const { rota, icone, api: a } = d;
  const nome: NomeDoRecurso = { ...d.nome, plural: d.nome.plural ?? pluralDe(rota, d.nome.singular) };
  const editavel = !!a?.entrada;
  const caminhos = {
    lista: `/${rota}`,
    ...(editavel ? { novo: `/${rota}create`, editar: `/${rota}/edit/:id` } : {}),
    ...d.caminhos,
  };
  let api: Recurso['api'];
  if (a) {
    const { base = rota, busca: b, registro: declarado, ...resto } = a;
    const busca = b === false ? undefined : (b ?? `search${inicialMaiuscula(base)}`);
    const registro = declarado ?? (a.entrada instanceof z.ZodObject ? registroDaEntrada(a.entrada) : undefined);
    if (!registro) throw new Error(`${rota}: declare api.registro (sem uma entrada de onde fazê-lo)`);
    api = { base, ...(busca ? { busca } : {}), registro, ...resto };
  }
  checarCampos(rota, d.campos, api);
  const semCampo = d.lista?.colunas?.find((c) => !d.campos?.[c]);
  if (semCampo) throw new Error(`${rota}: a coluna ${semCampo} da lista não é um dos campos`);
  const total = d.lista?.relatorio?.total;
  if (total && d.campos?.[total]?.formato !== 'moeda') throw new Error(`${rota}: o total do relatório (${total}) não é um campo em dinheiro`);
  const r: RecursoDeclarado = {
    rota,
    nome,
    menu: { rotulo: d.menu ?? nome.singular, icone },
    caminhos,
    ...(api ? { api } : {}),
    ...(d.ordem ? { ordem: d.ordem } : {}),
    ...(d.campos ? { campos: d.campos } : {}),
    ...(d.lista ? { lista: d.lista } : {}),
    ...(d.formulario ? { formulario: d.formulario } : {}),
    rotulos: { ...rotulosDoNome(nome), ...d.rotulos } as RecursoDeclarado['rotulos'],
  };
  if (r.caminhos.editar && !r.caminhos.editar.includes(':id')) throw new Error(`${rota}: o caminho de edição deve conter :id`);
  if (r.api && (r.api.base.startsWith('/') || r.api.base.endsWith('/'))) throw new Error(`${rota}: a base da API não leva barras`);
  registrar(r);
  return r as RecursoDeclarado & ApiDeclarada<D>;
}

/**
 * Every declared resource, in the side menu's order (the order of ROTAS): each declaration enters
 * it by being made, so a resource is listed by being exported from the package index. (A module
 * evaluated again, as in a dev server's hot reload, replaces its entry.)
 */
export const RECURSOS: readonly RecursoDeclarado[] = [];

function registrar(r: RecursoDeclarado) {
  const lista = RECURSOS as RecursoDeclarado[];
  const i = lista.findIndex((x) => x.rota === r.rota);
  if (i >= 0) lista.splice(i, 1);
  lista.splice(lista.filter((x) => ROTAS.indexOf(x.rota) < ROTAS.indexOf(r.rota)).length, 0, r);
}

/** A declared API is there, typed as declared (its schemas and tag; a record made from the input typed as such). */
type ApiDeclarada<D> = D extends { api: infer A }
  ? {
      api: NonNullable<Recurso['api']> &
        Omit<A, 'base' | 'busca'> &
        (A extends { registro: ZodType }
          ? unknown
          : A extends { entrada: infer E extends z.ZodObject }
            ? { registro: ZodType<RegistroDaEntrada<E>> }
            : unknown);
    }
  : unknown;

/** A resource's edit path for one record: '/municipio/edit/:id' → '/municipio/edit/7'. */
export const caminhoDeEdicao = (r: Pick<Recurso, 'caminhos'>, id: number | string) => r.caminhos.editar!.replace(':id', String(id));

/** The page shape of docs/produto/api.md, for a record schema (response schemas of the list routes). */
export function pageSchema<T extends ZodType>(registro: T) {
  return z.object({
    content: z.array(registro),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    totalExato: z.literal(false).optional(),
  }) satisfies ZodType<Page<z.output<T>>>;
}
