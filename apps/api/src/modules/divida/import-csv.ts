/**
 * Loads the tax system's debt export into the `dividas` table (what the default debt provider reads).
 *
 *   npm run dividas:import -- dividas.csv            imports the good lines, lists the bad ones
 *   npm run dividas:import -- dividas.csv --estrito  any bad line aborts the whole import
 *
 * CSV format:
 * - The first line is the header `numero;nomeContribuinte;valorPgto` (any order, any case; other
 *   columns are ignored).
 * - Separator ';' or ',' (whichever the header uses). Fields may be quoted ("..."; "" is a quote).
 * - numero: the debt number, digits only (up to 15).
 * - nomeContribuinte: the taxpayer's name, 1 to 200 characters.
 * - valorPgto: the amount due, not negative, at most 2 decimals: 1234.56, 1234,56, 1.234,56 or
 *   R$ 1.234,56 (with ',' as separator, quote pt-BR decimals: "1.234,56").
 * - UTF-8 (with or without BOM) or Latin-1; blank lines are skipped.
 *
 * Example:
 *   numero;nomeContribuinte;valorPgto
 *   20240001;José da Silva;1.234,56
 *   20240002;Maria Souza;80,00
 *
 * Every debt is inserted or updated by its number (upsert), all in one transaction with one audit
 * row. A number repeated in the file: the last line wins. Bad lines are reported with their line
 * number. The database is opened as the app does (DATABASE_URL, or the embedded one under DATA_DIR:
 * stop the server first, the embedded database is opened by one process at a time).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decimalBR } from '@ceasa/shared';
import { loadConfig } from '../../config';
import { openDatabase, type Db } from '../../db/client';
import { gravarDividas } from './divida.repository';

interface ResultadoImportacao {
  /** Data lines read (blank lines not counted). */
  lidas: number;
  inseridas: number;
  atualizadas: number;
  /** Lines whose number appears again further down (the later line was used). */
  repetidas: number;
  rejeitadas: { linha: number; motivo: string }[];
  /** false when nothing was written (strict mode with bad lines, or no good line). */
  gravado: boolean;
}

type Registro = { numero: number; nomeContribuinte: string; valorPgto: string };

const COLUNAS = ['numero', 'nomeContribuinte', 'valorPgto'] as const;
const VALOR_MAXIMO = 9_999_999_999.99;

/** Splits CSV text into records, each with the line number it starts on. */
function* registros(texto: string, sep: string): Generator<{ linha: number; campos: string[] }> {
  let campos: string[] = [];
  let campo = '';
  let aspas = false;
  let linha = 1;
  let inicio = 1;
  let vazio = true;
  for (let i = 0; i < texto.length; i++) {
    const c = texto[i];
    if (aspas) {
      if (c === '"') {
        if (texto[i + 1] === '"') {
          campo += '"';
          i++;
        } else aspas = false;
      } else {
        if (c === '\n') linha++;
        campo += c;
      }
      continue;
    }
    if (c === '"' && campo.trim() === '') {
      aspas = true;
      campo = '';
      vazio = false;
    } else if (c === sep) {
      campos.push(campo);
      campo = '';
      vazio = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && texto[i + 1] === '\n') i++;
      campos.push(campo);
      if (!vazio || campos.some((x) => x.trim() !== '')) yield { linha: inicio, campos };
      campos = [];
      campo = '';
      vazio = true;
      linha++;
      inicio = linha;
    } else {
      campo += c;
      if (c.trim()) vazio = false;
    }
  }
  campos.push(campo);
  if (!vazio || campos.some((x) => x.trim() !== '')) yield { linha: inicio, campos };
}

function validar(campos: string[], idx: Record<(typeof COLUNAS)[number], number>): Registro | string {
  const numero = (campos[idx.numero] ?? '').trim();
  const nome = (campos[idx.nomeContribuinte] ?? '').trim();
  const valorTexto = (campos[idx.valorPgto] ?? '').trim();
  if (!/^\d{1,15}$/.test(numero)) return `número da dívida inválido: '${numero}' (apenas dígitos, até 15)`;
  if (!nome) return 'nomeContribuinte vazio';
  if (nome.length > 200) return 'nomeContribuinte com mais de 200 caracteres';
  const valor = decimalBR(valorTexto);
  if (!valorTexto || valor === null) return `valorPgto inválido: '${valorTexto}'`;
  if (valor < 0) return `valorPgto negativo: '${valorTexto}'`;
  if (valor > VALOR_MAXIMO) return `valorPgto acima do limite: '${valorTexto}'`;
  if (Math.abs(Math.round(valor * 100) - valor * 100) > 1e-6) return `valorPgto com mais de 2 casas decimais: '${valorTexto}'`;
  return { numero: Number(numero), nomeContribuinte: nome, valorPgto: valor.toFixed(2) };
}

/**
 * Parses the CSV export and upserts it into `dividas` in one transaction.
 * Throws when the header is missing or wrong (nothing is written).
 */
export async function importarCsv(db: Db, texto: string, opts: { estrito?: boolean; usuario?: string } = {}): Promise<ResultadoImportacao> {
  texto = texto.replace(/^\uFEFF/, '');
  const primeira = texto.split(/\r?\n/, 1)[0] ?? '';
  const sep = primeira.includes(';') ? ';' : ',';
  const it = registros(texto, sep);
  const cab = it.next();
  if (cab.done) throw new Error('Arquivo vazio: esperado o cabeçalho numero;nomeContribuinte;valorPgto');
  const nomes = cab.value.campos.map((c) => c.trim().toLowerCase());
  const idx = Object.fromEntries(COLUNAS.map((c) => [c, nomes.indexOf(c.toLowerCase())])) as Record<(typeof COLUNAS)[number], number>;
  const faltando = COLUNAS.filter((c) => idx[c] < 0);
  if (faltando.length)
    throw new Error(
      `Cabeçalho inválido na linha ${cab.value.linha}: faltam as colunas ${faltando.join(', ')} (esperado numero${sep}nomeContribuinte${sep}valorPgto)`,
    );

  const porNumero = new Map<number, Registro>();
  const r: ResultadoImportacao = { lidas: 0, inseridas: 0, atualizadas: 0, repetidas: 0, rejeitadas: [], gravado: false };
  for (const { linha, campos } of it) {
    r.lidas++;
    const v = validar(campos, idx);
    if (typeof v === 'string') {
      r.rejeitadas.push({ linha, motivo: v });
      continue;
    }
    if (porNumero.has(v.numero)) {
      r.repetidas++;
      porNumero.delete(v.numero);
    }
    porNumero.set(v.numero, v);
  }
  if ((opts.estrito && r.rejeitadas.length) || porNumero.size === 0) return r;

  const todos = [...porNumero.values()];
  const gravadas = await gravarDividas(db, todos, opts.usuario ?? 'dividas:import', r.rejeitadas.length);
  r.inseridas = gravadas.inseridas;
  r.atualizadas = gravadas.atualizadas;
  r.gravado = true;
  return r;
}

/** UTF-8 when the bytes are valid UTF-8, otherwise Latin-1 (older exports). */
export function decodificar(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    return buf.toString('latin1');
  }
}

async function main(argv: string[]) {
  const estrito = argv.includes('--estrito');
  const arquivos = argv.filter((a) => !a.startsWith('--'));
  if (arquivos.length !== 1) {
    console.error('Uso: npm run dividas:import -- arquivo.csv [--estrito]');
    return 2;
  }
  // npm runs scripts from the root: a relative path is relative to where the operator typed it.
  const arquivo = path.resolve(process.env.INIT_CWD ?? process.cwd(), arquivos[0]);
  const texto = decodificar(await readFile(arquivo));
  const database = await openDatabase(loadConfig());
  try {
    const r = await importarCsv(database.db, texto, { estrito, usuario: 'dividas:import' });
    for (const x of r.rejeitadas) console.error(`linha ${x.linha}: ${x.motivo}`);
    console.log(
      `${arquivo}: ${r.lidas} linha(s) lida(s), ${r.inseridas} inserida(s), ${r.atualizadas} atualizada(s), ${r.repetidas} repetida(s), ${r.rejeitadas.length} rejeitada(s).`,
    );
    if (!r.gravado) console.log(estrito && r.rejeitadas.length ? 'Nada foi gravado (--estrito e há linhas com erro).' : 'Nada foi gravado.');
    return r.rejeitadas.length ? 1 : 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
