import { Readable } from 'node:stream';
import rdf from '@rdfjs/dataset';
import type { Quad } from '@rdfjs/types';
import CsvwParser from '@zazuko/rdf-parser-csvw';
import documentLoader from 'barnard59-csvw/lib/jsonLdUtils.js';
import { JsonLdParser } from 'jsonld-streaming-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ARQUIVOS_DADOS_ABERTOS,
  METODOLOGIA_MSG,
  cotacaoAbertaLinha,
  cotacaoProdutoLinha,
  enderecosDoArquivo,
  estatisticaLinha,
  movimentoAbertoLinha,
  prohortLinha,
} from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { validarCsvw } from '../../../test/csvw';
import { inserirGrupo, inserirLojaComItens, inserirMunicipio, inserirPessoa, inserirPreco, inserirProduto } from '../../../test/fabricas';
import { METODOLOGIA_PADRAO } from './catalogo-dados.repository';

/**
 * Decisions 0195 and 0214: the open data described, its CSV-on-the-Web metadata (read by a CSVW
 * parser, and every CSV with its metadata checked by the CSVW validator of test/csvw.ts) and the methodology text.
 */
const BASE = 'https://ceasa.exemplo.gov.br';
const t = appDeTeste({ config: { publicUrl: BASE, municipioIbge: '3536505' } });
const DIA = '2026-11-26';

/**
 * A day and a month with rows in every file: two groups priced that day, one product sold by the unit (Prohort's
 * 'UN') whose name needs quoting in a CSV, an arrival from Cristalina/GO. Empty cells: no previous day to compare
 * with (cotacao-produtos), the month's totals (estatisticas).
 */
beforeAll(async () => {
  const grupo = await inserirGrupo(t.app, 'Batata CSVW', 'SC 50kg');
  const batata = await inserirProduto(t.app, grupo, 'Batata Lavada', { embalagem: 'SC 50kg', peso: 50 });
  await inserirPreco(t.app, batata, DIA, '120.50');
  await inserirPreco(t.app, batata, DIA, '130');
  const alface = await inserirProduto(t.app, await inserirGrupo(t.app, 'Folhas CSVW', 'CX'), 'Alface "Crespa"; roxa', { embalagem: 'CX 12un', peso: 6 });
  await inserirPreco(t.app, alface, DIA, 24);
  await inserirLojaComItens(t.app, await inserirPessoa(t.app, 'Lojista CSVW', 3), DIA, [[batata, 12, await inserirMunicipio(t.app, 'Cristalina', 'GO')]]);
});

/** The JSON-LD of a metadata document as RDF quads, read with the W3C CSVW context kept in barnard59-csvw (offline). */
async function quadsDoJsonLd(doc: unknown, baseIRI: string): Promise<Quad[]> {
  const parser = new JsonLdParser({ documentLoader, baseIRI, strictValues: true, validateValueIndexes: true });
  const quads: Quad[] = [];
  await new Promise<void>((resolve, reject) => {
    parser.on('data', (q: Quad) => quads.push(q));
    parser.on('error', reject);
    parser.on('end', resolve);
    parser.write(JSON.stringify(doc));
    parser.end();
  });
  return quads;
}

/** The CSV read through its CSVW metadata by a CSV-on-the-Web parser: the RDF of its cells. */
async function quadsDoCsv(csv: string, metadados: Quad[], baseIRI: string): Promise<Quad[]> {
  const parser = new CsvwParser({ metadata: rdf.dataset(metadados), baseIRI, timezone: 'UTC' });
  const quads: Quad[] = [];
  const saida = parser.import(Readable.from([csv]));
  await new Promise<void>((resolve, reject) => {
    saida.on('data', (q: Quad) => quads.push(q));
    saida.on('error', reject);
    saida.on('end', resolve);
  });
  return quads;
}

const XSD = 'http://www.w3.org/2001/XMLSchema#';

describe('dados abertos descritos', () => {
  it('declares each file’s columns in the order of its answer; a column always filled is never null there', () => {
    const linhas: Record<string, z.ZodObject> = {
      cotacao: cotacaoAbertaLinha,
      movimento: movimentoAbertoLinha,
      'cotacao-produtos': cotacaoProdutoLinha,
      prohort: prohortLinha,
      estatisticas: estatisticaLinha,
    };
    expect(ARQUIVOS_DADOS_ABERTOS.filter((a) => a.csv).map((a) => a.id)).toEqual(Object.keys(linhas));
    for (const a of ARQUIVOS_DADOS_ABERTOS.filter((x) => x.csv)) {
      const linha = linhas[a.id]!;
      expect(a.colunas.map((c) => c.nome)).toEqual(Object.keys(linha.shape));
      for (const c of a.colunas.filter((x) => x.obrigatoria)) expect(linha.shape[c.nome]!.safeParse(null).success, `${a.id}.${c.nome}`).toBe(false);
      for (const k of a.chave ?? []) expect(a.colunas.find((c) => c.nome === k)?.obrigatoria, `${a.id}: key ${k}`).toBe(true);
    }
  });

  it('lists every public file with its columns, units, frequency, licence (CC BY 4.0 by default) and methodology', async () => {
    const r = await call(t.app, null, { method: 'GET', url: '/api/publico/dados-abertos', headers: { host: 'malicioso.exemplo' } });
    expect(r.status).toBe(200);
    expect(r.body.licenca).toEqual({
      id: 'CC-BY-4.0',
      nome: 'Creative Commons Atribuição 4.0 Internacional (CC BY 4.0)',
      url: 'https://creativecommons.org/licenses/by/4.0/deed.pt-br',
    });
    expect(r.body.endereco).toBe(BASE);
    expect(r.body.metodologia).toEqual({ texto: METODOLOGIA_PADRAO, alteradoEm: null });
    expect(r.body.arquivos.map((a: { caminho: string }) => a.caminho)).toEqual(ARQUIVOS_DADOS_ABERTOS.map((a) => a.caminho));
    const cotacao = r.body.arquivos.find((a: { id: string }) => a.id === 'cotacao');
    expect(cotacao.frequencia).toBe('Diária, em cada dia de mercado');
    expect(cotacao.colunas.find((c: { nome: string }) => c.nome === 'valorKgMedio')).toEqual({
      nome: 'valorKgMedio',
      descricao: 'Preço médio por kg',
      tipo: 'decimal',
      unidade: 'R$ por kg',
    });
  });

  it('lets only the super-admin change the methodology, audited; a refusal changes nothing', async () => {
    const negado = await call(t.app, t.userAdmin, { method: 'PUT', url: '/api/dados-abertos/metodologia', payload: { texto: 'Outra' } });
    expect(negado.status).toBe(403);
    expect(negado.body.message).toMatch(/^Você não tem permissão/);
    expect((await call(t.app, null, { method: 'PUT', url: '/api/dados-abertos/metodologia', payload: { texto: 'Outra' } })).status).toBe(401);
    const vazio = await call(t.app, t.admin, { method: 'PUT', url: '/api/dados-abertos/metodologia', payload: { texto: '  ' } });
    expect(vazio.status).toBe(400);
    expect(vazio.body.fieldErrors).toEqual([{ field: 'texto', message: METODOLOGIA_MSG.obrigatoria }]);
    expect(await countRows(t.app, 'textos_publicos')).toBe(0);

    const texto = 'Preços levantados às 6h junto a 30 atacadistas, por produto e embalagem.';
    const ok = await call(t.app, t.admin, { method: 'PUT', url: '/api/dados-abertos/metodologia', payload: { texto } });
    expect(ok.status).toBe(200);
    expect(ok.body.texto).toBe(texto);
    expect((await call(t.app, null, { method: 'GET', url: '/api/publico/dados-abertos' })).body.metodologia.texto).toBe(texto);
    expect(await countRows(t.app, `logs WHERE cadastro = 'MetodologiaDadosAbertos' AND acao = 'INSERT'`)).toBe(1);
  });

  it('links each CSV to its CSV-on-the-Web metadata, which the CSVW context and parser read into typed cells', async () => {
    for (const [url, linhas] of [
      [`/api/publico/cotacao?data=${DIA}&formato=csv`, 2],
      ['/api/publico/movimento?mes=2026-11&formato=csv', 1],
    ] as const) {
      const csv = await t.app.inject({ method: 'GET', url, headers: { host: 'malicioso.exemplo' } });
      expect(csv.statusCode).toBe(200);
      const link = String(csv.headers.link);
      const m = /^<([^>]+)>; rel="describedby"; type="application\/csvm\+json"$/.exec(link);
      expect(m, link).not.toBeNull();
      expect(m![1].startsWith(`${BASE}/api/publico/`)).toBe(true);
      const meta = await t.app.inject({ method: 'GET', url: m![1].slice(BASE.length) });
      expect(meta.statusCode).toBe(200);
      expect(meta.headers['content-type']).toBe('application/csvm+json; charset=utf-8');
      const doc = JSON.parse(meta.body);
      // The metadata describes this very file (CSVW: its url is the CSV's), and its columns are the CSV's header.
      expect(doc.url).toBe(`${BASE}${url}`);
      const cabecalho = csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        .split(';');
      expect(doc.tableSchema.columns.map((c: { titles: string }) => c.titles)).toEqual(cabecalho);

      const metadados = await quadsDoJsonLd(doc, `${BASE}${url}`);
      expect(metadados.some((q) => q.predicate.value === 'http://www.w3.org/ns/csvw#tableSchema')).toBe(true);
      const quads = await quadsDoCsv(csv.body, metadados, `${BASE}${url}`);
      // One csvw:Row per line of the file; every cell went to a declared column (none the metadata does not name) with its type.
      expect(quads.filter((q) => q.object.value === 'http://www.w3.org/ns/csvw#Row')).toHaveLength(linhas);
      const celulas = quads.filter((q) => q.predicate.value.startsWith(`${BASE}${url}#`));
      const declaradas = new Map(doc.tableSchema.columns.map((c: { name: string; datatype: string }) => [`${BASE}${url}#${c.name}`, c.datatype]));
      expect(celulas.length).toBe(linhas * doc.tableSchema.columns.length);
      for (const q of celulas) {
        expect(declaradas.has(q.predicate.value), q.predicate.value).toBe(true);
        const tipo = declaradas.get(q.predicate.value) as string;
        expect(q.object.termType === 'Literal' && q.object.datatype.value).toBe(`${XSD}${tipo}`);
        if (tipo === 'decimal') expect(q.object.value).toMatch(/^-?\d+(\.\d+)?$/);
        if (tipo === 'integer') expect(q.object.value).toMatch(/^-?\d+$/);
        if (tipo === 'date') expect(q.object.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      const minimos = celulas.filter((q) => q.predicate.value.endsWith('#valorMinimo')).map((q) => q.object.value);
      expect(minimos).toContain('120.5');
    }
  });

  it('every CSV of /dados-abertos, with the metadata its Link header names, passes the CSVW validator', async () => {
    const catalogo = (await call(t.app, null, { method: 'GET', url: '/api/publico/dados-abertos' })).body as { arquivos: typeof ARQUIVOS_DADOS_ABERTOS };
    const arquivos = catalogo.arquivos.filter((a) => a.csv);
    expect(arquivos.map((a) => a.id)).toEqual(['cotacao', 'movimento', 'cotacao-produtos', 'prohort', 'estatisticas']);
    for (const a of arquivos) {
      const { csv: endereco } = enderecosDoArquivo(a, BASE, { data: DIA, mes: DIA.slice(0, 7) });
      const csv = await t.app.inject({ method: 'GET', url: endereco!.slice(BASE.length) });
      expect(csv.statusCode, a.id).toBe(200);
      expect(csv.headers['content-type'], a.id).toMatch(/^text\/csv/);
      const link = /^<([^>]+)>; rel="describedby"; type="application\/csvm\+json"$/.exec(String(csv.headers.link));
      expect(link, a.id).not.toBeNull();
      const meta = await t.app.inject({ method: 'GET', url: link![1].slice(BASE.length) });
      expect(meta.statusCode, a.id).toBe(200);
      const doc = JSON.parse(meta.body);
      expect(doc.url, a.id).toBe(endereco);
      const resultado = validarCsvw(doc, csv.rawPayload);
      expect({ id: a.id, erros: resultado.erros, avisos: resultado.avisos }).toEqual({ id: a.id, erros: [], avisos: [] });
      // Not vacuous: the validator read the day's or month's rows, and the metadata declares what it checked.
      expect(resultado.linhas, a.id).toBeGreaterThan(0);
      expect(
        doc.tableSchema.columns.some((c: { required?: boolean }) => c.required),
        a.id,
      ).toBe(true);
    }
  });
});
