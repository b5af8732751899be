import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cpfcnpjPublico, hojeNoMercado, MSG_CODIGO_INVALIDO, PORTAL_OUTRO_PRODUTOR, SETTINGS_PADRAO, somarDias } from '@ceasa/shared';
import { MSG_SO_PRODUTOR } from '../src/plugins/auth';
import { inserirCaderno, inserirGrupo, inserirProduto, inserirProdutorComColheita, inserirRomaneioComItens, reservarPedra } from './fabricas';
import { appDeTeste, call, tokenDoProdutor } from './helpers';

/*
 * What the producer reads in the portal (docs/produto/portal.md, decision 0298), with two producers: each route answers
 * only his own records; the other's ids, in a path or a `pessoaId` filter, are 404; staff get 403.
 */

const HOJE = hojeNoMercado();
const dia = (n: number) => somarDias(HOJE, n);
const QR = 'https://qr.ceasa.exemplo.gov.br';
const ROTAS = ['eu', 'romaneios', 'boletins', 'cadernos', 'inspecoes', 'pedras'] as const;

type Produtor = Awaited<ReturnType<typeof inserirProdutorComColheita>> & { token: string; romaneio: number; itemRomaneio: number; caderno: number };

describe('the portal reads (two producers)', () => {
  const t = appDeTeste({ config: { settings: { ...SETTINGS_PADRAO, qrHost: QR } } });
  let a: Produtor;
  let b: Produtor;
  const como = (token: string | null, url: string, headers?: Record<string, string>) =>
    call(t.app, token, { method: 'GET', url: `/api/portal/${url}`, headers });

  /** A producer with a harvest (1,000 kg of tomato from 30 days ago to 30 days ahead), a notebook, a romaneio of 5 days ago on stall `pedra`, and a portal account. */
  async function produtor(tomate: number, nome: string, pedra: string, aplicacao: { data: string; periodoCarencia: number }): Promise<Produtor> {
    const p = await inserirProdutorComColheita(t.app, tomate, { produtor: nome, municipio: `Município de ${nome}`, inicio: dia(-30), fim: dia(30) });
    const caderno = await inserirCaderno(t.app, p.item, tomate, [{ nomeProduto: `Fungicida de ${nome}`, ...aplicacao }]);
    const r = await inserirRomaneioComItens(t.app, p.produtor, dia(-5), 9_100_000 + p.produtor, [[tomate, 10, p.item]]);
    await reservarPedra(t.app, r.romaneio, pedra, dia(-5));
    return {
      ...p,
      token: await tokenDoProdutor(t.app, p.produtor, `${nome.split(' ')[0].toLowerCase()}@produtor.test`),
      romaneio: r.romaneio,
      itemRomaneio: r.itens[0],
      caderno,
    };
  }

  beforeAll(async () => {
    const grupo = await inserirGrupo(t.app, 'Hortaliças');
    const tomate = await inserirProduto(t.app, grupo, 'Tomate', { peso: 20, embalagem: 'CX 20kg' });
    a = await produtor(tomate, 'Ana Lavradora', '7', { data: dia(-2), periodoCarencia: 7 });
    b = await produtor(tomate, 'Bento Roceiro', '8', { data: dia(-40), periodoCarencia: 3 });
    // Ana's load of 5 days ago: a residue sample not conforming, suspending her for 20 days from its collection.
    await t.app.ctx.db.execute(sql`INSERT INTO inspecao (romaneio_id, tipo, coleta_em, laboratorio, codigo_amostra, resultado, principio_ativo, suspenso_ate)
      VALUES (${a.romaneio}, 'residuo', ${dia(-5)}, 'Lacen', 'AM-PORTAL-1', 'nao_conforme', 'Carbendazim', ${dia(15)})`);
    // Bento's: a label inspection, conforming.
    await t.app.ctx.db.execute(sql`INSERT INTO inspecao (romaneio_id, tipo, coleta_em, resultado, checklist)
      VALUES (${b.romaneio}, 'rotulagem', ${dia(-5)}, 'conforme', '{}'::jsonb)`);
  });

  it('answers 401 without a token and 403 to every staff profile, on every read route', async () => {
    for (const rota of [...ROTAS, `romaneios/${a.romaneio}`]) {
      expect((await como(null, rota)).status, rota).toBe(401);
      for (const token of [t.admin, t.userAdmin, t.agro, t.semPerfil]) {
        const r = await como(token, rota);
        expect([r.status, r.body.message], rota).toEqual([403, MSG_SO_PRODUTOR]);
      }
    }
  });

  it('eu: his record with the CPF masked, his account and the suspension in force', async () => {
    const r = await como(a.token, 'eu');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [{ cpfcnpj, celular }] = (await t.app.ctx.db.execute(sql`SELECT cpfcnpj, celular FROM pessoa WHERE id = ${a.produtor}`)).rows as {
      cpfcnpj: string;
      celular: string;
    }[];
    expect(r.body).toEqual({
      pessoa: {
        id: a.produtor,
        nome: 'Ana Lavradora',
        cpfcnpj: cpfcnpjPublico(cpfcnpj),
        celular,
        tipoDescricao: expect.any(String),
        carteiraValidaAte: null,
        temFoto: false,
      },
      conta: { email: 'ana@produtor.test', entrada: 'senha', nivelGovbr: null },
      suspensao: { inicio: dia(-5), fim: dia(15), principioAtivo: 'Carbendazim' },
    });
    expect(r.body.pessoa.cpfcnpj).toMatch(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/);
    const outro = await como(b.token, 'eu');
    expect([outro.body.pessoa.nome, outro.body.suspensao]).toEqual(['Bento Roceiro', null]);
  });

  it('romaneios: his own, paged, with each lot page on the QR host (never the request host); the other producer’s is a 404', async () => {
    const lista = await como(a.token, 'romaneios?size=5', { host: 'forjado.example' });
    expect(lista.status, JSON.stringify(lista.body)).toBe(200);
    expect(lista.body).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 5 });
    const [r] = lista.body.content;
    const [{ codigo }] = (
      await t.app.ctx.db.execute(sql`SELECT coalesce(codigo_lote, romaneio_id || 'R' || id) AS codigo FROM romaneio_itens WHERE id = ${a.itemRomaneio}`)
    ).rows as { codigo: string }[];
    expect(r).toEqual({
      id: a.romaneio,
      dataEmissao: dia(-5),
      divida: 9_100_000 + a.produtor,
      chegadaId: null,
      pedras: ['7'],
      chavesNfe: [],
      itens: [
        {
          id: a.itemRomaneio,
          produtoId: expect.any(Number),
          produtoNome: 'Tomate',
          produtoEmbalagem: 'CX 20kg',
          quantidade: 10,
          kg: 200,
          lote: codigo,
          linkDoLote: `${QR}/lote/${encodeURIComponent(codigo)}`,
          propriedadeNome: 'Sítio Boa Esperança',
          municipioNome: 'Município de Ana Lavradora',
        },
      ],
    });
    expect((await como(a.token, `romaneios/${a.romaneio}`)).body).toEqual(r);
    const doOutro = await como(a.token, `romaneios/${b.romaneio}`);
    expect([doOutro.status, doOutro.body.message]).toEqual([404, 'Romaneio não encontrado']);
    expect((await como(b.token, 'romaneios')).body.content.map((x: { id: number }) => x.id)).toEqual([b.romaneio]);
    const vazia = await como(a.token, 'romaneios?page=1&size=5');
    expect([vazia.body.content, vazia.body.totalElements]).toEqual([[], 1]);
    const grande = await como(a.token, 'romaneios?size=101');
    expect([grande.status, grande.body.message]).toEqual([400, 'O tamanho da página deve ser no máximo 100']);
  });

  it('a pessoaId filter of another producer is a 404 on every read route; his own is the same answer', async () => {
    for (const rota of [...ROTAS, `romaneios/${a.romaneio}`]) {
      const outro = await como(a.token, `${rota}?pessoaId=${b.produtor}`);
      expect([outro.status, outro.body.message], rota).toEqual([404, PORTAL_OUTRO_PRODUTOR]);
      expect((await como(a.token, `${rota}?pessoaId=${a.produtor}`)).body, rota).toEqual((await como(a.token, rota)).body);
      expect((await como(a.token, `${rota}?pessoaId=0x1`)).status, rota).toBe(400);
    }
    expect((await como(a.token, 'romaneios/0x1')).body.message).toBe(MSG_CODIGO_INVALIDO);
  });

  it('boletins: his bulletins with each item’s estimate, what was sold and its balance in kg', async () => {
    const r = await como(a.token, 'boletins');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        id: a.boletim,
        dataEmissao: '2026-10-01',
        dataVisita: '2026-10-01',
        dataVigencia: dia(30),
        propriedadeNome: 'Sítio Boa Esperança',
        municipioNome: 'Município de Ana Lavradora',
        tecnicoNome: 'Carla Técnica',
        itens: [
          {
            id: a.item,
            produtoId: expect.any(Number),
            produtoNome: 'Tomate',
            produtoEmbalagem: 'CX 20kg',
            inicioColheita: dia(-30),
            fimColheita: dia(30),
            producaoEstimada: 1000,
            producaoComercializada: 200,
            saldoQtde: 800,
            temCaderno: true,
          },
        ],
      },
    ]);
    expect((await como(b.token, 'boletins')).body.map((x: { id: number }) => x.id)).toEqual([b.boletim]);
  });

  it('cadernos: each application’s withdrawal period, the day it ends and whether it is running today', async () => {
    const r = await como(a.token, 'cadernos');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        id: a.caderno,
        boletimId: a.boletim,
        boletimItemId: a.item,
        produtoNome: 'Tomate',
        propriedadeNome: 'Sítio Boa Esperança',
        dataPlantio: '2026-01-01',
        dataColheita: '2026-12-31',
        aplicacoes: [{ nomeProduto: 'Fungicida de Ana Lavradora', data: dia(-2), periodoCarencia: 7, fimCarencia: dia(5) }],
        fimCarencia: dia(5),
        emCarencia: true,
      },
    ]);
    const dele = (await como(b.token, 'cadernos')).body;
    expect(dele.map((c: { id: number; fimCarencia: string; emCarencia: boolean }) => [c.id, c.fimCarencia, c.emCarencia])).toEqual([
      [b.caderno, dia(-37), false],
    ]);
  });

  it('inspecoes: his results, the lots held by a non-conforming residue result and the suspension with its end', async () => {
    const r = await como(a.token, 'inspecoes');
    expect(r.status).toBe(200);
    const [{ codigo }] = (
      await t.app.ctx.db.execute(sql`SELECT coalesce(codigo_lote, romaneio_id || 'R' || id) AS codigo FROM romaneio_itens WHERE id = ${a.itemRomaneio}`)
    ).rows as { codigo: string }[];
    expect(r.body).toEqual({
      suspensao: { inicio: dia(-5), fim: dia(15), principioAtivo: 'Carbendazim' },
      inspecoes: [
        {
          id: expect.any(Number),
          romaneioId: a.romaneio,
          dataEmissao: dia(-5),
          tipo: 'residuo',
          coletaEm: dia(-5),
          resultado: 'nao_conforme',
          principioAtivo: 'Carbendazim',
          suspensoAte: dia(15),
          situacao: 'retido',
          lotes: [codigo],
        },
      ],
      lotesRetidos: [{ lote: codigo, produtoNome: 'Tomate', romaneioId: a.romaneio, dataEmissao: dia(-5) }],
    });
    const dele = (await como(b.token, 'inspecoes')).body;
    expect(dele.suspensao).toBeNull();
    expect(dele.lotesRetidos).toEqual([]);
    expect(
      dele.inspecoes.map((i: { romaneioId: number; tipo: string; resultado: string; situacao: null }) => [i.romaneioId, i.tipo, i.resultado, i.situacao]),
    ).toEqual([[b.romaneio, 'rotulagem', 'conforme', null]]);
  });

  it('pedras: the stalls booked for his romaneios', async () => {
    expect((await como(a.token, 'pedras')).body).toEqual([{ data: dia(-5), numero: '7', ocupacao: null, romaneioId: a.romaneio }]);
    expect((await como(b.token, 'pedras')).body).toEqual([{ data: dia(-5), numero: '8', ocupacao: null, romaneioId: b.romaneio }]);
  });
});
