import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIVIDA_EM_USO, FORA_DA_COLHEITA, MOTIVO_OBRIGATORIO, MSG_VERSAO_DESATUALIZADA, ROMANEIO_SEM_ITENS } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirCaderno,
  inserirGrupo,
  inserirMunicipio,
  inserirPessoa,
  inserirProduto,
  inserirPropriedade,
} from '../../../test/fabricas';

/** A saved romaneio corrected with a reason; a day of a batch entered again; `versao` on every write. */
const t = appDeTeste();

const SEG = '2026-11-23';
const QUI = '2026-11-26';

let produtor: number;
let outroProdutor: number;
let tomate: number;
let alface: number;
let cebola: number;
/** Bulletin items of `produtor`: tomato all November, lettuce from the 24th, onion with a spray inside its withdrawal period. */
let biTomate: number;
let biAlface: number;
let biCebola: number;
let biOutro: number;
const pedra: Record<string, number> = {};
let dividas = 8000;

beforeAll(async () => {
  const app = t.app;
  const grupo = await inserirGrupo(app, 'Hortaliças');
  tomate = await inserirProduto(app, grupo, 'Tomate');
  alface = await inserirProduto(app, grupo, 'Alface');
  cebola = await inserirProduto(app, grupo, 'Cebola');
  const mun = await inserirMunicipio(app, 'Imperatriz', 'MA');
  produtor = await inserirPessoa(app, 'João Lavrador', 1);
  outroProdutor = await inserirPessoa(app, 'Ana Colheita', 1);
  const tecnico = await inserirPessoa(app, 'Carla Técnica', 2);
  const sitio = await inserirPropriedade(app, 'Sítio Boa Esperança', mun, produtor);
  const fazenda = await inserirPropriedade(app, 'Fazenda Açude', mun, outroProdutor);
  const b = await inserirBoletim(app, { produtorId: produtor, tecnicoId: tecnico, propriedadeId: sitio, dataEmissao: '2026-10-01' });
  biTomate = await inserirBoletimItem(app, b, tomate, '2026-11-01', '2026-11-30');
  biAlface = await inserirBoletimItem(app, b, alface, '2026-11-24', '2026-12-31');
  biCebola = await inserirBoletimItem(app, b, cebola, '2026-11-01', '2026-12-31');
  await inserirCaderno(app, biCebola, cebola, [{ nomeProduto: 'Inseticida X', data: '2026-11-20', periodoCarencia: 10 }]);
  const b2 = await inserirBoletim(app, { produtorId: outroProdutor, tecnicoId: tecnico, propriedadeId: fazenda, dataEmissao: '2026-10-01' });
  biOutro = await inserirBoletimItem(app, b2, tomate, '2026-11-01', '2026-12-31');
  const r = await app.ctx.db.execute(sql`SELECT id, numero FROM pedras`);
  for (const p of r.rows as { id: number; numero: string }[]) pedra[p.numero] = p.id;
});

type Item = { id?: number; produtoId: number; quantidade: number; boletimItensId: number };
type Salvo = { id: number; versao: number; dataEmissao: string; divida: number; pessoaId: number; pedras: { pedrasId: number }[]; itens: Item[] };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, t.userAdmin, { method, url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

const tomateItem = (quantidade = 10): Item => ({ produtoId: tomate, quantidade, boletimItensId: biTomate });
const alfaceItem = (quantidade = 5): Item => ({ produtoId: alface, quantidade, boletimItensId: biAlface });

/** This file's producer enters several romaneios a day, over his bulletin's balance: those questions (perguntas.test.ts) confirmed. */
const CONFIRMADOS = ['romaneioNoDia', 'saldoBoletim'];

async function criar(pedras: string[] = [], itens: Item[] = [tomateItem()], data = QUI): Promise<Salvo> {
  const r = await req('POST', 'romaneio', [
    { dataEmissao: data, divida: ++dividas, pessoaId: produtor, itens, pedras: pedras.map((n) => pedra[n]), confirmar: CONFIRMADOS },
  ]);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body[0] as Salvo;
}

/** The body of PUT romaneio from what GET answered, changed by `o`. */
const corpo = (r: Salvo, o: Record<string, unknown> = {}) => ({
  id: r.id,
  versao: r.versao,
  dataEmissao: r.dataEmissao,
  divida: r.divida,
  pessoaId: r.pessoaId,
  pedras: r.pedras.map((p) => ({ pedrasId: p.pedrasId })),
  itens: r.itens.map((i) => ({ id: i.id, produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId })),
  confirmar: CONFIRMADOS,
  ...o,
});

const ultimoLog = async (cadastro: string, id: number) =>
  (
    await t.app.ctx.db.execute(
      sql`SELECT acao, conteudo, conteudo_anterior AS "conteudoAnterior" FROM logs WHERE cadastro = ${cadastro} AND cadastro_id = ${String(id)} ORDER BY id DESC LIMIT 1`,
    )
  ).rows[0] as { acao: string; conteudo: string; conteudoAnterior: string | null };

/** Every audit row of a record, oldest first. */
const logsDe = async (cadastro: string, id: number) =>
  (
    await t.app.ctx.db.execute(
      sql`SELECT acao, conteudo, conteudo_anterior AS "conteudoAnterior" FROM logs WHERE cadastro = ${cadastro} AND cadastro_id = ${String(id)} ORDER BY id`,
    )
  ).rows as { acao: string; conteudo: string; conteudoAnterior: string | null }[];

const livres = async (data: string) => ((await req('POST', 'pedras/livres', [data])).body as { numero: string }[]).map((p) => p.numero);

describe('PUT romaneio: a correction with a reason', () => {
  it('adds a forgotten item and changes a quantity; the audit row keeps the reason, the before and the after', async () => {
    const r = await criar(['30']);
    const itens = [{ ...corpo(r).itens[0], quantidade: 12.5 }, alfaceItem(7)];
    const semMotivo = await req('PUT', `romaneio/${r.id}`, corpo(r, { itens }));
    expect(semMotivo.status).toBe(400);
    expect(semMotivo.body).toMatchObject({ message: MOTIVO_OBRIGATORIO, fieldErrors: [{ field: 'motivo', message: MOTIVO_OBRIGATORIO }] });
    const logsAntes = await logsDe('Romaneio', r.id);
    const ok = await req('PUT', `romaneio/${r.id}`, corpo(r, { itens, motivo: '  Alface esquecida na entrada  ' }));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // One audit row of the romaneio per correction, and none with the same before and after.
    const logsDepois = await logsDe('Romaneio', r.id);
    expect(logsDepois).toHaveLength(logsAntes.length + 1);
    expect(logsDepois.filter((l) => l.conteudo === l.conteudoAnterior)).toEqual([]);
    expect(ok.body.itens.map((i: Item & { produtoNome: string }) => [i.produtoNome, i.quantidade, i.boletimItensId])).toEqual([
      ['Tomate', 12.5, biTomate],
      ['Alface', 7, biAlface],
    ]);
    expect(ok.body.versao).toBe(r.versao + 1);
    expect(await ultimoLog('Romaneio', r.id)).toEqual({
      acao: 'UPDATE',
      conteudo: 'Romaneio(motivo=Alface esquecida na entrada, itens=[Tomate: 12.5, Alface: 7], pedras=[30])',
      conteudoAnterior: 'Romaneio(itens=[Tomate: 10], pedras=[30])',
    });
    // The new item got its own audit row and a lot code of its own.
    const novo = ok.body.itens[1];
    expect((await ultimoLog('RomaneioItens', novo.id)).acao).toBe('INSERT');
    expect(novo.lote).toMatch(/^[A-Z0-9]{12}$/);
  });

  it("refuses an added item under the gate's rules: harvest window, withdrawal period, another producer's item, a repeat", async () => {
    const seg = await criar([], [tomateItem()], SEG);
    const fora = await req('PUT', `romaneio/${seg.id}`, corpo(seg, { itens: [...corpo(seg).itens, alfaceItem()], motivo: 'Faltou' }));
    expect(fora.status).toBe(400);
    expect(fora.body.fieldErrors).toEqual([{ field: 'itens[1].boletimItensId', message: FORA_DA_COLHEITA }]);
    const r = await criar();
    const casos: [Item, number, string][] = [
      [
        { produtoId: cebola, quantidade: 3, boletimItensId: biCebola },
        400,
        'Carência não cumprida: Inseticida X aplicado em 20/11/2026 só permite comercializar a partir de 30/11/2026.',
      ],
      [{ produtoId: tomate, quantidade: 3, boletimItensId: biOutro }, 400, 'O item do boletim deve ser do produtor selecionado'],
      [tomateItem(3), 400, 'Este produto já foi adicionado'],
    ];
    const antes = await countRows(t.app, 'romaneio_itens');
    for (const [item, status, message] of casos) {
      const x = await req('PUT', `romaneio/${r.id}`, corpo(r, { itens: [...corpo(r).itens, item], motivo: 'Faltou' }));
      expect(x.status, message).toBe(status);
      expect(x.body.fieldErrors[0], message).toEqual({ field: 'itens[1].boletimItensId', message });
    }
    expect(await countRows(t.app, 'romaneio_itens')).toBe(antes);
    expect((await req('GET', `romaneio/${r.id}`)).body.versao).toBe(r.versao);
  });

  it('removes an item with a reason, never the last one', async () => {
    const r = await criar([], [tomateItem(), alfaceItem()]);
    const ok = await req('PUT', `romaneio/${r.id}`, corpo(r, { itens: [corpo(r).itens[1]], motivo: 'Tomate não veio' }));
    expect(ok.status).toBe(200);
    expect(ok.body.itens.map((i: { produtoId: number }) => i.produtoId)).toEqual([alface]);
    expect((await ultimoLog('RomaneioItens', r.itens[0].id!)).acao).toBe('DELETE');
    expect((await ultimoLog('Romaneio', r.id)).conteudo).toBe('Romaneio(motivo=Tomate não veio, itens=[Alface: 5], pedras=[])');
    const vazio = await req('PUT', `romaneio/${r.id}`, corpo(ok.body, { itens: [], motivo: 'Nada veio' }));
    expect(vazio.status).toBe(400);
    expect(vazio.body.message).toBe(ROMANEIO_SEM_ITENS);
  });

  it('moves its stalls to others free on its date; a stall another romaneio holds that day is the 409', async () => {
    const outro = await criar(['41']);
    const r = await criar(['40', '42']);
    const ocupada = await req('PUT', `romaneio/${r.id}`, corpo(r, { pedras: [{ pedrasId: pedra['40'] }, { pedrasId: pedra['41'] }], motivo: 'Pedra errada' }));
    expect(ocupada.status).toBe(409);
    expect(ocupada.body.fieldErrors).toEqual([{ field: 'pedras[1].pedrasId', message: 'A pedra 41 já está ocupada em 26/11/2026' }]);
    expect(outro.pedras).toHaveLength(1);
    const semMotivo = await req('PUT', `romaneio/${r.id}`, corpo(r, { pedras: [{ pedrasId: pedra['40'] }, { pedrasId: pedra['43'] }] }));
    expect(semMotivo.body.message).toBe(MOTIVO_OBRIGATORIO);
    const ok = await req(
      'PUT',
      `romaneio/${r.id}`,
      corpo(r, { pedras: [{ pedrasId: pedra['40'] }, { pedrasId: pedra['43'], ocupacao: 'avulsa' }], motivo: 'Pedra errada' }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.pedras.map((p: { pedrasNumero: string; ocupacao: string | null }) => [p.pedrasNumero, p.ocupacao])).toEqual([
      ['40', null],
      ['43', 'avulsa'],
    ]);
    // The kept stall kept its booking row; 42 is free again on the date, 43 taken.
    expect(ok.body.pedras[0].id).toBe((r.pedras[0] as { id?: number }).id);
    const agora = await livres(QUI);
    expect(agora).toContain('42');
    expect(agora).not.toContain('43');
    expect((await ultimoLog('Romaneio', r.id)).conteudo).toBe('Romaneio(motivo=Pedra errada, itens=[Tomate: 10], pedras=[40, 43 (avulsa)])');
  });

  it('a stale versao is the 409 on PUT and on updateQtde, and nothing changes', async () => {
    const r = await criar();
    const item = r.itens[0].id!;
    const primeiro = await req('PUT', 'romaneioitens/updateQtde', { id: item, quantidade: 35, versao: r.versao });
    expect(primeiro.status).toBe(200);
    expect(primeiro.body.quantidade).toBe(35);
    // The second clerk still holds the page loaded before: refused, the first clerk's 35 stays.
    const segundo = await req('PUT', 'romaneioitens/updateQtde', { id: item, quantidade: 28, versao: r.versao });
    expect(segundo.status).toBe(409);
    expect(segundo.body.message).toBe(MSG_VERSAO_DESATUALIZADA);
    const put = await req('PUT', `romaneio/${r.id}`, corpo(r, { itens: [{ ...corpo(r).itens[0], quantidade: 28 }] }));
    expect(put.status).toBe(409);
    expect(put.body.message).toBe(MSG_VERSAO_DESATUALIZADA);
    const agora = (await req('GET', `romaneio/${r.id}`)).body as Salvo;
    expect(agora.itens[0].quantidade).toBe(35);
    expect(agora.versao).toBe(r.versao + 1);
    // With the current versao both go through.
    expect((await req('PUT', 'romaneioitens/updateQtde', { id: item, quantidade: 28, versao: agora.versao })).status).toBe(200);
    expect((await req('GET', `romaneio/${r.id}`)).body.versao).toBe(agora.versao + 1);
  });
});

describe("the gate's producer picker", () => {
  it('GET romaneio/produtores/municipios answers the municipalities of each producer with a bulletin harvested since the day', async () => {
    const r = await req('GET', 'romaneio/produtores/municipios?ativosDesde=2026-01-01');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: produtor, municipios: 'Imperatriz' },
      { id: outroProdutor, municipios: 'Imperatriz' },
    ]);
    expect((await req('GET', 'romaneio/produtores/municipios?ativosDesde=2028-01-01')).body).toEqual([]);
    expect((await req('GET', 'romaneio/produtores/municipios?ativosDesde=31/12/2026')).status).toBe(400);
  });
});

describe('a day of a batch deleted and entered again under the same debt', () => {
  it('is saved; a date the batch still has, a date it never had and another producer are refused', async () => {
    const divida = ++dividas;
    const dia = (data: string, o: Record<string, unknown> = {}) => ({ dataEmissao: data, divida, pessoaId: produtor, itens: [alfaceItem()], pedras: [], ...o });
    const lote = await req('POST', 'romaneio', [dia('2026-11-30', { pedras: [pedra['50']] }), dia('2026-12-03')]);
    expect(lote.status).toBe(201);
    expect((await req('DELETE', `romaneio/${lote.body[0].id}`)).status).toBe(204);
    const emUso = { field: 'divida', message: DIVIDA_EM_USO };
    const recusas: [Record<string, unknown>[], object[]][] = [
      // A date the batch still has: the message of docs/produto/validacao.md, the date named on its field.
      [[dia('2026-12-03')], [emUso, { field: '[0].dataEmissao', message: 'A dívida já tem um romaneio em 03/12/2026' }]],
      // A date the batch was not entered with, or another producer.
      [[dia('2026-12-07')], [emUso]],
      [[dia('2026-11-30', { pessoaId: outroProdutor, itens: [{ produtoId: tomate, quantidade: 1, boletimItensId: biOutro }] })], [emUso]],
    ];
    for (const [corpoLote, fieldErrors] of recusas) {
      const x = await req('POST', 'romaneio', corpoLote);
      expect(x.status).toBe(409);
      expect(x.body.message).toBe(DIVIDA_EM_USO);
      expect(x.body.fieldErrors).toEqual(fieldErrors);
    }
    const again = await req('POST', 'romaneio', [dia('2026-11-30', { pedras: [pedra['51']], itens: [alfaceItem(9)] })]);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const doLote = (await req('GET', `romaneio/dividas/${divida}`)).body as Salvo[];
    expect(doLote.map((r) => [r.dataEmissao, r.itens[0].quantidade])).toEqual([
      ['2026-11-30', 9],
      ['2026-12-03', 5],
    ]);
    // Deleting both frees the debt as before.
    for (const r of doLote) expect((await req('DELETE', `romaneio/${r.id}`)).status).toBe(204);
    expect((await t.app.ctx.db.execute(sql`SELECT 1 FROM romaneio_divida WHERE divida = ${divida}`)).rows).toEqual([]);
  });

  it('the database keeps one romaneio per date of a debt', async () => {
    const r = await criar();
    await expect(
      t.app.ctx.db.execute(sql`INSERT INTO romaneio (data_emissao, divida, pessoa_id) VALUES (${r.dataEmissao}, ${r.divida}, ${produtor})`),
    ).rejects.toThrow();
  });
});
