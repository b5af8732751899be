import { describe, expect, it } from 'vitest';
import { validarCsvw } from './csvw';

/**
 * The CSVW validator of the open-data tests (test/csvw.ts, decision 0214), on a small table like ours: it accepts a
 * valid file, and each of its checks refuses a file or metadata that breaks it, so none can pass by checking nothing.
 */
type Metadados = Record<string, unknown> & { tableSchema: { columns: Record<string, unknown>[]; primaryKey?: unknown }; dialect: Record<string, unknown> };

const metadados = (): Metadados => ({
  '@context': ['http://www.w3.org/ns/csvw', { '@language': 'pt-BR' }],
  url: 'https://ceasa.exemplo.gov.br/api/publico/exemplo?data=2026-03-02&formato=csv',
  'dc:title': 'Exemplo',
  'dc:license': { '@id': 'https://creativecommons.org/licenses/by/4.0/deed.pt-br' },
  dialect: { delimiter: ';', encoding: 'utf-8', header: true, headerRowCount: 1, lineTerminators: ['\r\n', '\n'], doubleQuote: true, trim: false },
  tableSchema: {
    columns: [
      { name: 'produtoId', titles: 'produtoId', datatype: 'integer', required: true },
      { name: 'produtoNome', titles: 'produtoNome', 'dc:description': 'Nome do produto', datatype: 'string', required: true },
      { name: 'valor', titles: 'valor', datatype: 'decimal', 'schema:unitText': 'R$ por embalagem' },
      { name: 'data', titles: 'data', datatype: 'date' },
    ],
    primaryKey: 'produtoId',
  },
});
/** Metadata changed in one place: a column's property, a column replaced, the schema's or the dialect's property. */
const naColuna = (i: number, k: string, v: unknown) => (m: Metadados) => {
  m.tableSchema.columns[i]![k] = v;
  return m;
};
const coluna = (i: number, c: Record<string, unknown>) => (m: Metadados) => {
  m.tableSchema.columns[i] = c;
  return m;
};
const noEsquema = (k: string, v: unknown) => (m: Metadados) => ({ ...m, tableSchema: { ...m.tableSchema, [k]: v } });
const noDialeto = (k: string, v: unknown) => (m: Metadados) => ({ ...m, dialect: { ...m.dialect, [k]: v } });

/** One of the validator's messages says what `padrao` matches (all of them shown when none does). */
const dizAlgum = (mensagens: string[], padrao: RegExp) =>
  expect(
    mensagens.some((m) => padrao.test(m)),
    mensagens.join('\n'),
  ).toBe(true);

const CABECALHO = 'produtoId;produtoNome;valor;data';
/** The open-data CSV: BOM, ';', CRLF, a quoted cell holding the delimiter and a doubled quote, an empty cell. */
const csv = (...linhas: string[]) => `\uFEFF${[CABECALHO, ...linhas].join('\r\n')}\r\n`;
const LINHAS = ['1;"Tomate; Italiano";12.5;2026-03-02', '2;"Alface ""Crespa""";;2026-03-02', '3;Coco;-0.75;2026-02-28'];

describe('the CSVW validator of the tests', () => {
  it('accepts a valid table: quoted cells, an empty cell that may be empty, the final line end', () => {
    expect(validarCsvw(metadados(), csv(...LINHAS))).toEqual({ erros: [], avisos: [], linhas: 3 });
    expect(validarCsvw(metadados(), Buffer.from(csv(...LINHAS)))).toEqual({ erros: [], avisos: [], linhas: 3 });
    // A table group of that one table, and a number format with a decimal comma.
    const { '@context': _contexto, ...tabela } = naColuna(2, 'datatype', { base: 'decimal', format: { decimalChar: ',' } })(metadados());
    expect(validarCsvw({ '@context': 'http://www.w3.org/ns/csvw', tables: [tabela] }, csv('1;Tomate;12,5;2026-03-02'))).toEqual({
      erros: [],
      avisos: [],
      linhas: 1,
    });
  });

  const casosDosMetadados: [string, (m: Metadados) => unknown, RegExp][] = [
    ['a @context other than CSVW’s', (m) => ({ ...m, '@context': 'https://schema.org' }), /^@context must be/],
    [
      'a local context with more than @base and @language',
      (m) => ({ ...m, '@context': ['http://www.w3.org/ns/csvw', { '@vocab': 'x' }] }),
      /only @base and @language/,
    ],
    ['a bad @language', (m) => ({ ...m, '@context': ['http://www.w3.org/ns/csvw', { '@language': 'pt BR' }] }), /BCP 47/],
    ['no url', (m) => ({ ...m, url: undefined }), /^table: url is required/],
    ['columns that are not an array', noEsquema('columns', {}), /columns must be an array/],
    ['a column with neither name nor titles', coluna(1, { datatype: 'string' }), /needs a name or titles/],
    ['a column name starting with _', naColuna(0, 'name', '_id'), /'_id' is not a URI template variable name/],
    ['a column name with a space', naColuna(0, 'name', 'produto id'), /not a URI template variable name/],
    ['two columns of one name', naColuna(3, 'name', 'valor'), /column 4: the name 'valor' is already the name of column 3/],
    ['a datatype that is not built in', naColuna(2, 'datatype', 'numero'), /"numero" is not a built-in datatype/],
    ['a datatype it does not read', naColuna(2, 'datatype', 'double'), /datatype double is not implemented/],
    ['a range facet it does not check', naColuna(2, 'datatype', { base: 'decimal', minimum: 0 }), /minimum is not implemented/],
    ['a date format outside the spec', naColuna(3, 'datatype', { base: 'date', format: 'yyyy/MM' }), /not a date format of the spec/],
    ['a primaryKey naming no column', noEsquema('primaryKey', ['produtoId', 'codigo']), /primaryKey: 'codigo' is not the name of a column/],
    [
      'a common property with JSON-LD it does not allow',
      (m) => ({ ...m, 'dc:license': { '@list': ['x'] } }),
      /@list is not allowed in a common property's value/,
    ],
    ['an encoding other than UTF-8', noDialeto('encoding', 'iso-8859-1'), /encoding iso-8859-1 is not implemented/],
    ['list cells', naColuna(1, 'separator', ','), /separator is not implemented/],
  ];
  it.each(casosDosMetadados)('refuses metadata with %s', (_, estraga, erro) => {
    dizAlgum(validarCsvw(estraga(metadados()), csv(...LINHAS)).erros, erro);
  });

  const avisos: [string, (m: Metadados) => unknown, RegExp][] = [
    ['a property CSVW does not define', naColuna(0, 'descricao', 'x'), /unknown property descricao/],
    ['a prefix the CSVW context does not know', (m) => ({ ...m, 'ceasa:fonte': 'x' }), /unknown property ceasa:fonte/],
    ['required that is not a boolean', naColuna(0, 'required', 'sim'), /required must be a boolean/],
    ['titles that are not text', naColuna(0, 'titles', 7), /titles must be/],
    ['a delimiter that is not a string', noDialeto('delimiter', 59), /dialect: delimiter must be a non-empty string/],
    ['a header that is not a boolean', noDialeto('header', 'sim'), /dialect: header must be a boolean/],
  ];
  it.each(avisos)('warns of %s (the spec ignores it; the tests ask for no warning)', (_, estraga, aviso) => {
    dizAlgum(validarCsvw(estraga(metadados()), csv(...LINHAS)).avisos, aviso);
  });

  const casosDoArquivo: [string, string | Buffer, RegExp][] = [
    [
      'a header in another order',
      `\uFEFFprodutoNome;produtoId;valor;data\r\n${LINHAS[0]}\r\n`,
      /header: column 1 is 'produtoNome', not a title of 'produtoId'/,
    ],
    ['a header with a column missing', `\uFEFFprodutoId;produtoNome;valor\r\n1;Tomate;1\r\n`, /header: 3 columns, the metadata describes 4/],
    ['a row with a cell more', csv('1;Tomate;12.5;2026-03-02;x'), /row at line 2: 5 cells, the metadata describes 4 columns/],
    ['a decimal with a comma', csv('1;Tomate;"12,5";2026-03-02'), /column 'valor': '12,5' is not a decimal/],
    ['a decimal in words', csv('1;Tomate;doze;2026-03-02'), /'doze' is not a decimal/],
    ['an integer with decimals', csv('1.5;Tomate;12.5;2026-03-02'), /column 'produtoId': '1.5' is not an integer/],
    ['a date as the screens write it', csv('1;Tomate;12.5;02/03/2026'), /'02\/03\/2026' is not an xsd:date/],
    ['a day that does not exist', csv('1;Tomate;12.5;2026-02-29'), /'2026-02-29' is not a day of the calendar/],
    ['a required cell empty', csv('1;;12.5;2026-03-02'), /row at line 2, column 'produtoNome': the column is required and the cell is empty/],
    ['a primary key repeated', csv(LINHAS[0]!, '1;Outro;1;2026-03-02'), /row at line 3: primaryKey \(produtoId\) \["1"\] repeats the row at line 2/],
    ['a quoted cell not closed', csv('1;"Tomate;12.5;2026-03-02'), /quoted cell is not closed/],
    ['a quote inside an unquoted cell', csv('1;Tom"ate;12.5;2026-03-02'), /a quote inside an unquoted cell/],
    ['bytes that are not UTF-8', Buffer.concat([Buffer.from(`${CABECALHO}\r\n1;`), Buffer.from([0xe7]), Buffer.from(';1;2026-03-02\r\n')]), /file: not UTF-8/],
  ];
  it.each(casosDoArquivo)('refuses a file with %s', (_, arquivo, erro) => {
    dizAlgum(validarCsvw(metadados(), arquivo).erros, erro);
  });

  it('reads the dialect it is given: trim off keeps spaces (then not a number), another delimiter, a string format', () => {
    expect(validarCsvw(metadados(), csv('1;Tomate; 12.5;2026-03-02')).erros).toEqual([expect.stringContaining("' 12.5' is not a decimal")]);
    expect(validarCsvw(noDialeto('delimiter', ',')(metadados()), `${CABECALHO.replace(/;/g, ',')}\n1,"Tomate, Italiano",12.5,2026-03-02\n`)).toEqual({
      erros: [],
      avisos: [],
      linhas: 1,
    });
    const ibge = naColuna(1, 'datatype', { base: 'string', format: '\\d{7}' })(metadados());
    expect(validarCsvw(ibge, csv('1;3536505;1;2026-03-02')).erros).toEqual([]);
    expect(validarCsvw(ibge, csv('1;353650;1;2026-03-02')).erros).toEqual([expect.stringContaining("'353650' does not match the format \\d{7}")]);
  });
});
