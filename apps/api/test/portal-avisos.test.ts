import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CORRECAO_MSG, TITULAR_MSG, formatDate as fmt, hojeNoMercado, somarDias } from '@ceasa/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../src/identity/mail';
import {
  avisarCarencias,
  avisarChegadaRecebida,
  avisarProdutor,
  esperarEnvios,
  rotinaDiaria,
  type AvisoCtx,
} from '../src/modules/avisos-do-produtor/avisos-do-produtor.service';
import { inserirCaderno, inserirColheita, inserirGrupo, inserirMunicipio, inserirPessoa, inserirProduto, inserirRomaneio } from './fabricas';
import { build, call, countRows, tokenDoProdutor, tokenFor } from './helpers';
import { cabecalho, caixaSmtp, textoDaMensagem, type CaixaSmtp } from './smtp';

/**
 * The producers' news and 'Meus dados' (docs/produto/portal.md, decision 0299), with two producers who have portal
 * accounts (Ana and Bruno) and one who has none (Carlos): each event tells the right one, once; e-mail through a real
 * SMTP sink with RFC 8058 headers; one-click unsubscribe per kind; the export and the correction request.
 */
vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });
const BASE = 'https://ceasa.exemplo.gov.br';
const HOJE = hojeNoMercado();
let app: FastifyInstance;
let smtp: CaixaSmtp;
let ctx: AvisoCtx;
let agro: string;
let encarregado: string;
const ana = { id: 0, token: '', email: 'ana.produtora@teste.local' };
const bruno = { id: 0, token: '', email: 'bruno.produtor@teste.local' };
let carlos = 0;
let produto = 0;
let dividas = 7_100_000;

beforeAll(async () => {
  smtp = await caixaSmtp();
  app = await build({ smtpUrl: smtp.url, publicUrl: `${BASE}/` });
  ctx = { db: app.ctx.db, mailer: app.ctx.mailer, config: app.ctx.config, log: app.log };
  agro = await tokenFor(app, ['user-agro']);
  encarregado = await tokenFor(app, ['encarregado']);
  for (const [p, nome] of [
    [ana, 'Ana Produtora'],
    [bruno, 'Bruno Produtor'],
  ] as const) {
    p.id = await inserirPessoa(app, nome, 1);
    p.token = await tokenDoProdutor(app, p.id, p.email);
  }
  carlos = await inserirPessoa(app, 'Carlos Sem Portal', 1);
  produto = await inserirProduto(app, await inserirGrupo(app, 'Hortaliças do Portal'), 'Alface do Portal');
});
afterAll(async () => {
  await app?.close();
  await smtp?.fechar();
});

const avisos = async (token: string) => {
  const r = await call(app, token, { method: 'GET', url: '/api/portal/avisos?size=100' });
  expect(r.status).toBe(200);
  return r.body.content as { id: number; tipo: string; titulo: string; texto: string }[];
};
const assuntos = (email: string) => smtp.recebidos.filter((m) => m.para.includes(email)).map((m) => cabecalho(m.raw, 'Subject'));
const inspecionar = async (pessoaId: number, o: object) => {
  const romaneioId = await inserirRomaneio(app, pessoaId, HOJE, ++dividas);
  const base = { romaneioId, tipo: 'residuo', coletaEm: HOJE, laboratorio: 'Laboratório Central', codigoAmostra: `AV-${dividas}` };
  const r = await call(app, agro, { method: 'POST', url: '/api/inspecao', payload: { ...base, ...o } });
  expect(r.status).toBe(201);
  await esperarEnvios(ctx);
  return { romaneioId, inspecao: r.body as { id: number; versao: number }, base };
};

describe('avisos do produtor', () => {
  it('tells a residue result and its suspension to the romaneio’s producer only, once each, by e-mail with RFC 8058 headers', async () => {
    const { romaneioId, inspecao, base } = await inspecionar(ana.id, { resultado: 'nao_conforme', principioAtivo: 'Carbendazim' });
    const fim = somarDias(HOJE, 30);
    const deAna = await avisos(ana.token);
    expect(deAna.map((a) => [a.tipo, a.titulo])).toEqual([
      ['suspensao', `Suspensão na portaria até ${fmt(fim)}`],
      ['inspecao', `Inspeção do romaneio ${romaneioId}: não conforme`],
    ]);
    expect(deAna[1].texto).toContain('Princípio ativo encontrado: Carbendazim.');
    expect(await avisos(bruno.token)).toEqual([]);

    const msgs = await smtp.para(ana.email, 2);
    expect(msgs.map((m) => cabecalho(m.raw, 'Subject')).sort()).toEqual(
      [`CEASA Regional - Inspeção do romaneio ${romaneioId}: não conforme`, `CEASA Regional - Suspensão na portaria até ${fmt(fim)}`].sort(),
    );
    const links = new Set<string>();
    for (const m of msgs) {
      const link = /^<(.+)>$/.exec(cabecalho(m.raw, 'List-Unsubscribe') ?? '')?.[1];
      expect(link).toMatch(new RegExp(`^${BASE.replace(/\./g, '\\.')}/api/publico/portal/avisos/cancelar\\?token=`));
      expect(cabecalho(m.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(textoDaMensagem(m.raw)).toContain(link);
      links.add(link!);
    }
    expect(links.size).toBe(2); // one link per kind
    expect(assuntos(bruno.email)).toEqual([]);
    expect(await countRows(app, `portal_avisos WHERE pessoa_id = ${ana.id} AND enviado_em IS NOT NULL`)).toBe(2);

    // Saving the same result again tells nothing new; a pending residue result tells nothing.
    const put = await call(app, agro, {
      method: 'PUT',
      url: `/api/inspecao/${inspecao.id}`,
      payload: { ...base, versao: inspecao.versao, resultado: 'nao_conforme', principioAtivo: 'Carbendazim', observacao: 'revisto' },
    });
    expect(put.status).toBe(200);
    await inspecionar(ana.id, { resultado: 'pendente' });
    expect(await avisos(ana.token)).toHaveLength(2);
    expect(assuntos(ana.email)).toHaveLength(2);
  });

  it('one-click unsubscribe stops that kind only: the portal still lists it, the other kinds are still mailed', async () => {
    const antes = smtp.recebidos.filter((m) => m.para.includes(ana.email));
    const daInspecao = antes.find((m) => cabecalho(m.raw, 'Subject')!.includes('Inspeção'))!;
    const link = /^<(.+)>$/.exec(cabecalho(daInspecao.raw, 'List-Unsubscribe')!)![1];
    const caminho = link.slice(BASE.length);
    const token = new URL(link).searchParams.get('token')!;

    // Forged, truncated or another person's token: a pt-BR 400 page, nothing changed.
    const [id, tipo, assinatura] = token.split('.');
    for (const falso of [
      `${bruno.id}.${tipo}.${assinatura}`,
      `${id}.suspensao.${assinatura}`,
      `${id}.${tipo}.${'A'.repeat(43)}`,
      `${token}${'A'.repeat(300)}`,
      id,
      '',
    ])
      for (const method of ['GET', 'POST'] as const) {
        const r = await app.inject({ method, url: `/api/publico/portal/avisos/cancelar?token=${encodeURIComponent(falso)}` });
        expect(r.statusCode).toBe(400);
        expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(r.body).toContain('Link inválido');
      }
    expect(await countRows(app, 'portal_avisos_cancelados')).toBe(0);
    // The token is nowhere in the database (computed from the person, the kind and a kept secret).
    const dump = JSON.stringify((await app.ctx.db.execute(sql`SELECT to_jsonb(a)::text AS l FROM portal_avisos a`)).rows);
    expect(dump).not.toContain(assinatura);

    // Opening the link shows a button; a link scanner's GET changes nothing.
    const pagina = await app.inject({ method: 'GET', url: caminho });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.body).toContain('os avisos de resultado de inspeção');
    expect(pagina.body).toContain('Não receber mais por e-mail');
    expect(await countRows(app, 'portal_avisos_cancelados')).toBe(0);
    // RFC 8058: the mail client's POST, without a session.
    const sair = await app.inject({
      method: 'POST',
      url: caminho,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(sair.statusCode).toBe(200);
    expect(sair.body).toContain('Avisos por e-mail cancelados');
    const prefs = await call(app, ana.token, { method: 'GET', url: '/api/portal/avisos/preferencias' });
    expect(prefs.body).toEqual({ inspecao: false, suspensao: true, chegada: true, carencia: true });
    expect((await call(app, bruno.token, { method: 'GET', url: '/api/portal/avisos/preferencias' })).body).toEqual({
      inspecao: true,
      suspensao: true,
      chegada: true,
      carencia: true,
    });

    // A new non-conforming result: both notices in the portal, only the suspension mailed.
    const { romaneioId } = await inspecionar(ana.id, { resultado: 'nao_conforme', principioAtivo: 'Acefato', coletaEm: somarDias(HOJE, 1) });
    const lista = await avisos(ana.token);
    expect(lista).toHaveLength(4);
    expect(lista[1].titulo).toBe(`Inspeção do romaneio ${romaneioId}: não conforme`);
    const depois = smtp.recebidos.filter((m) => m.para.includes(ana.email));
    expect(depois).toHaveLength(antes.length + 1);
    expect(cabecalho(depois.at(-1)!.raw, 'Subject')).toBe(`CEASA Regional - Suspensão na portaria até ${fmt(somarDias(HOJE, 31))}`);
    expect(await countRows(app, `portal_avisos WHERE pessoa_id = ${ana.id} AND enviado_em IS NULL`)).toBe(1);
  });

  it('tells a withdrawal period ending within 3 days once, however many runs; a person without a portal account gets no e-mail', async () => {
    const municipio = await inserirMunicipio(app, 'Vale dos Avisos', 'MG');
    const tecnico = await inserirPessoa(app, 'Técnica dos Avisos', 2);
    const colheita = (produtorId: number) =>
      inserirColheita(app, { produtorId, tecnicoId: tecnico, municipioId: municipio, produtoId: produto, inicio: HOJE, fim: somarDias(HOJE, 60) });
    const deBruno = await colheita(bruno.id);
    const deCarlos = await colheita(carlos);
    await inserirCaderno(app, deBruno.item, produto, [
      { nomeProduto: 'Inseticida Perto', data: somarDias(HOJE, -5), periodoCarencia: 7 },
      { nomeProduto: 'Fungicida Longe', data: HOJE, periodoCarencia: 10 },
      { nomeProduto: 'Herbicida Passado', data: somarDias(HOJE, -20), periodoCarencia: 7 },
    ]);
    await inserirCaderno(app, deCarlos.item, produto, [{ nomeProduto: 'Inseticida do Carlos', data: somarDias(HOJE, -1), periodoCarencia: 4 }]);
    const enviadosAntes = smtp.recebidos.length;

    expect(await avisarCarencias(ctx)).toBe(2);
    expect(await rotinaDiaria(ctx)).toEqual({ carencias: 0, reenviados: 0 });
    expect(await avisarCarencias(ctx)).toBe(0);
    await esperarEnvios(ctx);

    const fim = fmt(somarDias(HOJE, 2));
    const deB = await avisos(bruno.token);
    expect(deB.map((a) => a.titulo)).toEqual([`Carência de Inseticida Perto termina: venda a partir de ${fim}`]);
    expect(deB[0].texto).toBe(
      `A carência de Inseticida Perto, aplicado em ${fmt(somarDias(HOJE, -5))} em Alface do Portal (7 dias), termina: a portaria aceita esse produto a partir de ${fim}.`,
    );
    expect(await smtp.para(bruno.email, 1)).toHaveLength(1);
    expect(assuntos(bruno.email)).toEqual([`CEASA Regional - Carência de Inseticida Perto termina: venda a partir de ${fim}`]);
    // Carlos has no portal account: his notice is kept (for when he has one), no e-mail goes anywhere for it.
    expect(await countRows(app, `portal_avisos WHERE pessoa_id = ${carlos} AND tipo = 'carencia' AND enviado_em IS NULL`)).toBe(1);
    expect(smtp.recebidos.length).toBe(enviadosAntes + 1);
    expect((await avisos(ana.token)).some((a) => a.tipo === 'carencia')).toBe(false);
  });

  it('tells a received announced load once, to its producer; nothing for a load not received', async () => {
    const chegada = async (pessoaId: number) =>
      Number(((await app.ctx.db.execute(sql`INSERT INTO chegadas (pessoa_id, data) VALUES (${pessoaId}, ${HOJE}) RETURNING id`)).rows[0] as { id: number }).id);
    const recebida = await chegada(bruno.id);
    const anunciada = await chegada(bruno.id);
    const romaneio = await inserirRomaneio(app, bruno.id, HOJE, ++dividas);
    await app.ctx.db.execute(sql`UPDATE romaneio SET chegada_id = ${recebida} WHERE id = ${romaneio}`);

    expect(await avisarChegadaRecebida(ctx, anunciada)).toBeNull();
    expect(await avisarChegadaRecebida(ctx, recebida)).toEqual(expect.any(Number));
    expect(await avisarChegadaRecebida(ctx, recebida)).toBeNull();
    await esperarEnvios(ctx);
    const deB = (await avisos(bruno.token)).filter((a) => a.tipo === 'chegada');
    expect(deB).toEqual([
      expect.objectContaining({
        titulo: `Chegada de ${fmt(HOJE)} recebida`,
        texto: `Sua chegada anunciada para ${fmt(HOJE)} foi recebida na portaria: romaneio ${romaneio}.`,
      }),
    ]);
    expect(assuntos(bruno.email)).toContain(`CEASA Regional - Chegada de ${fmt(HOJE)} recebida`);
    expect((await avisos(ana.token)).some((a) => a.tipo === 'chegada')).toBe(false);
  });

  it('keeps a notice whose e-mail failed (a warning, not an error) and the daily run sends it later', async () => {
    const alertas: string[] = [];
    const quebrado: Mailer = { send: () => Promise.reject(new Error('SMTP fora do ar')) };
    const log = { warn: (_o: object, m: string) => void alertas.push(m), error: () => expect.fail('um e-mail que falha não é um erro') };
    const id = await avisarProdutor(
      { ...ctx, mailer: quebrado, log: log as unknown as FastifyBaseLogger },
      {
        pessoaId: ana.id,
        tipo: 'suspensao',
        chave: 'teste:falha-do-smtp',
        titulo: 'Aviso de teste',
        texto: 'Um aviso cujo e-mail falhou.',
      },
    );
    await esperarEnvios(ctx);
    expect(id).toEqual(expect.any(Number));
    expect(alertas).toEqual([expect.stringContaining('não enviado por e-mail')]);
    expect(await countRows(app, `portal_avisos WHERE id = ${id} AND enviado_em IS NULL`)).toBe(1);
    // The run skips what is only minutes old (its first send may still be under way), then sends it.
    expect((await rotinaDiaria(ctx)).reenviados).toBe(0);
    await app.ctx.db.execute(sql`UPDATE portal_avisos SET criado_em = now() - interval '20 minutes' WHERE id = ${id}`);
    expect((await rotinaDiaria(ctx)).reenviados).toBe(1);
    expect(assuntos(ana.email)).toContain('CEASA Regional - Aviso de teste');
    expect((await rotinaDiaria(ctx)).reenviados).toBe(0);
  });

  it('lists and sets only his own: paged, preferences per person, pt-BR 400 that changes nothing; staff get 403, no token 401', async () => {
    const pagina = await call(app, ana.token, { method: 'GET', url: '/api/portal/avisos?page=0&size=2' });
    expect(pagina.status).toBe(200);
    expect(pagina.body).toMatchObject({ number: 0, size: 2, totalElements: 5, totalPages: 3 });
    expect(pagina.body.content).toHaveLength(2);
    expect(pagina.body.content[0].id).toBeGreaterThan(pagina.body.content[1].id);
    expect((await call(app, ana.token, { method: 'GET', url: '/api/portal/avisos?size=101' })).body.message).toBe('O tamanho da página deve ser no máximo 100');

    const novas = { inspecao: true, suspensao: true, chegada: false, carencia: false };
    const put = await call(app, bruno.token, { method: 'PUT', url: '/api/portal/avisos/preferencias', payload: novas });
    expect(put.status).toBe(200);
    expect(put.body).toEqual(novas);
    expect(await countRows(app, `portal_avisos_cancelados WHERE pessoa_id = ${bruno.id}`)).toBe(2);
    expect((await call(app, ana.token, { method: 'GET', url: '/api/portal/avisos/preferencias' })).body.inspecao).toBe(false);
    const ruim = await call(app, bruno.token, { method: 'PUT', url: '/api/portal/avisos/preferencias', payload: { inspecao: 'sim', suspensao: true } });
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toBe('Diga se quer receber por e-mail os avisos de resultado de inspeção (true ou false)');
    expect(await countRows(app, `portal_avisos_cancelados WHERE pessoa_id = ${bruno.id}`)).toBe(2);
    const todas = { inspecao: true, suspensao: true, chegada: true, carencia: true };
    expect((await call(app, bruno.token, { method: 'PUT', url: '/api/portal/avisos/preferencias', payload: todas })).body).toEqual(todas);
    expect(await countRows(app, `portal_avisos_cancelados WHERE pessoa_id = ${bruno.id}`)).toBe(0);

    const admin = await tokenFor(app, ['super-admin']);
    for (const [method, url, payload] of [
      ['GET', '/api/portal/avisos', undefined],
      ['GET', '/api/portal/avisos/preferencias', undefined],
      ['PUT', '/api/portal/avisos/preferencias', todas],
      ['GET', '/api/portal/meus-dados', undefined],
      ['POST', '/api/portal/correcao', { texto: 'Meu nome está errado.' }],
    ] as const) {
      for (const staff of [agro, encarregado, admin]) {
        const r = await call(app, staff, { method, url, payload });
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body.message).toBe('Esta área é do portal do produtor: entre em /portal com a sua conta de produtor.');
      }
      expect((await call(app, null, { method, url, payload })).status).toBe(401);
    }
    expect(await countRows(app, 'titular_solicitacoes')).toBe(0);
  });

  it('Meus dados downloads his own export and none of the other producer’s', async () => {
    const romaneioDeBruno = await inserirRomaneio(app, bruno.id, HOJE, ++dividas);
    const r = await call(app, ana.token, { method: 'GET', url: '/api/portal/meus-dados' });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="meus-dados.json"');
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.pessoa).toMatchObject({ id: ana.id, nome: 'Ana Produtora' });
    expect(r.body.romaneios.length).toBeGreaterThan(0);
    expect(r.body.contaDoPortal).toEqual([expect.objectContaining({ email: ana.email })]);
    expect(r.body.avisosDoPortal.length).toBe(5);
    expect(r.body.avisosSemEmail).toEqual([expect.objectContaining({ tipo: 'inspecao' })]);
    const texto = JSON.stringify(r.body);
    const docDeBruno = ((await app.ctx.db.execute(sql`SELECT cpfcnpj FROM pessoa WHERE id = ${bruno.id}`)).rows[0] as { cpfcnpj: string }).cpfcnpj;
    for (const dele of ['Bruno Produtor', bruno.email, docDeBruno, 'Inseticida Perto']) expect(texto).not.toContain(dele);
    expect(r.body.romaneios.map((x: { id: number }) => x.id)).not.toContain(romaneioDeBruno);
    // The read is logged like the encarregado's export.
    expect(await countRows(app, `leituras WHERE usuario = '${ana.email}' AND cadastro = 'exportacao' AND pessoa_id = ${ana.id}`)).toBe(1);

    const zip = await app.inject({ method: 'GET', url: '/api/portal/meus-dados?formato=zip', headers: { authorization: `Bearer ${ana.token}` } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toBe('attachment; filename="meus-dados.zip"');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await call(app, ana.token, { method: 'GET', url: '/api/portal/meus-dados?formato=pdf' })).body.message).toBe('O formato deve ser json ou zip');
  });

  it('opens a correction request, confirmed and due as the others, in the encarregado’s list; pt-BR 400 and 429 change nothing', async () => {
    const pedir = (texto: unknown, token = ana.token) => call(app, token, { method: 'POST', url: '/api/portal/correcao', payload: { texto } });
    for (const [texto, msg] of [
      ['   ', CORRECAO_MSG.texto],
      [undefined, CORRECAO_MSG.texto],
      ['x'.repeat(2001), TITULAR_MSG.texto],
    ] as const) {
      const r = await pedir(texto);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(msg);
    }
    expect(await countRows(app, 'titular_solicitacoes')).toBe(0);

    const ok = await pedir('  Meu celular mudou para (11) 91234-5678.  ');
    expect(ok.status).toBe(201);
    const prazo = somarDias(HOJE, 15);
    expect(ok.body).toEqual({ id: expect.any(Number), prazo, message: `Pedido de correção registrado. O encarregado responde por e-mail até ${fmt(prazo)}.` });
    const fila = await call(app, encarregado, { method: 'GET', url: '/api/titular' });
    expect(fila.status).toBe(200);
    const doc = ((await app.ctx.db.execute(sql`SELECT cpfcnpj FROM pessoa WHERE id = ${ana.id}`)).rows[0] as { cpfcnpj: string }).cpfcnpj;
    expect(fila.body).toEqual([
      expect.objectContaining({
        id: ok.body.id,
        tipo: 'correcao',
        pessoaId: ana.id,
        pessoaNome: 'Ana Produtora',
        cpfcnpj: doc,
        email: ana.email,
        texto: 'Meu celular mudou para (11) 91234-5678.',
        estado: 'pendente',
        prazo,
        confirmadaEm: expect.any(String),
      }),
    ]);

    expect((await pedir('Segundo pedido.')).status).toBe(201);
    expect((await pedir('Terceiro pedido.')).status).toBe(201);
    const demais = await pedir('Quarto pedido.');
    expect(demais.status).toBe(429);
    expect(demais.body.message).toBe(CORRECAO_MSG.muitas);
    expect(await countRows(app, 'titular_solicitacoes')).toBe(3);
    // Bruno's own quota is his.
    expect((await pedir('Meu endereço mudou.', bruno.token)).status).toBe(201);
    expect(
      (await call(app, encarregado, { method: 'GET', url: '/api/titular' })).body.filter((s: { pessoaId: number }) => s.pessoaId === bruno.id),
    ).toHaveLength(1);
  });
});
