import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  acimaDoSaldo,
  CHEGADA_MSG,
  chegadaDeOutroDia,
  chegadaForaDaJanela,
  chegadaJaRecebida,
  FORA_DA_COLHEITA,
  hojeNoMercado,
  mensagemCarencia,
  mensagemDiaDeMercado,
  mensagemFeriado,
  montarChaveNfe,
  MSG_VERSAO_DESATUALIZADA,
  NAO_PRODUTOR,
  nfeEmitenteDiferente,
  nfeEmOutroRomaneio,
  PORTAL_OUTRO_PRODUTOR,
  PRODUTO_SEM_BOLETIM,
  produtorSuspenso,
  SETTINGS_PADRAO,
  situacaoDaCarteira,
  somarDias,
} from '@ceasa/shared';
import { chegadaJaRecebidaPor, romaneioService } from '../src/modules/romaneio/romaneio.service';
import { MSG_SO_PRODUTOR } from '../src/plugins/auth';
import {
  cpfValido,
  inserirBoletimItem,
  inserirCaderno,
  inserirGrupo,
  inserirPessoa,
  inserirProduto,
  inserirProdutorComColheita,
  inserirRomaneioComItens,
} from './fabricas';
import { appDeTeste, call, countRows, tokenDoProdutor } from './helpers';

/*
 * Loads announced before the gate (docs/produto/portal.md, decision 0298), with two producers and a few more: the
 * day's window and the gate's calendar, every hard rule's message and field, the soft rules' questions and their
 * confirmation, the version, the refusals of a received load, nothing stored after a refusal; a romaneio receiving a
 * load (its producer, its day, once, also when two clerks save it at once); the desk's list and the day's close.
 */

const HOJE = hojeNoMercado();
const dia = (n: number) => somarDias(HOJE, n);
const semana = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();
/** Every weekday a market day but the one of 3 days from now (that day then refused as no market day). */
const DIAS = [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== semana(dia(3)));
const FERIADO = { data: dia(2), nome: 'Feriado do Portal' };
const [ANO, MES] = HOJE.split('-').map(Number);
const chave = (emitente: string, numero: number) => montarChaveNfe({ ano: ANO, mes: MES, emitente, numero });

type Corpo = Record<string, unknown>;
type Registro = { id: number; versao: number; situacao: string; romaneioId: number | null; itens: { produtoId: number; quantidade: number }[] } & Corpo;
const carga = (data: string, itens: [number, number][], o: Corpo = {}): Corpo => ({
  data,
  itens: itens.map(([produtoId, quantidade]) => ({ produtoId, quantidade })),
  ...o,
});

describe('announced loads', () => {
  const t = appDeTeste({ config: { settings: { ...SETTINGS_PADRAO, diasDeMercado: DIAS } } });
  const p = { tomate: 0, alface: 0, cebola: 0, couve: 0, batata: 0 };
  const ids: Record<'ana' | 'bento' | 'caio' | 'edu' | 'loja', { pessoa: number; token: string; cpf: string; item: number }> = {} as never;
  let itensAna: Record<'tomate' | 'alface' | 'couve', number>;
  let dividas = 9_300_000;
  const portal = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    call(t.app, token, { method, url: `/api/portal/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const romaneio = (pessoaId: number, data: string, itens: [number, number, number][], o: Corpo = {}) =>
    call(t.app, t.admin, {
      method: 'POST',
      url: '/api/romaneio',
      payload: [
        {
          dataEmissao: data,
          divida: ++dividas,
          pessoaId,
          pedras: [],
          itens: itens.map(([produtoId, quantidade, boletimItensId]) => ({ produtoId, quantidade, boletimItensId })),
          ...o,
        },
      ],
    });
  /** What a refusal must leave as it was: the loads, their products, the romaneios and the audit log. */
  const retrato = async () => Promise.all(['chegadas', 'chegada_itens', 'romaneio', 'logs'].map((tb) => countRows(t.app, tb)));
  async function recusa(x: ReturnType<typeof call>, status: number, message: string, field?: string) {
    const antes = await retrato();
    const r = await x;
    expect([r.status, r.body.message], JSON.stringify(r.body)).toEqual([status, message]);
    if (field) expect(r.body.fieldErrors).toContainEqual({ field, message });
    expect(await retrato()).toEqual(antes);
    return r;
  }

  beforeAll(async () => {
    const g = await inserirGrupo(t.app, 'Hortaliças');
    for (const nome of Object.keys(p) as (keyof typeof p)[]) p[nome] = await inserirProduto(t.app, g, nome[0].toUpperCase() + nome.slice(1), { peso: 20 });
    const produtor = async (nome: string, e: string) => {
      const c = await inserirProdutorComColheita(t.app, p.tomate, { produtor: nome, municipio: `Cidade de ${nome}`, inicio: dia(-30), fim: dia(30) });
      const [{ cpfcnpj }] = (await t.app.ctx.db.execute(sql`SELECT cpfcnpj FROM pessoa WHERE id = ${c.produtor}`)).rows as { cpfcnpj: string }[];
      return { ...c, v: { pessoa: c.produtor, token: await tokenDoProdutor(t.app, c.produtor, `${e}@produtor.test`), cpf: cpfcnpj, item: c.item } };
    };
    const ana = await produtor('Ana Lavradora', 'ana');
    ids.ana = ana.v;
    itensAna = {
      tomate: ana.item,
      alface: await inserirBoletimItem(t.app, ana.boletim, p.alface, dia(-30), dia(30), 500),
      couve: await inserirBoletimItem(t.app, ana.boletim, p.couve, dia(-30), dia(30)),
    };
    // Onion: harvested and gone 10 days ago; kale: sprayed yesterday, 10 days of withdrawal.
    await inserirBoletimItem(t.app, ana.boletim, p.cebola, dia(-60), dia(-10));
    await inserirCaderno(t.app, itensAna.couve, p.couve, [{ nomeProduto: 'Inseticida X', data: dia(-1), periodoCarencia: 10 }]);
    ids.bento = (await produtor('Bento Roceiro', 'bento')).v;
    const caio = await produtor('Caio Suspenso', 'caio');
    ids.caio = caio.v;
    const r = await inserirRomaneioComItens(t.app, caio.produtor, dia(-3), ++dividas, [[p.tomate, 1, caio.item]]);
    await t.app.ctx.db.execute(sql`INSERT INTO inspecao (romaneio_id, tipo, coleta_em, laboratorio, codigo_amostra, resultado, principio_ativo, suspenso_ate)
      VALUES (${r.romaneio}, 'residuo', ${dia(-3)}, 'Lacen', 'AM-CHEGADA-1', 'nao_conforme', 'Carbendazim', ${dia(20)})`);
    const edu = await produtor('Edu Carteira', 'edu');
    ids.edu = edu.v;
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = ${dia(2)} WHERE id = ${edu.produtor}`);
    const loja = await inserirPessoa(t.app, 'Loja do Portal', 3);
    ids.loja = { pessoa: loja, token: await tokenDoProdutor(t.app, loja), cpf: '', item: 0 };
    await t.app.ctx.db.execute(sql`INSERT INTO feriado (data, nome, tipo) VALUES (${FERIADO.data}, ${FERIADO.nome}, 'feriado')`);
  });

  it('announces a load of today with the products’ kg and keys; he reads it, and only he', async () => {
    const k = chave(ids.ana.cpf, 1);
    const r = await portal(
      ids.ana.token,
      'POST',
      'chegadas',
      carga(
        dia(0),
        [
          [p.tomate, 100],
          [p.alface, 30.5],
        ],
        { chavesNfe: [k], observacao: ' Chego às 5h ' },
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({
      id: expect.any(Number),
      versao: 1,
      pessoaId: ids.ana.pessoa,
      pessoaNome: 'Ana Lavradora',
      data: dia(0),
      itens: [
        { produtoId: p.tomate, produtoNome: 'Tomate', quantidade: 100 },
        { produtoId: p.alface, produtoNome: 'Alface', quantidade: 30.5 },
      ],
      chavesNfe: [k],
      observacao: 'Chego às 5h',
      situacao: 'anunciada',
      romaneioId: null,
      criadaEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await portal(ids.ana.token, 'GET', `chegadas/${r.body.id}`)).body).toEqual(r.body);
    expect((await portal(ids.ana.token, 'GET', 'chegadas')).body).toEqual([r.body]);
    expect((await portal(ids.ana.token, 'GET', `chegadas?data=${dia(1)}`)).body).toEqual([]);
    // Bento: not his; neither by id, nor by filter, nor in his list.
    await recusa(portal(ids.bento.token, 'GET', `chegadas/${r.body.id}`), 404, CHEGADA_MSG.naoEncontrada);
    await recusa(portal(ids.bento.token, 'PUT', `chegadas/${r.body.id}`, { ...carga(dia(0), [[p.tomate, 1]]), versao: 1 }), 404, CHEGADA_MSG.naoEncontrada);
    await recusa(portal(ids.bento.token, 'DELETE', `chegadas/${r.body.id}`), 404, CHEGADA_MSG.naoEncontrada);
    await recusa(portal(ids.bento.token, 'GET', `chegadas?pessoaId=${ids.ana.pessoa}`), 404, PORTAL_OUTRO_PRODUTOR);
    expect((await portal(ids.bento.token, 'GET', 'chegadas')).body).toEqual([]);
    expect((await portal(ids.ana.token, 'GET', `chegadas/${r.body.id}`)).body).toEqual(r.body);
  });

  it('refuses a day out of today..today+7, a holiday and a weekday without market, with the gate’s messages, storing nothing', async () => {
    const janela = chegadaForaDaJanela(dia(0), dia(7));
    await recusa(portal(ids.ana.token, 'POST', 'chegadas', carga(dia(-1), [[p.tomate, 10]])), 400, janela, 'data');
    await recusa(portal(ids.ana.token, 'POST', 'chegadas', carga(dia(8), [[p.tomate, 10]])), 400, janela, 'data');
    await recusa(portal(ids.ana.token, 'POST', 'chegadas', carga(FERIADO.data, [[p.tomate, 10]])), 400, mensagemFeriado(FERIADO), 'data');
    await recusa(portal(ids.ana.token, 'POST', 'chegadas', carga(dia(3), [[p.tomate, 10]])), 400, mensagemDiaDeMercado(DIAS), 'data');
    const ultimo = await portal(ids.ana.token, 'POST', 'chegadas', carga(dia(7), [[p.tomate, 10]]));
    expect(ultimo.status, JSON.stringify(ultimo.body)).toBe(201);
    expect((await portal(ids.ana.token, 'DELETE', `chegadas/${ultimo.body.id}`)).status).toBe(204);
  });

  it('refuses by each hard rule of the gate with its message on the announced field, storing nothing', async () => {
    const ana = ids.ana.token;
    await recusa(
      portal(
        ana,
        'POST',
        'chegadas',
        carga(dia(1), [
          [p.tomate, 10],
          [p.batata, 5],
        ]),
      ),
      400,
      PRODUTO_SEM_BOLETIM,
      'itens[1].produtoId',
    );
    await recusa(portal(ana, 'POST', 'chegadas', carga(dia(1), [[p.cebola, 5]])), 400, FORA_DA_COLHEITA, 'itens[0].produtoId');
    await recusa(portal(ana, 'POST', 'chegadas', carga(dia(1), [[p.couve, 5]])), 400, mensagemCarencia('Inseticida X', dia(-1), dia(9)), 'itens[0].produtoId');
    await recusa(portal(ids.caio.token, 'POST', 'chegadas', carga(dia(1), [[p.tomate, 5]])), 400, produtorSuspenso(dia(20)), 'data');
    await recusa(portal(ids.loja.token, 'POST', 'chegadas', carga(dia(1), [[p.tomate, 5]])), 400, NAO_PRODUTOR, 'data');
    // A key another romaneio holds.
    const usada = chave(ids.ana.cpf, 2);
    const dono = await inserirRomaneioComItens(t.app, ids.bento.pessoa, dia(-4), ++dividas, []);
    await t.app.ctx.db.execute(sql`INSERT INTO romaneio_nfe (romaneio_id, chave, emitente_confere) VALUES (${dono.romaneio}, ${usada}, false)`);
    await recusa(
      portal(ana, 'POST', 'chegadas', carga(dia(1), [[p.tomate, 5]], { chavesNfe: [usada] })),
      409,
      nfeEmOutroRomaneio(usada, dono.romaneio),
      'chavesNfe[0]',
    );
    // The shared schema's: no product, a product twice, a quantity of 3 decimals.
    await recusa(portal(ana, 'POST', 'chegadas', carga(dia(1), [])), 400, 'É obrigatório adicionar ao menos um produto.', 'itens');
    await recusa(
      portal(
        ana,
        'POST',
        'chegadas',
        carga(dia(1), [
          [p.tomate, 1],
          [p.tomate, 2],
        ]),
      ),
      400,
      'Este produto já foi adicionado',
      'itens[1].produtoId',
    );
  });

  it('asks the soft rules with their codes (balance, key issuer, card) and saves once confirmed', async () => {
    const ana = ids.ana.token;
    const corpo = carga(dia(1), [[p.tomate, 1200]]);
    const r = await recusa(portal(ana, 'POST', 'chegadas', corpo), 409, acimaDoSaldo('Tomate', 1200, 1000), 'itens[0].quantidade');
    expect(r.body).toMatchObject({
      confirmar: ['saldoBoletim'],
      perguntas: [{ codigo: 'saldoBoletim', produto: 'Tomate', kg: 1200, saldo: 1000, boletimItensId: itensAna.tomate }],
    });
    // Another code does not confirm it; its own does.
    await recusa(portal(ana, 'POST', 'chegadas', { ...corpo, confirmar: ['carteira'] }), 409, acimaDoSaldo('Tomate', 1200, 1000));
    const ok = await portal(ana, 'POST', 'chegadas', { ...corpo, confirmar: ['saldoBoletim'] });
    expect([ok.status, ok.body.itens]).toEqual([201, [{ produtoId: p.tomate, produtoNome: 'Tomate', quantidade: 1200 }]]);
    expect((await portal(ana, 'DELETE', `chegadas/${ok.body.id}`)).status).toBe(204);

    const alheia = chave(cpfValido(55_000_111), 3);
    const e = await recusa(
      portal(ana, 'POST', 'chegadas', carga(dia(1), [[p.tomate, 10]], { chavesNfe: [alheia] })),
      409,
      nfeEmitenteDiferente(alheia, 'Ana Lavradora'),
      'chavesNfe[0]',
    );
    expect(e.body.confirmar).toEqual(['emitenteNfe']);
    const comChave = await portal(ana, 'POST', 'chegadas', carga(dia(1), [[p.tomate, 10]], { chavesNfe: [alheia], confirmar: true }));
    expect(comChave.status).toBe(201);
    expect((await portal(ana, 'DELETE', `chegadas/${comChave.body.id}`)).status).toBe(204);

    const aviso = situacaoDaCarteira(dia(1), dia(2), 'avisar')!.mensagem;
    const c = await recusa(portal(ids.edu.token, 'POST', 'chegadas', carga(dia(1), [[p.tomate, 10]])), 409, aviso, 'data');
    expect(c.body.confirmar).toEqual(['carteira']);
    expect((await portal(ids.edu.token, 'POST', 'chegadas', carga(dia(1), [[p.tomate, 10]], { confirmar: ['carteira'] }))).status).toBe(201);
  });

  it('changes a load with its versao (required; a stale one is the 409), by the same rules; keeps it on a refusal', async () => {
    const ana = ids.ana.token;
    const [c] = (await portal(ana, 'GET', `chegadas?data=${dia(0)}`)).body as Registro[];
    const corpo = carga(dia(0), [[p.tomate, 120]], { chavesNfe: c.chavesNfe, observacao: null });
    await recusa(portal(ana, 'PUT', `chegadas/${c.id}`, corpo), 400, CHEGADA_MSG.versao, 'versao');
    await recusa(portal(ana, 'PUT', `chegadas/${c.id}`, { ...corpo, versao: c.versao + 5 }), 409, MSG_VERSAO_DESATUALIZADA);
    await recusa(
      portal(ana, 'PUT', `chegadas/${c.id}`, { ...carga(dia(0), [[p.batata, 1]]), versao: c.versao }),
      400,
      PRODUTO_SEM_BOLETIM,
      'itens[0].produtoId',
    );
    await recusa(portal(ana, 'PUT', `chegadas/${c.id}`, { ...corpo, data: dia(-1), versao: c.versao }), 400, chegadaForaDaJanela(dia(0), dia(7)), 'data');
    expect((await portal(ana, 'GET', `chegadas/${c.id}`)).body).toEqual(c);
    const r = await portal(ana, 'PUT', `chegadas/${c.id}`, { ...corpo, versao: c.versao });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      id: c.id,
      versao: c.versao + 1,
      itens: [{ produtoId: p.tomate, quantidade: 120 }],
      observacao: null,
      situacao: 'anunciada',
    });
    // The tomato's row was kept (its quantity changed), the lettuce's removed: one audit row each.
    const logs = (await t.app.ctx.db.execute(sql`SELECT cadastro, acao FROM logs WHERE cadastro = 'ChegadaItens' ORDER BY id DESC LIMIT 2`)).rows;
    expect(logs).toEqual(
      expect.arrayContaining([
        { cadastro: 'ChegadaItens', acao: 'UPDATE' },
        { cadastro: 'ChegadaItens', acao: 'DELETE' },
      ]),
    );
  });

  it('the desk lists the day’s loads (data required) for whoever may see romaneios; the producer’s routes are his', async () => {
    const b = await portal(ids.bento.token, 'POST', 'chegadas', carga(dia(0), [[p.tomate, 40]]));
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    const dia0 = await portal(t.admin, 'GET', `chegadas?data=${dia(0)}`);
    expect(dia0.status).toBe(200);
    expect(dia0.body.map((c: Registro) => [c.pessoaNome, c.situacao])).toEqual([
      ['Ana Lavradora', 'anunciada'],
      ['Bento Roceiro', 'anunciada'],
    ]);
    expect((await portal(t.userAdmin, 'GET', `chegadas?data=${dia(0)}&pessoaId=${ids.bento.pessoa}`)).body).toEqual([b.body]);
    await recusa(portal(t.admin, 'GET', 'chegadas'), 400, CHEGADA_MSG.dataObrigatoria, 'data');
    await recusa(portal(t.agro, 'GET', `chegadas?data=${dia(0)}`), 403, 'Você não tem permissão para visualizar em romaneio.');
    await recusa(
      portal(t.semPerfil, 'GET', `chegadas?data=${dia(0)}`),
      403,
      'Desculpe, mas ainda não foi atribuído perfil para o seu usuário. Favor entrar em contato com a TI da prefeitura para ajuste.',
    );
    await recusa(portal(t.admin, 'POST', 'chegadas', carga(dia(0), [[p.tomate, 1]])), 403, MSG_SO_PRODUTOR);
    await recusa(portal(t.admin, 'GET', `chegadas/${b.body.id}`), 403, MSG_SO_PRODUTOR);
    await recusa(portal(t.admin, 'PUT', `chegadas/${b.body.id}`, { ...carga(dia(0), [[p.tomate, 1]]), versao: 1 }), 403, MSG_SO_PRODUTOR);
    await recusa(portal(t.admin, 'DELETE', `chegadas/${b.body.id}`), 403, MSG_SO_PRODUTOR);
  });

  it('a romaneio receives the load of its producer and day once; the received load can no longer change; deleting the romaneio frees it', async () => {
    const [c] = (await portal(ids.ana.token, 'GET', `chegadas?data=${dia(0)}`)).body as Registro[];
    const item: [number, number, number] = [p.tomate, 6, itensAna.tomate];
    await recusa(romaneio(ids.bento.pessoa, dia(0), [[p.tomate, 6, ids.bento.item]], { chegadaId: c.id }), 400, CHEGADA_MSG.outroProdutor, '[0].chegadaId');
    await recusa(romaneio(ids.ana.pessoa, dia(1), [item], { chegadaId: c.id }), 400, chegadaDeOutroDia(dia(0)), '[0].chegadaId');
    await recusa(romaneio(ids.ana.pessoa, dia(0), [item], { chegadaId: 999_999 }), 400, CHEGADA_MSG.naoExiste, '[0].chegadaId');
    const r = await romaneio(ids.ana.pessoa, dia(0), [item], { chegadaId: c.id, chavesNfe: c.chavesNfe });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const [salvo] = r.body;
    expect(salvo.chegadaId).toBe(c.id);
    const recebida = (await portal(ids.ana.token, 'GET', `chegadas/${c.id}`)).body;
    expect([recebida.situacao, recebida.romaneioId]).toEqual(['recebida', salvo.id]);
    // The gate's save tells her, once (her news in the portal; the e-mail goes to portal accounts).
    const avisosDaChegada = async () =>
      ((await portal(ids.ana.token, 'GET', 'avisos')).body.content as { tipo: string }[]).filter((a) => a.tipo === 'chegada').length;
    await vi.waitFor(async () => expect(await avisosDaChegada()).toBe(1));
    // Received: no change, no withdrawal, no second receipt.
    await recusa(portal(ids.ana.token, 'PUT', `chegadas/${c.id}`, { ...carga(dia(0), [[p.tomate, 1]]), versao: recebida.versao }), 409, CHEGADA_MSG.recebida);
    await recusa(portal(ids.ana.token, 'DELETE', `chegadas/${c.id}`), 409, CHEGADA_MSG.recebida);
    await recusa(romaneio(ids.ana.pessoa, dia(0), [item], { chegadaId: c.id, confirmar: true }), 409, chegadaJaRecebida(salvo.id), '[0].chegadaId');
    // A correction keeps its load: another one is refused.
    const corr = await call(t.app, t.admin, { method: 'PUT', url: `/api/romaneio/${salvo.id}`, payload: { ...salvo, chegadaId: c.id + 1000 } });
    expect([corr.status, corr.body.fieldErrors?.[0]?.field]).toEqual([400, 'chegadaId']);
    // Deleting the romaneio frees the load: announced again, and the producer may withdraw it.
    expect((await call(t.app, t.admin, { method: 'DELETE', url: `/api/romaneio/${salvo.id}` })).status).toBe(204);
    const livre = (await portal(ids.ana.token, 'GET', `chegadas/${c.id}`)).body;
    expect([livre.situacao, livre.romaneioId]).toEqual(['anunciada', null]);
    const again = await romaneio(ids.ana.pessoa, dia(0), [item], { chegadaId: c.id, chavesNfe: c.chavesNfe });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
  });

  it('two clerks receiving the same load at once: one 201, one pt-BR 409 naming the other romaneio, one romaneio stored', async () => {
    const [c] = (await portal(ids.bento.token, 'GET', `chegadas?data=${dia(0)}`)).body as Registro[];
    const antes = await countRows(t.app, 'romaneio');
    const rs = await Promise.all([1, 2].map(() => romaneio(ids.bento.pessoa, dia(0), [[p.tomate, 2, ids.bento.item]], { chegadaId: c.id })));
    expect(rs.map((r) => r.status).sort()).toEqual([201, 409]);
    const [ok] = rs.filter((r) => r.status === 201);
    const [nao] = rs.filter((r) => r.status === 409);
    expect(nao.body.message).toBe(chegadaJaRecebida(ok.body[0].id));
    expect(await countRows(t.app, 'romaneio')).toBe(antes + 1);
    // Should a receipt ever reach the database's unique key (the lock above makes the rules see the other first), its
    // error is the same 409 naming the romaneio that holds the load; any other error is left as it is.
    const unico = { code: '23505', constraint: 'romaneio_chegada_id_unique', detail: `Key (chegada_id)=(${c.id}) already exists.` };
    const e = await chegadaJaRecebidaPor(t.app.ctx.db, new Error('falhou', { cause: unico }));
    expect([e?.status, e?.message, e?.fieldErrors]).toEqual([
      409,
      chegadaJaRecebida(ok.body[0].id),
      [{ field: 'chegadaId', message: chegadaJaRecebida(ok.body[0].id) }],
    ]);
    expect(await chegadaJaRecebidaPor(t.app.ctx.db, new Error('outro', { cause: { ...unico, constraint: 'romaneio_divida_data_uq' } }))).toBeNull();
  });

  it('the day’s close counts the announced loads (received or not) and the walk-in romaneios', async () => {
    const d = dia(5);
    const a = await portal(ids.ana.token, 'POST', 'chegadas', carga(d, [[p.tomate, 20]]));
    const b = await portal(ids.bento.token, 'POST', 'chegadas', carga(d, [[p.tomate, 20]]));
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await romaneio(ids.ana.pessoa, d, [[p.tomate, 1, itensAna.tomate]], { chegadaId: a.body.id })).status).toBe(201);
    expect((await romaneio(ids.edu.pessoa, d, [[p.tomate, 1, ids.edu.item]], { confirmar: true })).status).toBe(201);
    const f = await call(t.app, t.admin, { method: 'GET', url: `/api/fechamento?data=${d}` });
    expect(f.body.chegadas).toEqual({ anunciadas: 2, recebidas: 1, naoRecebidas: 1, avulsas: 1 });
  });

  it('tells where the load-received notice goes only after a receipt commits, once per load received', async () => {
    const aoReceberChegada = vi.fn();
    const svc = romaneioService(t.app.ctx.db, {
      diasDeMercado: DIAS,
      nfeObrigatoria: false,
      carteira: 'avisar',
      contribuinte: async () => null,
      aoReceberChegada,
    });
    const c = await portal(ids.edu.token, 'POST', 'chegadas', carga(dia(6), [[p.tomate, 10]], { confirmar: true }));
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    const corpo = {
      dataEmissao: dia(6),
      divida: ++dividas,
      pessoaId: ids.edu.pessoa,
      motivo: null,
      pedras: [],
      chegadaId: c.body.id,
      confirmar: true as const,
    };
    await expect(svc.criar('teste', [{ ...corpo, itens: [{ id: null, produtoId: p.batata, quantidade: 1, boletimItensId: ids.edu.item }] }])).rejects.toThrow();
    expect(aoReceberChegada).not.toHaveBeenCalled();
    await svc.criar('teste', [{ ...corpo, itens: [{ id: null, produtoId: p.tomate, quantidade: 1, boletimItensId: ids.edu.item }] }]);
    await vi.waitFor(() => expect(aoReceberChegada).toHaveBeenCalledWith(c.body.id));
    expect(aoReceberChegada).toHaveBeenCalledTimes(1);
  });
});

describe('announced loads under CARTEIRA_PRODUTOR=exigir', () => {
  const t = appDeTeste({ tokens: [], config: { settings: { ...SETTINGS_PADRAO, diasDeMercado: [0, 1, 2, 3, 4, 5, 6], carteiraProdutor: 'exigir' } } });

  it('refuses a producer whose card ended before the day, storing nothing', async () => {
    const tomate = await inserirProduto(t.app, await inserirGrupo(t.app, 'Frutas'), 'Tomate', { peso: 20 });
    const c = await inserirProdutorComColheita(t.app, tomate, { produtor: 'Ivo Vencido', inicio: dia(-30), fim: dia(30) });
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = ${dia(-1)} WHERE id = ${c.produtor}`);
    const token = await tokenDoProdutor(t.app, c.produtor);
    const r = await call(t.app, token, { method: 'POST', url: '/api/portal/chegadas', payload: carga(dia(1), [[tomate, 10]]) });
    const vencida = situacaoDaCarteira(dia(1), dia(-1), 'exigir')!.mensagem;
    expect([r.status, r.body.message, r.body.fieldErrors]).toEqual([400, vencida, [{ field: 'data', message: vencida }]]);
    expect(await countRows(t.app, 'chegadas')).toBe(0);
  });
});
