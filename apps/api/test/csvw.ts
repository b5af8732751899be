import { readFileSync } from 'node:fs';
import { contextPath } from 'barnard59-csvw/lib/jsonLdUtils.js';

/**
 * A validator of CSV on the Web, for the open-data files (docs/decisions/0214-validador-csvw.md: no CSVW validator
 * can be installed here). It follows the W3C Recommendations of 17 December 2015, 'Metadata Vocabulary for Tabular
 * Data' (the metadata: its properties, their types, the column references) and 'Model for Tabular Data and Metadata
 * on the Web' (sections 6.4 and 8: the CSV parsed with the metadata's dialect, the header compatible with the
 * columns' titles, each cell parsed by its column's datatype and format, `required` cells present, `primaryKey`
 * values unique). The names it knows (the prefixes of common properties, the built-in datatypes) come from the W3C
 * CSVW JSON-LD context, as barnard59-csvw keeps it.
 *
 * What it does not implement (another encoding than UTF-8, a datatype other than string, integer, decimal, date and
 * boolean, numeric patterns, length and range facets, list cells, foreign keys, transformations, a table group's
 * several tables) is an error, never silently accepted. Warnings (an unknown property, a value of the wrong type,
 * which the spec says to ignore) are returned apart; the tests ask for none.
 */

const CSVW = 'http://www.w3.org/ns/csvw';
const CONTEXTO = (JSON.parse(readFileSync(contextPath, 'utf8')) as { '@context': Record<string, unknown> })['@context'];
/** The prefixes a common property may use (dc:, schema:, …): the context's terms that name a namespace. */
const PREFIXOS = new Set(Object.entries(CONTEXTO).flatMap(([k, v]) => (typeof v === 'string' && /[#/]$/.test(v) ? [k] : [])));
/** The built-in datatypes: the context's terms for an XSD type, rdf:HTML, rdf:XMLLiteral or csvw:JSON. */
const DATATYPES = new Map(
  Object.entries(CONTEXTO).flatMap(([k, v]): [string, string][] =>
    typeof v === 'string' && /^(xsd:|rdf:HTML$|rdf:XMLLiteral$|csvw:JSON$)/.test(v) ? [[k, v]] : [],
  ),
);
/** The datatypes whose cells this validator parses, by the built-in name their base resolves to. */
const IMPLEMENTADOS = new Set(['xsd:string', 'xsd:integer', 'xsd:decimal', 'xsd:date', 'xsd:boolean']);

/** The inherited properties (metadata 5.7), allowed on a table group, a table, a schema and a column. */
const HERDADAS = ['aboutUrl', 'datatype', 'default', 'lang', 'null', 'ordered', 'propertyUrl', 'required', 'separator', 'textDirection', 'valueUrl'];
/** A datatype's length and range facets (metadata 5.11.2). */
const FACETAS = ['length', 'minLength', 'maxLength', 'minimum', 'maximum', 'minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const;
const PROPRIEDADES = {
  TableGroup: ['tables', 'dialect', 'notes', 'tableDirection', 'tableSchema', 'transformations', '@id', '@type', '@context', ...HERDADAS],
  Table: ['url', 'dialect', 'notes', 'suppressOutput', 'tableDirection', 'tableSchema', 'transformations', '@id', '@type', '@context', ...HERDADAS],
  Schema: ['columns', 'foreignKeys', 'primaryKey', 'rowTitles', '@id', '@type', ...HERDADAS],
  Column: ['name', 'suppressOutput', 'titles', 'virtual', '@id', '@type', ...HERDADAS],
  Dialect: [
    'commentPrefix',
    'delimiter',
    'doubleQuote',
    'encoding',
    'header',
    'headerRowCount',
    'lineTerminators',
    'quoteChar',
    'skipBlankRows',
    'skipColumns',
    'skipInitialSpace',
    'skipRows',
    'trim',
    '@id',
    '@type',
  ],
  Datatype: ['base', 'format', ...FACETAS, '@id', '@type'],
} as const;
type Tipo = keyof typeof PROPRIEDADES;
/** What this validator leaves unimplemented, by property: present, it is an error. */
const NAO_IMPLEMENTADAS: readonly string[] = ['separator', 'foreignKeys', 'transformations', ...FACETAS];

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Objeto = { [k: string]: Json };
const ehObjeto = (v: unknown): v is Objeto => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface ResultadoCsvw {
  erros: string[];
  avisos: string[];
  /** The data rows read (header and skipped rows apart). */
  linhas: number;
}

/** A BCP 47 language tag, as JSON-LD's @language and the natural-language properties take it. */
const IDIOMA = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;
/** A column name (metadata 5.6): a URI template variable name (RFC 6570) not starting with '_'. */
const NOME_DE_COLUNA = /^(?!_)([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(\.([A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;
const URL_ABSOLUTA = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

/** The effective dialect (model 5.9 defaults). */
interface Dialeto {
  commentPrefix: string | null;
  delimiter: string;
  doubleQuote: boolean;
  encoding: string;
  header: boolean;
  headerRowCount: number;
  lineTerminators: string[];
  quoteChar: string | null;
  skipBlankRows: boolean;
  skipColumns: number;
  skipInitialSpace: boolean;
  skipRows: number;
  trim: 'true' | 'false' | 'start' | 'end';
}

interface Coluna {
  nome: string;
  titulos: string[];
  virtual: boolean;
  /** The built-in type the datatype resolves to ('xsd:decimal'), or null when it is not one this validator reads. */
  base: string | null;
  formato: Json | undefined;
  obrigatoria: boolean;
  nulos: string[];
  padrao: string;
}

/** Checks a CSVW metadata document (a table, or a table group of one table) and the CSV it describes. */
export function validarCsvw(metadados: unknown, csv: Buffer | string): ResultadoCsvw {
  const r: ResultadoCsvw = { erros: [], avisos: [], linhas: 0 };
  const tabela = lerMetadados(metadados, r);
  if (!tabela) return r;
  if (r.erros.length) return r;
  validarTabela(tabela.colunas, tabela.chave, tabela.dialeto, csv, r);
  return r;
}

// ---------------------------------------------------------------- the metadata

function lerMetadados(doc: unknown, r: ResultadoCsvw): { colunas: Coluna[]; chave: string[]; dialeto: Dialeto } | null {
  if (!ehObjeto(doc)) {
    r.erros.push('metadata: the document must be a JSON object');
    return null;
  }
  validarContexto(doc['@context'], r);
  let tabela: Objeto = doc;
  let grupo: Objeto = {};
  if ('tables' in doc) {
    grupo = doc;
    verificarPropriedades(doc, 'TableGroup', 'metadata', r);
    const tabelas = doc.tables;
    if (!Array.isArray(tabelas) || tabelas.length === 0 || !tabelas.every(ehObjeto)) {
      r.erros.push('metadata: tables must be a non-empty array of table descriptions');
      return null;
    }
    if (tabelas.length > 1) r.erros.push('metadata: a table group of several tables is not implemented by this validator');
    tabela = tabelas[0] as Objeto;
  }
  verificarPropriedades(tabela, 'Table', 'table', r);
  if (typeof tabela.url !== 'string' || !tabela.url) r.erros.push('table: url is required and must be a string (link property)');
  else if (!URL_ABSOLUTA.test(tabela.url) && typeof doc['@context'] === 'string') r.avisos.push('table: url is relative and there is no @base');
  verificarTipo(tabela, 'Table', 'table', r);
  if ('suppressOutput' in tabela && typeof tabela.suppressOutput !== 'boolean') r.avisos.push('table: suppressOutput must be a boolean');
  if ('notes' in tabela && !Array.isArray(tabela.notes)) r.avisos.push('table: notes must be an array');

  const dialeto = lerDialeto(tabela.dialect ?? grupo.dialect, r);
  const schema = tabela.tableSchema ?? grupo.tableSchema;
  if (!ehObjeto(schema)) {
    r.erros.push(
      typeof schema === 'string' ? 'tableSchema: a schema by reference is not implemented by this validator' : 'table: tableSchema must be an object',
    );
    return null;
  }
  verificarPropriedades(schema, 'Schema', 'tableSchema', r);
  verificarTipo(schema, 'Schema', 'tableSchema', r);
  if (!Array.isArray(schema.columns)) {
    r.erros.push('tableSchema: columns must be an array of column descriptions');
    return null;
  }
  const colunas: Coluna[] = [];
  schema.columns.forEach((c, i) => {
    const onde = `column ${i + 1}`;
    if (!ehObjeto(c)) {
      r.erros.push(`${onde}: a column description must be an object`);
      return;
    }
    verificarPropriedades(c, 'Column', onde, r);
    verificarTipo(c, 'Column', onde, r);
    colunas.push(lerColuna(c, [schema, tabela, grupo], onde, r));
  });
  const nomes = colunas.map((c) => c.nome);
  for (const [i, n] of nomes.entries())
    if (n && nomes.indexOf(n) !== i) r.erros.push(`column ${i + 1}: the name '${n}' is already the name of column ${nomes.indexOf(n) + 1}`);
  const primeiraVirtual = colunas.findIndex((c) => c.virtual);
  if (primeiraVirtual >= 0 && colunas.slice(primeiraVirtual).some((c) => !c.virtual))
    r.erros.push('tableSchema: a virtual column comes before a non-virtual one');

  const chave = referenciaDeColunas(schema.primaryKey, 'primaryKey', nomes, r);
  if ('rowTitles' in schema) referenciaDeColunas(schema.rowTitles, 'rowTitles', nomes, r);
  return { colunas, chave, dialeto };
}

/** The top-level @context (metadata 5.2): the CSVW context, or it and a local context of @base and/or @language. */
function validarContexto(ctx: Json | undefined, r: ResultadoCsvw) {
  if (ctx === CSVW) return;
  if (Array.isArray(ctx) && ctx.length === 2 && ctx[0] === CSVW && ehObjeto(ctx[1])) {
    for (const [k, v] of Object.entries(ctx[1])) {
      if (k === '@base') {
        if (typeof v !== 'string') r.erros.push('@context: @base must be a string');
      } else if (k === '@language') {
        if (typeof v !== 'string' || !IDIOMA.test(v)) r.erros.push('@context: @language must be a BCP 47 language tag');
      } else r.erros.push(`@context: the local context may hold only @base and @language, not ${k}`);
    }
    return;
  }
  r.erros.push(`@context must be '${CSVW}', or an array of it and an object with @base and/or @language`);
}

/** Every property is one the spec defines for this kind of description, or a common property (metadata 5.8). */
function verificarPropriedades(o: Objeto, tipo: Tipo, onde: string, r: ResultadoCsvw) {
  for (const [k, v] of Object.entries(o)) {
    if ((PROPRIEDADES[tipo] as readonly string[]).includes(k)) {
      if (NAO_IMPLEMENTADAS.includes(k)) r.erros.push(`${onde}: ${k} is not implemented by this validator`);
      continue;
    }
    if (k.startsWith('@')) r.erros.push(`${onde}: ${k} is not allowed here`);
    else if (propriedadeComum(k)) validarValorComum(v, `${onde}: ${k}`, r);
    else r.avisos.push(`${onde}: unknown property ${k} (neither a CSVW property nor a prefixed name or absolute URL)`);
  }
  if ('@id' in o && (typeof o['@id'] !== 'string' || o['@id'].startsWith('_:'))) r.erros.push(`${onde}: @id must be a string and not a blank node`);
}

function verificarTipo(o: Objeto, tipo: Tipo, onde: string, r: ResultadoCsvw) {
  if ('@type' in o && o['@type'] !== tipo) r.erros.push(`${onde}: @type must be '${tipo}'`);
}

/** A prefixed name with a prefix of the CSVW context, or an absolute URL. */
function propriedadeComum(k: string) {
  const m = /^([A-Za-z][\w.-]*):(.*)$/.exec(k);
  if (!m) return false;
  return PREFIXOS.has(m[1]!) || (m[2]!.startsWith('//') && URL_ABSOLUTA.test(k));
}

/** The value of a common property (metadata 5.8.2): JSON-LD values and node objects, without the rest of JSON-LD. */
function validarValorComum(v: Json, onde: string, r: ResultadoCsvw): void {
  if (v === null) {
    r.erros.push(`${onde}: null is not a value`);
    return;
  }
  if (Array.isArray(v)) {
    for (const x of v) validarValorComum(x, onde, r);
    return;
  }
  if (!ehObjeto(v)) return;
  if ('@value' in v) {
    const chaves = Object.keys(v).filter((k) => k !== '@value');
    if (!['string', 'number', 'boolean'].includes(typeof v['@value'])) r.erros.push(`${onde}: @value must be a string, number or boolean`);
    if (chaves.some((k) => !['@type', '@language'].includes(k)) || chaves.length > 1)
      r.erros.push(`${onde}: a value object holds @value and at most one of @type and @language`);
    if ('@language' in v && (typeof v['@language'] !== 'string' || !IDIOMA.test(v['@language'])))
      r.erros.push(`${onde}: @language must be a BCP 47 language tag`);
    return;
  }
  for (const [k, x] of Object.entries(v)) {
    if (k === '@id') {
      if (typeof x !== 'string' || x.startsWith('_:')) r.erros.push(`${onde}: @id must be a string and not a blank node`);
    } else if (k === '@type') {
      if (typeof x !== 'string' && !(Array.isArray(x) && x.every((t) => typeof t === 'string'))) r.erros.push(`${onde}: @type must be a string or strings`);
    } else if (k.startsWith('@')) r.erros.push(`${onde}: ${k} is not allowed in a common property's value`);
    else if (propriedadeComum(k)) validarValorComum(x, `${onde} ${k}`, r);
    else r.erros.push(`${onde}: ${k} is not a prefixed name or an absolute URL`);
  }
}

/** A column reference (metadata 5.5): a column name or a non-empty array of them, each a column of the schema. */
function referenciaDeColunas(v: Json | undefined, onde: string, nomes: string[], r: ResultadoCsvw): string[] {
  if (v === undefined) return [];
  const lista = typeof v === 'string' ? [v] : Array.isArray(v) && v.length && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
  if (!lista) {
    r.erros.push(`${onde}: a column reference must be a column name or an array of them`);
    return [];
  }
  for (const n of lista) if (!nomes.includes(n)) r.erros.push(`${onde}: '${n}' is not the name of a column of the schema`);
  return lista;
}

/** A natural language property (metadata 5.1.5): a string, strings, or an object of language tags to them. */
function textosNaturais(v: Json | undefined, onde: string, r: ResultadoCsvw): string[] {
  if (v === undefined) return [];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  if (
    ehObjeto(v) &&
    Object.entries(v).every(
      ([k, x]) => (k === 'und' || IDIOMA.test(k)) && (typeof x === 'string' || (Array.isArray(x) && x.every((y) => typeof y === 'string'))),
    )
  )
    return Object.values(v).flat() as string[];
  r.avisos.push(`${onde}: titles must be a string, strings, or an object of language tags to them`);
  return [];
}

/** An inherited property's value for a column: its own, else its schema's, table's or group's (metadata 5.7). */
function herdada(c: Objeto, acima: Objeto[], k: string): Json | undefined {
  for (const o of [c, ...acima]) if (k in o) return o[k];
  return undefined;
}

function lerColuna(c: Objeto, acima: Objeto[], onde: string, r: ResultadoCsvw): Coluna {
  const virtual = c.virtual === true;
  if ('virtual' in c && typeof c.virtual !== 'boolean') r.avisos.push(`${onde}: virtual must be a boolean`);
  let nome = '';
  if (typeof c.name === 'string') {
    nome = c.name;
    if (!NOME_DE_COLUNA.test(nome)) r.erros.push(`${onde}: the name '${nome}' is not a URI template variable name, or starts with '_'`);
  } else if ('name' in c) r.avisos.push(`${onde}: name must be a string`);
  const titulos = textosNaturais(c.titles, onde, r);
  if (!nome && !titulos.length) r.erros.push(`${onde}: a column needs a name or titles`);
  nome ||= titulos[0] ? encodeURIComponent(titulos[0]) : `_col.${onde}`;

  const obrigatoria = herdada(c, acima, 'required');
  if (obrigatoria !== undefined && typeof obrigatoria !== 'boolean') r.avisos.push(`${onde}: required must be a boolean`);
  const nulo = herdada(c, acima, 'null');
  const nulos =
    nulo === undefined ? [''] : typeof nulo === 'string' ? [nulo] : Array.isArray(nulo) && nulo.every((x) => typeof x === 'string') ? (nulo as string[]) : null;
  if (!nulos) r.avisos.push(`${onde}: null must be a string or strings`);
  const padrao = herdada(c, acima, 'default');
  if (padrao !== undefined && typeof padrao !== 'string') r.avisos.push(`${onde}: default must be a string`);
  for (const k of ['aboutUrl', 'propertyUrl', 'valueUrl', 'lang', 'textDirection']) {
    const v = herdada(c, acima, k);
    if (v !== undefined && typeof v !== 'string') r.avisos.push(`${onde}: ${k} must be a string`);
  }
  const { base, formato } = lerDatatype(herdada(c, acima, 'datatype'), onde, r);
  return { nome, titulos, virtual, base, formato, obrigatoria: obrigatoria === true, nulos: nulos ?? [''], padrao: typeof padrao === 'string' ? padrao : '' };
}

/** The datatype (metadata 5.11): a built-in name, or a description with a built-in base and a format. */
function lerDatatype(d: Json | undefined, onde: string, r: ResultadoCsvw): { base: string | null; formato: Json | undefined } {
  if (d === undefined) return { base: 'xsd:string', formato: undefined };
  let nome: Json | undefined = d;
  let formato: Json | undefined;
  if (ehObjeto(d)) {
    verificarPropriedades(d, 'Datatype', `${onde}: datatype`, r);
    verificarTipo(d, 'Datatype', `${onde}: datatype`, r);
    nome = d.base ?? 'string';
    formato = d.format;
  }
  if (typeof nome !== 'string' || !DATATYPES.has(nome)) {
    r.erros.push(`${onde}: datatype ${JSON.stringify(nome)} is not a built-in datatype`);
    return { base: null, formato };
  }
  const base = DATATYPES.get(nome)!;
  if (!IMPLEMENTADOS.has(base)) {
    r.erros.push(`${onde}: datatype ${nome} is not implemented by this validator`);
    return { base: null, formato };
  }
  if (formato !== undefined) validarFormato(base, formato, `${onde}: datatype format`, r);
  return { base, formato };
}

function regexValida(f: string) {
  try {
    new RegExp(f, 'u');
    return true;
  } catch {
    return false;
  }
}

const FORMATOS_DE_DATA = [
  'yyyy-MM-dd',
  'yyyyMMdd',
  'dd-MM-yyyy',
  'd-M-yyyy',
  'MM-dd-yyyy',
  'M-d-yyyy',
  'dd/MM/yyyy',
  'd/M/yyyy',
  'MM/dd/yyyy',
  'M/d/yyyy',
  'dd.MM.yyyy',
  'd.M.yyyy',
  'MM.dd.yyyy',
  'M.d.yyyy',
];

function validarFormato(base: string, f: Json, onde: string, r: ResultadoCsvw) {
  if (base === 'xsd:string') {
    if (typeof f !== 'string') r.avisos.push(`${onde}: a string's format must be a regular expression`);
    else if (!regexValida(f)) r.erros.push(`${onde}: '${f}' is not a regular expression`);
  } else if (base === 'xsd:date') {
    if (typeof f !== 'string' || !FORMATOS_DE_DATA.includes(f))
      r.erros.push(`${onde}: ${JSON.stringify(f)} is not a date format of the spec (yyyy-MM-dd, dd/MM/yyyy, …)`);
  } else if (base === 'xsd:boolean') {
    if (typeof f !== 'string' || !/^[^|]+\|[^|]+$/.test(f)) r.erros.push(`${onde}: a boolean's format must be 'true value|false value'`);
  } else if (typeof f === 'string' || (ehObjeto(f) && 'pattern' in f)) {
    r.erros.push(`${onde}: a number pattern is not implemented by this validator`);
  } else if (!ehObjeto(f) || Object.entries(f).some(([k, v]) => !['decimalChar', 'groupChar'].includes(k) || typeof v !== 'string' || v.length !== 1)) {
    r.erros.push(`${onde}: a number format holds decimalChar and groupChar, one character each`);
  }
}

/** The dialect description (metadata 5.9) over the defaults. */
function lerDialeto(d: Json | undefined, r: ResultadoCsvw): Dialeto {
  const e: Dialeto = {
    commentPrefix: '#',
    delimiter: ',',
    doubleQuote: true,
    encoding: 'utf-8',
    header: true,
    headerRowCount: 1,
    lineTerminators: ['\r\n', '\n'],
    quoteChar: '"',
    skipBlankRows: false,
    skipColumns: 0,
    skipInitialSpace: false,
    skipRows: 0,
    trim: 'true',
  };
  if (d === undefined) return e;
  if (!ehObjeto(d)) {
    r.erros.push(typeof d === 'string' ? 'dialect: a dialect by reference is not implemented by this validator' : 'dialect must be an object');
    return e;
  }
  verificarPropriedades(d, 'Dialect', 'dialect', r);
  verificarTipo(d, 'Dialect', 'dialect', r);
  const aviso = (k: string, o: string) => r.avisos.push(`dialect: ${k} must be ${o}`);
  for (const k of ['commentPrefix', 'delimiter', 'encoding'] as const) {
    const v = d[k];
    if (v === undefined) continue;
    if (typeof v === 'string' && v !== '') e[k] = v;
    else aviso(k, 'a non-empty string');
  }
  if ('quoteChar' in d) {
    const v = d.quoteChar;
    if (v === null || (typeof v === 'string' && v.length === 1)) e.quoteChar = v;
    else aviso('quoteChar', 'one character or null');
  }
  for (const k of ['doubleQuote', 'header', 'skipBlankRows', 'skipInitialSpace'] as const) {
    const v = d[k];
    if (v === undefined) continue;
    if (typeof v === 'boolean') e[k] = v;
    else aviso(k, 'a boolean');
  }
  for (const k of ['headerRowCount', 'skipColumns', 'skipRows'] as const) {
    const v = d[k];
    if (v === undefined) continue;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) e[k] = v;
    else aviso(k, 'a non-negative integer');
  }
  if ('header' in d && !('headerRowCount' in d) && d.header === false) e.headerRowCount = 0;
  if ('lineTerminators' in d) {
    const t = d.lineTerminators;
    if (typeof t === 'string' && t) e.lineTerminators = [t];
    else if (Array.isArray(t) && t.length && t.every((x) => typeof x === 'string' && x)) e.lineTerminators = t as string[];
    else aviso('lineTerminators', 'a string or strings');
  }
  if ('trim' in d) {
    const t = d.trim;
    if (typeof t === 'boolean') e.trim = t ? 'true' : 'false';
    else if (t === 'true' || t === 'false' || t === 'start' || t === 'end') e.trim = t;
    else aviso('trim', "true, false, 'start' or 'end'");
  }
  if (!['utf-8', 'utf8'].includes(e.encoding.toLowerCase()))
    r.erros.push(`dialect: the encoding ${e.encoding} is not implemented by this validator (UTF-8 only)`);
  if (e.quoteChar !== null && e.delimiter.includes(e.quoteChar)) r.erros.push('dialect: the delimiter holds the quote character');
  return e;
}

// ---------------------------------------------------------------- the CSV

/** The rows of the file as the dialect reads them (model 8): each the cells' raw strings and where it starts. */
function lerLinhas(texto: string, d: Dialeto, r: ResultadoCsvw): { celulas: string[]; comentario: boolean; numero: number }[] {
  const linhas: { celulas: string[]; comentario: boolean; numero: number }[] = [];
  const escape = d.doubleQuote ? d.quoteChar : '\\';
  const terminadores = [...d.lineTerminators].sort((a, b) => b.length - a.length);
  let i = 0;
  let numero = 1;
  while (i < texto.length) {
    const inicio = numero;
    const comentario = d.commentPrefix !== null && texto.startsWith(d.commentPrefix, i);
    const celulas: string[] = [];
    let celula = '';
    let entreAspas = false;
    let fim = false;
    while (i < texto.length && !fim) {
      const ch = texto[i]!;
      if (entreAspas) {
        if (escape !== null && ch === escape && texto[i + 1] === d.quoteChar) {
          celula += d.quoteChar;
          i += 2;
        } else if (ch === d.quoteChar) {
          entreAspas = false;
          i += 1;
        } else {
          if (ch === '\n') numero += 1;
          celula += ch;
          i += 1;
        }
        continue;
      }
      const terminador = terminadores.find((t) => texto.startsWith(t, i));
      if (terminador) {
        i += terminador.length;
        numero += 1;
        fim = true;
      } else if (texto.startsWith(d.delimiter, i)) {
        celulas.push(celula);
        celula = '';
        i += d.delimiter.length;
      } else if (d.quoteChar !== null && ch === d.quoteChar && !comentario) {
        if (celula.trim() !== '') r.erros.push(`row at line ${inicio}: a quote inside an unquoted cell`);
        entreAspas = true;
        i += 1;
      } else {
        celula += ch;
        i += 1;
      }
    }
    if (entreAspas) r.erros.push(`row at line ${inicio}: a quoted cell is not closed`);
    celulas.push(celula);
    linhas.push({ celulas: celulas.map((c) => aparar(c, d)), comentario, numero: inicio });
  }
  return linhas;
}

function aparar(c: string, d: Dialeto) {
  const t = d.skipInitialSpace && d.trim === 'false' ? 'start' : d.trim;
  return t === 'true' ? c.trim() : t === 'start' ? c.trimStart() : t === 'end' ? c.trimEnd() : c;
}

function validarTabela(colunas: Coluna[], chave: string[], d: Dialeto, csv: Buffer | string, r: ResultadoCsvw) {
  let texto: string;
  try {
    texto = typeof csv === 'string' ? csv : new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(csv);
  } catch {
    r.erros.push('file: not UTF-8');
    return;
  }
  texto = texto.replace(/^\uFEFF/, '');
  const linhas = lerLinhas(texto, d, r).slice(d.skipRows);
  const reais = colunas.filter((c) => !c.virtual);

  let resto = linhas;
  if (d.header) {
    const cabecalhos = resto.filter((l) => !l.comentario).slice(0, d.headerRowCount);
    const ultima = cabecalhos.at(-1);
    resto = ultima ? resto.slice(resto.indexOf(ultima) + 1) : [];
    if (cabecalhos.length < d.headerRowCount) r.erros.push('file: fewer header rows than headerRowCount');
    for (const h of cabecalhos) {
      const titulos = h.celulas.slice(d.skipColumns);
      if (titulos.length !== reais.length) r.erros.push(`header: ${titulos.length} columns, the metadata describes ${reais.length}`);
      // Compatible (model 5.5.1): the header's title is one of the column's titles (its name, when it has none).
      titulos.forEach((t, i) => {
        const c = reais[i];
        const esperados = c?.titulos.length ? c.titulos : [c?.nome];
        if (c && !esperados.includes(t))
          r.erros.push(`header: column ${i + 1} is '${t}', not a title of '${c.nome}' (${esperados.map((x) => `'${x}'`).join(', ')})`);
      });
    }
  }

  const vistas = new Map<string, number>();
  const indicesDaChave = chave.map((n) => reais.findIndex((c) => c.nome === n));
  for (const l of resto) {
    if (l.comentario) continue;
    const celulas = l.celulas.slice(d.skipColumns);
    if (d.skipBlankRows && celulas.every((c) => c === '')) continue;
    r.linhas += 1;
    const onde = `row at line ${l.numero}`;
    if (celulas.length !== reais.length) r.erros.push(`${onde}: ${celulas.length} cells, the metadata describes ${reais.length} columns`);
    const valores = reais.map((c, i) => valorDaCelula(celulas[i] ?? '', c, `${onde}, column '${c.nome}'`, r));
    if (chave.length && indicesDaChave.every((i) => i >= 0)) {
      const k = JSON.stringify(indicesDaChave.map((i) => valores[i]));
      if (vistas.has(k)) r.erros.push(`${onde}: primaryKey (${chave.join(', ')}) ${k} repeats the row at line ${vistas.get(k)}`);
      else vistas.set(k, l.numero);
    }
  }
}

/** A cell's value (model 6.4): the default for an empty string, null for a null string, else parsed by its datatype. */
function valorDaCelula(bruto: string, c: Coluna, onde: string, r: ResultadoCsvw): string | null {
  const s = bruto === '' ? c.padrao : bruto;
  if (c.nulos.includes(s)) {
    if (c.obrigatoria) r.erros.push(`${onde}: the column is required and the cell is empty`);
    return null;
  }
  if (c.base === null) return s;
  const erro = erroDoValor(s, c.base, c.formato);
  if (erro) r.erros.push(`${onde}: '${s}' ${erro}`);
  return s;
}

function erroDoValor(s: string, base: string, formato: Json | undefined): string | null {
  switch (base) {
    case 'xsd:string':
      return typeof formato === 'string' && !new RegExp(`^(?:${formato})$`, 'u').test(s) ? `does not match the format ${formato}` : null;
    case 'xsd:boolean': {
      const [v, f] = typeof formato === 'string' ? formato.split('|') : ['', ''];
      return (typeof formato === 'string' ? [v, f] : ['true', 'false', '1', '0']).includes(s) ? null : 'is not a boolean';
    }
    case 'xsd:integer':
    case 'xsd:decimal': {
      const f = ehObjeto(formato) ? formato : {};
      const decimal = typeof f.decimalChar === 'string' ? f.decimalChar : '.';
      const grupo = typeof f.groupChar === 'string' ? f.groupChar : null;
      const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const inteiro = grupo ? `\\d{1,3}(?:${esc(grupo)}\\d{3})*|\\d+` : '\\d+';
      const numero = base === 'xsd:integer' ? `^[+-]?(?:${inteiro})$` : `^[+-]?(?:(?:${inteiro})(?:${esc(decimal)}\\d*)?|${esc(decimal)}\\d+)$`;
      return new RegExp(numero).test(s) ? null : `is not ${base === 'xsd:integer' ? 'an integer' : 'a decimal'}`;
    }
    case 'xsd:date': {
      const f = typeof formato === 'string' ? formato : null;
      let ano: number, mes: number, dia: number;
      if (f === null) {
        const m = /^(-?\d{4,})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/.exec(s);
        if (!m) return 'is not an xsd:date (yyyy-mm-dd)';
        [ano, mes, dia] = [Number(m[1]), Number(m[2]), Number(m[3])];
      } else {
        const partes = /^(y+|d+|M+)(\W?)(y+|d+|M+)\2(y+|d+|M+)$/.exec(f)!;
        const ordem = [partes[1]!, partes[3]!, partes[4]!];
        const grupo = (p: string) => (p === 'yyyy' ? '(\\d{4})' : p.length === 2 ? '(\\d{2})' : '(\\d{1,2})');
        const m = new RegExp(`^${ordem.map(grupo).join(partes[2] ? `\\${partes[2]}` : '')}$`).exec(s);
        if (!m) return `does not match the date format ${f}`;
        const v = (letra: string) => Number(m[ordem.findIndex((p) => p[0] === letra) + 1]);
        [ano, mes, dia] = [v('y'), v('M'), v('d')];
      }
      const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
      return mes >= 1 && mes <= 12 && dia >= 1 && dia <= ultimo ? null : 'is not a day of the calendar';
    }
    default:
      return `has the datatype ${base}, which this validator does not read`;
  }
}
