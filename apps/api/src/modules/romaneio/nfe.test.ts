import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { completarDocumento, formatChaveNfe, montarChaveNfe, NFE_MSG } from '@ceasa/shared';
import { appDeTeste, call } from '../../../test/helpers';
import { inserirGrupo, inserirProduto, inserirProdutorComColheita } from '../../../test/fabricas';

/* The producer's NF-e keys at the gate: on the embedded database and on PostgreSQL (unique values). */

const t = appDeTeste({ tokens: ['admin'] });
const QUI = '2026-11-26';
const SEG = '2026-11-30';
/** Unique per run: debts and invoice numbers never met in a shared database. */
const base = Math.floor(Date.now() / 1000) % 100_000_000;
let seq = 0;
const novaDivida = () => 7_000_000_000 + base * 10 + ++seq;
const novoNumero = () => (base * 7 + ++seq * 13) % 999_999_999;

let produtor: number;
let cpf: string;
let tomate: number;
let bi: number;

beforeAll(async () => {
  const grupo = await inserirGrupo(t.app, `Hortaliças NF-e ${base}`);
  tomate = await inserirProduto(t.app, grupo, `Tomate NF-e ${base}`);
  const p = await inserirProdutorComColheita(t.app, tomate, { produtor: `Lavrador NF-e ${base}`, municipio: `Imperatriz NF-e ${base}` });
  produtor = p.produtor;
  bi = p.item;
  cpf = String((await t.app.ctx.db.execute(sql`SELECT cpfcnpj FROM pessoa WHERE id = ${produtor}`)).rows[0].cpfcnpj);
});

const chave = (o: { emitente?: string; mes?: number; cUF?: string; modelo?: string } = {}) =>
  montarChaveNfe({ ano: 2026, mes: o.mes ?? 11, emitente: o.emitente ?? cpf, numero: novoNumero(), cUF: o.cUF, modelo: o.modelo });
const romaneio = (o: Record<string, unknown> = {}) => ({
  dataEmissao: QUI,
  divida: novaDivida(),
  pessoaId: produtor,
  itens: [{ produtoId: tomate, quantidade: 10, boletimItensId: bi }],
  // This file's producer enters several romaneios a day, over his bulletin's balance: those questions (perguntas.test.ts) confirmed.
  confirmar: ['romaneioNoDia', 'saldoBoletim'],
  ...o,
});
const post = (corpo: unknown[]) => call(t.app, t.admin, { method: 'POST', url: '/api/romaneio', payload: corpo as object });
const romaneiosDoProdutor = async () =>
  Number((await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM romaneio WHERE pessoa_id = ${produtor}`)).rows[0].n);

describe('NF-e keys on POST romaneio', () => {
  it('saves each romaneio its own keys (typed with the DANFE spaces), finds them in the list and the recall', async () => {
    const [a, b] = [chave(), chave()];
    const divida = novaDivida();
    const r = await post([romaneio({ divida, chavesNfe: [formatChaveNfe(a)] }), romaneio({ divida, dataEmissao: SEG, chavesNfe: [b] })]);
    expect(r.status).toBe(201);
    expect(r.body.map((x: { chavesNfe: string[] }) => x.chavesNfe)).toEqual([[a], [b]]);
    expect(r.body[0].nfe).toEqual([{ chave: a, emitenteConfere: true }]);
    const lido = await call(t.app, t.admin, { method: 'GET', url: `/api/romaneio/${r.body[1].id}` });
    expect(lido.body.chavesNfe).toEqual([b]);
    const lista = await call(t.app, t.admin, { method: 'POST', url: '/api/romaneio/searchRomaneio/asc/id', payload: { chaveNfe: b.slice(20, 40) } });
    expect(lista.body.content.map((x: { id: number }) => x.id)).toEqual([r.body[1].id]);
    const recall = await call(t.app, t.admin, { method: 'GET', url: `/api/recall?nfe=${a}` });
    expect(recall.status).toBe(200);
    expect(recall.body.map((x: { romaneioId: number }) => x.romaneioId)).toEqual([r.body[0].id]);
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/recall?nfe=123' })).body.message).toBe('A chave de acesso da NF-e deve ter 44 dígitos');
  });

  it('keys of an issuer with an alphanumeric CNPJ (NT 2025.001): saved upper case, emitenteConfere against the CNPJ, listed and recalled', async () => {
    // A company producer whose CNPJ has letters (unique per run); its keys carry the CNPJ in positions 7–20.
    const letras = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
    const raiz = `${letras[base % 24]}${letras[Math.floor(base / 24) % 24]}${String(base % 1_000_000).padStart(6, '0')}0001`;
    const cnpj = completarDocumento(raiz);
    const empresa = await inserirProdutorComColheita(t.app, tomate, { produtor: `Cooperativa NF-e ${base}`, municipio: `Açailândia NF-e ${base}` });
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET cpfcnpj = ${cnpj} WHERE id = ${empresa.produtor}`);
    const dela = montarChaveNfe({ cUF: '35', ano: 2026, mes: 11, emitente: cnpj, numero: novoNumero() });
    expect(dela.slice(6, 20)).toBe(cnpj);
    expect(dela.slice(6, 8)).toMatch(/^[A-Z]{2}$/);
    const deOutra = montarChaveNfe({ cUF: '35', ano: 2026, mes: 11, emitente: completarDocumento(`ZZ${raiz.slice(2)}`), numero: novoNumero() });
    const corpo = romaneio({ pessoaId: empresa.produtor, itens: [{ produtoId: tomate, quantidade: 10, boletimItensId: empresa.item }] });
    // Typed in lower case, with the DANFE's spaces: read as the same key, upper case.
    const r = await post([{ ...corpo, chavesNfe: [formatChaveNfe(dela).toLowerCase()] }]);
    expect(r.status).toBe(201);
    expect(r.body[0].chavesNfe).toEqual([dela]);
    expect(r.body[0].nfe).toEqual([{ chave: dela, emitenteConfere: true }]);
    // Another company's alphanumeric key asks first, then is saved as not matching.
    const outro = romaneio({ pessoaId: empresa.produtor, itens: [{ produtoId: tomate, quantidade: 5, boletimItensId: empresa.item }], chavesNfe: [deOutra] });
    const pergunta = await post([outro]);
    expect(pergunta.status).toBe(409);
    expect(pergunta.body.confirmar).toEqual(['emitenteNfe']);
    const confirmado = await post([{ ...outro, confirmar: true }]);
    expect(confirmado.status).toBe(201);
    expect(confirmado.body[0].nfe).toEqual([{ chave: deOutra, emitenteConfere: false }]);
    const recall = await call(t.app, t.admin, { method: 'GET', url: `/api/recall?nfe=${dela.toLowerCase()}` });
    expect(recall.status).toBe(200);
    expect(recall.body.map((x: { romaneioId: number }) => x.romaneioId)).toEqual([r.body[0].id]);
    const lista = await call(t.app, t.admin, { method: 'POST', url: '/api/romaneio/searchRomaneio/asc/id', payload: { chaveNfe: dela.slice(6, 20) } });
    expect(lista.body.content.map((x: { id: number }) => x.id)).toEqual([r.body[0].id]);
    // A letter outside the issuer's positions is refused, nothing stored.
    const antes = await romaneiosDoProdutor();
    const torta = `${dela.slice(0, 30)}A${dela.slice(31)}`;
    const recusa = await post([romaneio({ chavesNfe: [torta] })]);
    expect([recusa.status, recusa.body.message]).toEqual([400, NFE_MSG.letras]);
    expect(await romaneiosDoProdutor()).toBe(antes);
  });

  it('refuses a wrong check digit, a state code, a model and a month after the date, each on its key, storing nothing', async () => {
    const antes = await romaneiosDoProdutor();
    const boa = chave();
    const casos: [string, string][] = [
      [boa.slice(0, 43) + String((Number(boa[43]) + 1) % 10), NFE_MSG.digito],
      [chave({ cUF: '10' }), NFE_MSG.uf('10')],
      [chave({ modelo: '65' }), NFE_MSG.modelo('65')],
      [chave({ mes: 12 }), 'Chave de acesso de 12/2026, posterior à data do romaneio (26/11/2026)'],
      ['1234', NFE_MSG.formato],
    ];
    for (const [c, mensagem] of casos) {
      const r = await post([romaneio({ chavesNfe: [boa, c] })]);
      expect(r.status, mensagem).toBe(400);
      expect(r.body.message).toBe(mensagem);
      expect(r.body.fieldErrors).toEqual([{ field: '[0].chavesNfe[1]', message: mensagem }]);
    }
    expect(await romaneiosDoProdutor()).toBe(antes);
  });

  it('asks to confirm a key whose issuer is not the producer (409 with confirmar), then saves it as emitenteConfere false', async () => {
    const c = chave({ emitente: '11222333000181' });
    const antes = await romaneiosDoProdutor();
    const pergunta = await post([romaneio({ chavesNfe: [c] })]);
    expect(pergunta.status).toBe(409);
    expect(pergunta.body.confirmar).toEqual(['emitenteNfe']);
    expect(pergunta.body.message).toMatch(/^A NF-e \d+ série 920 foi emitida por 11\.222\.333\/0001-81, não pelo produtor Lavrador NF-e/);
    expect(pergunta.body.fieldErrors[0].field).toBe('[0].chavesNfe[0]');
    expect(await romaneiosDoProdutor()).toBe(antes);
    const salvo = await post([romaneio({ chavesNfe: [c], confirmar: true })]);
    expect(salvo.status).toBe(201);
    expect(salvo.body[0].nfe).toEqual([{ chave: c, emitenteConfere: false }]);
  });

  it('refuses a key another romaneio holds (409 naming it) and stores nothing; a correction may add a key with its reason', async () => {
    const c = chave();
    const primeiro = await post([romaneio({ chavesNfe: [c] })]);
    expect(primeiro.status).toBe(201);
    const antes = await romaneiosDoProdutor();
    const outra = await post([romaneio({ chavesNfe: [c] })]);
    expect(outra.status).toBe(409);
    expect(outra.body.fieldErrors).toEqual([
      { field: '[0].chavesNfe[0]', message: `A chave de acesso ${formatChaveNfe(c)} já está no romaneio ${primeiro.body[0].id}` },
    ]);
    expect(await romaneiosDoProdutor()).toBe(antes);

    const salvo = primeiro.body[0];
    const corpo = {
      id: salvo.id,
      versao: salvo.versao,
      dataEmissao: salvo.dataEmissao,
      divida: salvo.divida,
      pessoaId: produtor,
      itens: salvo.itens.map((i: { id: number; produtoId: number; quantidade: number; boletimItensId: number }) => ({
        id: i.id,
        produtoId: i.produtoId,
        quantidade: i.quantidade,
        boletimItensId: i.boletimItensId,
      })),
    };
    const nova = chave();
    const semMotivo = await call(t.app, t.admin, { method: 'PUT', url: `/api/romaneio/${salvo.id}`, payload: { ...corpo, chavesNfe: [c, nova] } });
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.body.fieldErrors).toEqual([{ field: 'motivo', message: 'Informe o motivo da correção' }]);
    const corrigido = await call(t.app, t.admin, {
      method: 'PUT',
      url: `/api/romaneio/${salvo.id}`,
      payload: { ...corpo, chavesNfe: [c, nova], motivo: 'Segunda nota' },
    });
    expect(corrigido.status).toBe(200);
    expect(corrigido.body.chavesNfe).toEqual([c, nova]);
    // Without chavesNfe a correction leaves the keys as they are.
    const quantidade = await call(t.app, t.admin, { method: 'PUT', url: `/api/romaneio/${salvo.id}`, payload: { ...corpo, versao: corrigido.body.versao } });
    expect(quantidade.status).toBe(200);
    expect(quantidade.body.chavesNfe).toEqual([c, nova]);
  });

  it('the database keeps a key to one romaneio', async () => {
    const c = chave();
    const r = await post([romaneio({ chavesNfe: [c] })]);
    await expect(
      t.app.ctx.db.execute(sql`INSERT INTO romaneio_nfe (romaneio_id, chave, emitente_confere) VALUES (${r.body[0].id}, ${c}, true)`),
    ).rejects.toThrow();
  });
});

describe('NFE_OBRIGATORIA=true', () => {
  const o = appDeTeste({ config: { nfeObrigatoria: true }, tokens: ['admin'] });
  it('refuses a romaneio without a key (400 on chavesNfe) and saves one with a key', async () => {
    const grupo = await inserirGrupo(o.app, `Hortaliças obrigatória ${base}`);
    const produto = await inserirProduto(o.app, grupo, `Tomate obrigatória ${base}`);
    const p = await inserirProdutorComColheita(o.app, produto, { produtor: `Lavrador obrigatória ${base}`, municipio: `Imperatriz obrigatória ${base}` });
    const doc = String((await o.app.ctx.db.execute(sql`SELECT cpfcnpj FROM pessoa WHERE id = ${p.produtor}`)).rows[0].cpfcnpj);
    const corpo = (chavesNfe?: string[]) => [
      { dataEmissao: QUI, divida: novaDivida(), pessoaId: p.produtor, itens: [{ produtoId: produto, quantidade: 1, boletimItensId: p.item }], chavesNfe },
    ];
    const sem = await call(o.app, o.admin, { method: 'POST', url: '/api/romaneio', payload: corpo() });
    expect(sem.status).toBe(400);
    expect(sem.body.fieldErrors).toEqual([{ field: '[0].chavesNfe', message: NFE_MSG.obrigatoria }]);
    const com = await call(o.app, o.admin, {
      method: 'POST',
      url: '/api/romaneio',
      payload: corpo([montarChaveNfe({ ano: 2026, mes: 11, emitente: doc, numero: novoNumero() })]),
    });
    expect(com.status).toBe(201);
  });
});
