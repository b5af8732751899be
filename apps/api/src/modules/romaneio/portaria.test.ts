import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMAR_INVALIDO, montarChaveNfe, SETTINGS_PADRAO } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirBoletimItem, inserirGrupo, inserirProduto, inserirProdutorComColheita } from '../../../test/fabricas';

/*
 * Every rule of the gate on the server (docs/decisions/0294-regras-da-portaria-no-servidor.md), as any API client
 * meets them: a correction (PUT) runs the refusals POST runs (a suspended producer, a card past its date under
 * exigir), and each question answers 409 with its code, message and figures until the romaneio confirms it.
 */

const SEG = '2026-11-23';
const QUI = '2026-11-26';
let dividas = 9_400_000;
let produtores = 0;

type Corpo = Record<string, unknown>;
type Salvo = {
  id: number;
  versao: number;
  dataEmissao: string;
  divida: number;
  pessoaId: number;
  itens: { id: number; produtoId: number; quantidade: number; boletimItensId: number }[];
};

/** A producer of `tomate` (20 kg a package) whose bulletin item estimates 1,000 kg (50 packages), harvested all November and December. */
async function produtorDeTomate(app: ReturnType<typeof appDeTeste>['app'], tomate: number, nome: string) {
  const p = await inserirProdutorComColheita(app, tomate, { produtor: nome, municipio: `Portaria ${++produtores}` });
  return { ...p, nome };
}

const romaneio = (pessoaId: number, boletimItensId: number, tomate: number, o: Corpo = {}): Corpo => ({
  dataEmissao: QUI,
  divida: ++dividas,
  pessoaId,
  pedras: [],
  itens: [{ produtoId: tomate, quantidade: 10, boletimItensId }],
  ...o,
});

/** The body of PUT romaneio from a saved romaneio, changed by `o`. */
const correcao = (r: Salvo, o: Corpo = {}): Corpo => ({
  id: r.id,
  versao: r.versao,
  dataEmissao: r.dataEmissao,
  divida: r.divida,
  pessoaId: r.pessoaId,
  pedras: [],
  itens: r.itens.map((i) => ({ id: i.id, produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId })),
  ...o,
});

describe('a correction runs the refusals of a new romaneio (CARTEIRA_PRODUTOR=exigir)', () => {
  const t = appDeTeste({ tokens: ['admin'], config: { settings: { ...SETTINGS_PADRAO, carteiraProdutor: 'exigir' } } });
  let tomate: number;
  let alface: number;
  let p: Awaited<ReturnType<typeof produtorDeTomate>>;
  let biAlface: number;
  const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    call(t.app, t.admin, { method, url: `/api/${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ler = async (id: number) => (await req('GET', `romaneio/${id}`)).body as Salvo;

  beforeAll(async () => {
    const grupo = await inserirGrupo(t.app, 'Hortaliças');
    tomate = await inserirProduto(t.app, grupo, 'Tomate', { peso: 20 });
    alface = await inserirProduto(t.app, grupo, 'Alface', { peso: 20 });
    p = await produtorDeTomate(t.app, tomate, 'Joana Suspensa');
    biAlface = await inserirBoletimItem(t.app, p.boletim, alface, '2026-11-01', '2026-12-31');
  });

  it('refuses a correction that adds an item or raises a quantity for a producer suspended on its date, changing nothing; a lower quantity is saved', async () => {
    const criado = await req('POST', 'romaneio', [romaneio(p.produtor, p.item, tomate)]);
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    const r = criado.body[0] as Salvo;
    // A residue analysis of that load, not conforming: suspended from the collection (its date) to 26/12/2026.
    await t.app.ctx.db.execute(sql`INSERT INTO inspecao (romaneio_id, tipo, coleta_em, laboratorio, codigo_amostra, resultado, principio_ativo, suspenso_ate)
      VALUES (${r.id}, 'residuo', ${QUI}, 'Lacen', 'AM-PORTARIA-1', 'nao_conforme', 'Carbendazim', '2026-12-26')`);
    const SUSPENSO = 'Produtor suspenso até 26/12/2026 por resultado de análise de resíduos.';
    const antes = await ler(r.id);
    const logs = await countRows(t.app, 'logs');
    const comAlface = correcao(r, {
      motivo: 'Faltou a alface',
      itens: [...(correcao(r).itens as object[]), { produtoId: alface, quantidade: 3, boletimItensId: biAlface }],
    });
    for (const [url, corpo] of [
      [`romaneio/${r.id}`, comAlface],
      ['romaneio', comAlface],
      [`romaneio/${r.id}`, correcao(r, { itens: [{ ...r.itens[0], quantidade: 11 }] })],
    ] as const) {
      const x = await req('PUT', url, corpo);
      expect(x.status, JSON.stringify(x.body)).toBe(400);
      expect(x.body).toMatchObject({ message: SUSPENSO, fieldErrors: [{ field: 'pessoaId', message: SUSPENSO }] });
    }
    expect(await ler(r.id)).toEqual(antes);
    expect(await countRows(t.app, 'logs')).toBe(logs);
    // Less of the load is no entry: saved.
    const menos = await req('PUT', `romaneio/${r.id}`, correcao(r, { itens: [{ ...r.itens[0], quantidade: 4 }] }));
    expect(menos.status, JSON.stringify(menos.body)).toBe(200);
    expect(menos.body.itens.map((i: { quantidade: number }) => i.quantidade)).toEqual([4]);
  });

  it('refuses a correction adding an item when the producer card ended before the date (exigir), changing nothing', async () => {
    const q = await produtorDeTomate(t.app, tomate, 'Ivo Vencido');
    const criado = await req('POST', 'romaneio', [romaneio(q.produtor, q.item, tomate)]);
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    const r = criado.body[0] as Salvo;
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = '2026-11-25' WHERE id = ${q.produtor}`);
    const mais = await inserirBoletimItem(t.app, q.boletim, alface, '2026-11-01', '2026-12-31');
    const antes = await ler(r.id);
    const x = await req(
      'PUT',
      `romaneio/${r.id}`,
      correcao(r, { motivo: 'Faltou a alface', itens: [...(correcao(r).itens as object[]), { produtoId: alface, quantidade: 3, boletimItensId: mais }] }),
    );
    const VENCIDA = 'A carteira de produtor venceu em 25/11/2026: renove-a no cadastro do produtor.';
    expect(x.status, JSON.stringify(x.body)).toBe(400);
    expect(x.body).toMatchObject({ message: VENCIDA, fieldErrors: [{ field: 'pessoaId', message: VENCIDA }] });
    expect(await ler(r.id)).toEqual(antes);
  });
});

describe("the gate's questions: 409 with each code, message and figures, until confirmed", () => {
  const t = appDeTeste({ tokens: ['admin'] });
  let tomate: number;
  const post = (corpo: Corpo[]) => call(t.app, t.admin, { method: 'POST', url: '/api/romaneio', payload: corpo });
  const put = (id: number, corpo: Corpo) => call(t.app, t.admin, { method: 'PUT', url: `/api/romaneio/${id}`, payload: corpo });
  const linhas = async () => ({ romaneio: await countRows(t.app, 'romaneio'), dividas: await countRows(t.app, 'romaneio_divida') });

  /** Asks with `corpo` (nothing stored), still asks when only `outro` is confirmed, then saves with its code. */
  async function perguntaEConfirma(corpo: Corpo, pergunta: Record<string, unknown>, outro: string) {
    const antes = await linhas();
    const r = await post([corpo]);
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toMatchObject({ message: pergunta.mensagem, confirmar: [pergunta.codigo], perguntas: [pergunta] });
    expect(r.body.fieldErrors).toEqual([{ field: pergunta.field, message: pergunta.mensagem }]);
    const soOutro = await post([{ ...corpo, confirmar: [outro] }]);
    expect(soOutro.status).toBe(409);
    expect(soOutro.body.perguntas).toEqual([pergunta]);
    expect(await linhas()).toEqual(antes);
    const salvo = await post([{ ...corpo, confirmar: [pergunta.codigo] }]);
    expect(salvo.status, JSON.stringify(salvo.body)).toBe(201);
    return salvo.body[0] as Salvo;
  }

  beforeAll(async () => {
    tomate = await inserirProduto(t.app, await inserirGrupo(t.app, 'Hortaliças'), 'Tomate', { peso: 20 });
  });

  it("saldoBoletim: the batch's kg of a bulletin item over its balance", async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Saldo');
    // 10 packages (200 kg) on Monday leave 800 kg; 45 more (900 kg) on Thursday pass them.
    expect((await post([romaneio(p.produtor, p.item, tomate, { dataEmissao: SEG })])).status).toBe(201);
    await perguntaEConfirma(
      romaneio(p.produtor, p.item, tomate, { itens: [{ produtoId: tomate, quantidade: 45, boletimItensId: p.item }] }),
      {
        codigo: 'saldoBoletim',
        mensagem: 'Tomate: 900 kg passam do saldo do boletim (800 kg).',
        field: '[0].itens[0].quantidade',
        boletimItensId: p.item,
        produto: 'Tomate',
        kg: 900,
        saldo: 800,
      },
      'romaneioNoDia',
    );
  });

  it('saldoBoletim on a batch: the kg of every date together', async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Lote');
    const divida = ++dividas;
    const dia = (dataEmissao: string, quantidade: number) =>
      romaneio(p.produtor, p.item, tomate, { dataEmissao, divida, itens: [{ produtoId: tomate, quantidade, boletimItensId: p.item }] });
    const r = await post([dia(SEG, 30), dia(QUI, 30)]);
    expect(r.status).toBe(409);
    expect(r.body.perguntas).toEqual([expect.objectContaining({ codigo: 'saldoBoletim', kg: 1200, saldo: 1000, field: '[0].itens[0].quantidade' })]);
    // Confirmed on one romaneio of the two only: still asked.
    expect((await post([{ ...dia(SEG, 30), confirmar: ['saldoBoletim'] }, dia(QUI, 30)])).status).toBe(409);
    expect((await post([dia(SEG, 30), dia(QUI, 30)].map((x) => ({ ...x, confirmar: ['saldoBoletim'] })))).status).toBe(201);
  });

  it('romaneioNoDia: another romaneio of the producer on the date, named by its code', async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Dia');
    const primeiro = await post([romaneio(p.produtor, p.item, tomate)]);
    expect(primeiro.status).toBe(201);
    const id = primeiro.body[0].id as number;
    await perguntaEConfirma(
      romaneio(p.produtor, p.item, tomate),
      {
        codigo: 'romaneioNoDia',
        mensagem: `Já existe romaneio de Ana Dia em 26/11/2026 (código ${id}).`,
        field: '[0].dataEmissao',
        romaneioId: id,
        dataEmissao: QUI,
        produtor: 'Ana Dia',
      },
      'saldoBoletim',
    );
  });

  it("contribuinte: the debt's taxpayer is another name; the same name however written asks nothing", async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Contribuinte');
    const outra = ++dividas;
    const dela = ++dividas;
    await t.app.ctx.db.execute(
      sql`INSERT INTO dividas (numero, nome_contribuinte, valor_pgto) VALUES (${outra}, 'Maria Souza', 10), (${dela}, 'ANA  CONTRIBUINTE.', 10)`,
    );
    await perguntaEConfirma(
      romaneio(p.produtor, p.item, tomate, { divida: outra }),
      {
        codigo: 'contribuinte',
        mensagem: `O contribuinte da dívida ${outra} é Maria Souza, não o produtor Ana Contribuinte.`,
        field: '[0].divida',
        divida: outra,
        contribuinte: 'Maria Souza',
        produtor: 'Ana Contribuinte',
      },
      'carteira',
    );
    const mesma = await post([romaneio(p.produtor, p.item, tomate, { divida: dela, dataEmissao: SEG })]);
    expect(mesma.status, JSON.stringify(mesma.body)).toBe(201);
  });

  it('carteira: a card ending within 30 days, and one already ended under avisar', async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Carteira');
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = '2026-12-06' WHERE id = ${p.produtor}`);
    await perguntaEConfirma(
      romaneio(p.produtor, p.item, tomate),
      {
        codigo: 'carteira',
        mensagem: 'A carteira de produtor vence em 06/12/2026 (em 10 dias).',
        field: '[0].pessoaId',
        dataEmissao: QUI,
        carteiraValidaAte: '2026-12-06',
      },
      'contribuinte',
    );
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = '2026-11-20' WHERE id = ${p.produtor}`);
    const r = await post([romaneio(p.produtor, p.item, tomate, { dataEmissao: SEG })]);
    expect(r.status).toBe(409);
    expect(r.body.perguntas).toEqual([
      expect.objectContaining({ codigo: 'carteira', mensagem: 'A carteira de produtor venceu em 20/11/2026: renove-a no cadastro do produtor.' }),
    ]);
  });

  it('every question at once, in order; confirmar true confirms them all, as before the codes', async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Tudo');
    const divida = ++dividas;
    await t.app.ctx.db.execute(sql`INSERT INTO dividas (numero, nome_contribuinte, valor_pgto) VALUES (${divida}, 'Outro Nome', 10)`);
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = '2026-12-01' WHERE id = ${p.produtor}`);
    expect((await post([romaneio(p.produtor, p.item, tomate, { confirmar: true })])).status).toBe(201);
    const chave = montarChaveNfe({ ano: 2026, mes: 11, emitente: '11222333000181', numero: 77 });
    const corpo = romaneio(p.produtor, p.item, tomate, { divida, chavesNfe: [chave], itens: [{ produtoId: tomate, quantidade: 45, boletimItensId: p.item }] });
    const r = await post([corpo]);
    expect(r.status).toBe(409);
    const codigos = ['emitenteNfe', 'saldoBoletim', 'romaneioNoDia', 'contribuinte', 'carteira'];
    expect(r.body.confirmar).toEqual(codigos);
    expect(r.body.perguntas.map((x: { codigo: string }) => x.codigo)).toEqual(codigos);
    expect(r.body.message).toBe(r.body.perguntas.map((x: { mensagem: string }) => x.mensagem).join(' '));
    expect((await post([{ ...corpo, confirmar: codigos.slice(1) }])).body.confirmar).toEqual(['emitenteNfe']);
    expect((await post([{ ...corpo, confirmar: false }])).status).toBe(409);
    const salvo = await post([{ ...corpo, confirmar: true }]);
    expect(salvo.status, JSON.stringify(salvo.body)).toBe(201);
  });

  it('a correction asks of what it adds: its own romaneio is no other of the day, its own kg are not counted twice', async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Corrige');
    // 45 packages: 900 kg of the 1,000 estimated.
    const criado = await post([romaneio(p.produtor, p.item, tomate, { itens: [{ produtoId: tomate, quantidade: 45, boletimItensId: p.item }] })]);
    expect(criado.status, JSON.stringify(criado.body)).toBe(201);
    const r = criado.body[0] as Salvo;
    const com = (quantidade: number, o: Corpo = {}) => correcao(r, { itens: [{ ...r.itens[0], quantidade }], ...o });
    // Up to 50 packages (1,000 kg): no question (not itself on the day, nor its 900 kg twice).
    const ok = await put(r.id, com(50));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const antes = await linhas();
    const mais = await put(r.id, com(51, { versao: ok.body.versao }));
    expect(mais.status).toBe(409);
    expect(mais.body.perguntas).toEqual([
      {
        codigo: 'saldoBoletim',
        mensagem: 'Tomate: 1.020 kg passam do saldo do boletim (1.000 kg).',
        field: 'itens[0].quantidade',
        boletimItensId: p.item,
        produto: 'Tomate',
        kg: 1020,
        saldo: 1000,
      },
    ]);
    expect((await put(r.id, com(51, { versao: ok.body.versao, confirmar: ['romaneioNoDia'] }))).status).toBe(409);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/romaneio/${r.id}` })).body.itens[0].quantidade).toBe(50);
    expect(await linhas()).toEqual(antes);
    const confirmado = await put(r.id, com(51, { versao: ok.body.versao, confirmar: ['saldoBoletim'] }));
    expect(confirmado.status, JSON.stringify(confirmado.body)).toBe(200);
    // Another romaneio of the producer that day: a correction that raises a quantity asks it too; one that lowers does not.
    const outro = await post([
      romaneio(p.produtor, p.item, tomate, { itens: [{ produtoId: tomate, quantidade: 1, boletimItensId: p.item }], confirmar: true }),
    ]);
    expect(outro.status).toBe(201);
    const novo = outro.body[0] as Salvo;
    const sobe = await put(novo.id, correcao(novo, { itens: [{ ...novo.itens[0], quantidade: 2 }] }));
    expect(sobe.body.confirmar).toEqual(['saldoBoletim', 'romaneioNoDia']);
    expect(sobe.body.perguntas[1]).toMatchObject({ romaneioId: r.id, field: 'dataEmissao' });
    expect((await put(novo.id, correcao(novo, { itens: [{ ...novo.itens[0], quantidade: 0.5 }] }))).status).toBe(200);
  });

  it('refuses a code it does not know, in Portuguese', async () => {
    const p = await produtorDeTomate(t.app, tomate, 'Ana Código');
    const r = await post([romaneio(p.produtor, p.item, tomate, { confirmar: ['tudo'] })]);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(CONFIRMAR_INVALIDO);
  });
});
