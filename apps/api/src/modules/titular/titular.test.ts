import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INCIDENTE_MSG, TITULAR_MSG, hojeNoMercado, somarDias } from '@ceasa/shared';
import { fazerBackup } from '../../db/backup';
import { executarRetencao } from './retencao';
import { build, call, countRows, tokenFor } from '../../../test/helpers';
import { caixaSmtp, type CaixaSmtp } from '../../../test/smtp';
import {
  cpfValido,
  inserirBoletim,
  inserirBoletimItem,
  inserirCaderno,
  inserirGrupo,
  inserirMunicipio,
  inserirPessoa,
  inserirProduto,
  inserirRomaneioComItens,
} from '../../../test/fabricas';

/**
 * The LGPD (decisions 0227-0232): the privacy notice, the holder's request confirmed by e-mail and answered,
 * a person's export, the read log, the anonymisation (after which nothing finds the former CPF or name), incidents.
 */
const BASE = 'https://ceasa.exemplo.gov.br';
// Each test makes dozens of calls and a backup: on a loaded 2-core machine that passes 30 s.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 600_000 });
let app: FastifyInstance;
let smtp: CaixaSmtp;
let admin: string;
let encarregado: string;
let userAdmin: string;

beforeAll(async () => {
  smtp = await caixaSmtp();
  app = await build({
    smtpUrl: smtp.url,
    publicUrl: `${BASE}/`,
    assinaturasMaxEndereco: 50,
    assinaturasMaxEmail: 3,
    privacidade: {
      controlador: 'Prefeitura de Teste',
      encarregadoNome: 'Maria Encarregada',
      encarregadoEmail: 'dpo@teste.gov.br',
      cadastroAnos: 5,
      solicitacoesAnos: 5,
      acessosMeses: 6,
    },
  });
  admin = await tokenFor(app, ['super-admin']);
  encarregado = await tokenFor(app, ['encarregado']);
  userAdmin = await tokenFor(app, ['user-admin']);
}, 600_000);
afterAll(async () => {
  await app?.close();
  await smtp?.fechar();
});

async function mensagensPara(para: string, n: number) {
  const ate = Date.now() + 10_000;
  for (;;) {
    const m = smtp.recebidos.filter((r) => r.para.includes(para));
    if (m.length >= n || Date.now() > ate) return m;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const texto = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
const tokenDo = (raw: string) => /privacidade\/confirmar\?token=([A-Za-z0-9_-]+)/.exec(texto(raw))?.[1];

let seq = 0;
/** A person through the API (so the audit has rows with their name and CPF), with a property and a phone. */
async function pessoaPelaApi(nome: string) {
  const cpf = cpfValido(700000000 + ++seq);
  const p = await call(app, admin, { method: 'POST', url: '/api/pessoa', payload: { nome, cpfcnpj: cpf, tipoId: 1, celular: `119${String(12345600 + seq)}` } });
  expect(p.status).toBe(201);
  return { id: p.body.id as number, cpf, celular: p.body.celular as string };
}

describe('the privacy notice', () => {
  it('says the controller, the encarregado, each category with its declared fields, basis, term and sharing', async () => {
    const r = await call(app, null, { method: 'GET', url: '/api/publico/privacidade' });
    expect(r.status).toBe(200);
    expect(r.body.controlador).toBe('Prefeitura de Teste');
    expect(r.body.encarregado).toMatchObject({ nome: 'Maria Encarregada', email: 'dpo@teste.gov.br' });
    const ident = r.body.categorias.find((c: { categoria: string }) => c.categoria === 'identificacao');
    expect(ident.campos).toEqual(expect.arrayContaining(['pessoa.nome', 'pessoa.cpfcnpj']));
    expect(ident.baseLegal).toMatch(/art/);
    expect(ident.retencao).toMatch(/5 anos/);
    expect(r.body.categorias.find((c: { categoria: string }) => c.categoria === 'assinatura').campos).toEqual(['assinatura.email']);
    expect(r.body.direitos.map((d: { tipo: string }) => d.tipo)).toEqual(
      expect.arrayContaining(['confirmacao', 'acesso', 'correcao', 'anonimizacao', 'portabilidade', 'compartilhamento', 'revogacao']),
    );
    expect(r.body.comoExercer).toContain(`${BASE}/privacidade/solicitar`);
  });

  it('the record of processing (art. 37) and the RIPD outline come from the same declarations; only with the permission', async () => {
    const r = await call(app, encarregado, { method: 'GET', url: '/api/titular/registro' });
    expect(r.status).toBe(200);
    expect(r.body.registros.find((x: { registro: string }) => x.registro === 'pessoa').campos).toContainEqual({ campo: 'cpfcnpj', categoria: 'identificacao' });
    expect(r.body.salvaguardas.join(' ')).toMatch(/Backups sem segredos/);
    expect(r.body.ripd.escopo.length).toBeGreaterThan(3);
    expect((await call(app, userAdmin, { method: 'GET', url: '/api/titular/registro' })).status).toBe(403);
    expect((await call(app, null, { method: 'GET', url: '/api/titular' })).status).toBe(401);
  });
});

describe('the holder’s request', () => {
  it('is recorded only once the mailbox confirms it; answered by the encarregado within its deadline, e-mailed and audited', async () => {
    const { id, cpf } = await pessoaPelaApi('Ana Pedido');
    const email = 'ana.pedido+lgpd@exemplo.com';
    const antes = await countRows(app, 'titular_solicitacoes');
    const r = await call(app, null, {
      method: 'POST',
      url: '/api/publico/titular',
      payload: { tipo: 'acesso', cpfcnpj: cpf, email, texto: 'Quero meus dados' },
    });
    expect(r.status).toBe(202);
    expect(r.body.message).toBe(TITULAR_MSG.pedido);
    expect(await countRows(app, 'titular_solicitacoes')).toBe(antes);
    const [m] = await mensagensPara(email, 1);
    expect(texto(m.raw)).toContain(`Aviso de privacidade: ${BASE}/privacidade`);
    const token = tokenDo(m.raw)!;
    expect(token).toBeTruthy();

    const c = await call(app, null, { method: 'POST', url: '/api/publico/titular/confirmar', payload: { token } });
    expect(c.status).toBe(200);
    expect(c.body.prazo).toBe(somarDias(hojeNoMercado(), 15));
    // The link works once.
    expect((await call(app, null, { method: 'POST', url: '/api/publico/titular/confirmar', payload: { token } })).body.message).toBe(TITULAR_MSG.linkInvalido);

    const fila = await call(app, encarregado, { method: 'GET', url: '/api/titular' });
    expect(fila.status).toBe(200);
    const s = fila.body.find((x: { cpfcnpj: string }) => x.cpfcnpj === cpf);
    expect(s).toMatchObject({ tipo: 'acesso', pessoaId: id, pessoaNome: 'Ana Pedido', estado: 'pendente', prazo: somarDias(hojeNoMercado(), 15) });

    // Refusals change nothing: no permission, an empty answer.
    expect((await call(app, userAdmin, { method: 'PUT', url: `/api/titular/solicitacoes/${s.id}/resposta`, payload: { resposta: 'x' } })).status).toBe(403);
    const vazia = await call(app, encarregado, { method: 'PUT', url: `/api/titular/solicitacoes/${s.id}/resposta`, payload: { resposta: ' ' } });
    expect(vazia.status).toBe(400);
    expect(vazia.body.fieldErrors[0].message).toBe(TITULAR_MSG.resposta);

    const resp = await call(app, encarregado, {
      method: 'PUT',
      url: `/api/titular/solicitacoes/${s.id}/resposta`,
      payload: { resposta: 'Seguem os seus dados em anexo.' },
    });
    expect(resp.status).toBe(200);
    expect(resp.body.estado).toBe('respondida');
    expect(resp.body.respondidaEm.slice(0, 10) <= resp.body.prazo).toBe(true);
    const msgs = await mensagensPara(email, 3);
    expect(msgs.some((x) => texto(x.raw).includes('Seguem os seus dados em anexo.'))).toBe(true);
    const log = await app.ctx.db.execute(sql`SELECT acao FROM logs WHERE cadastro = 'TitularSolicitacao' AND cadastro_id = ${String(s.id)} ORDER BY id`);
    expect(log.rows.map((l) => l.acao)).toEqual(['INSERT', 'UPDATE']);
    expect((await call(app, encarregado, { method: 'PUT', url: `/api/titular/solicitacoes/${s.id}/resposta`, payload: { resposta: 'de novo' } })).status).toBe(
      409,
    );
  });

  it('never tells whether the CPF exists; bad input is a pt-BR 400; the per-mailbox limit counts +tags and dots', async () => {
    const desconhecido = await call(app, null, {
      method: 'POST',
      url: '/api/publico/titular',
      payload: { tipo: 'confirmacao', cpfcnpj: cpfValido(999000111), email: 'x.y@gmail.com' },
    });
    expect(desconhecido.status).toBe(202);
    expect(desconhecido.body.message).toBe(TITULAR_MSG.pedido);
    const ruim = await call(app, null, { method: 'POST', url: '/api/publico/titular', payload: { tipo: 'outro', cpfcnpj: '1', email: 'nao' } });
    expect(ruim.status).toBe(400);
    expect(ruim.body.fieldErrors.map((f: { message: string }) => f.message)).toEqual(
      expect.arrayContaining([TITULAR_MSG.tipo, TITULAR_MSG.cpfcnpj, TITULAR_MSG.email]),
    );
    for (const e of ['xy+a@gmail.com', 'X.Y+b@googlemail.com'])
      expect(
        (await call(app, null, { method: 'POST', url: '/api/publico/titular', payload: { tipo: 'acesso', cpfcnpj: cpfValido(999000112), email: e } })).status,
      ).toBe(202);
    const demais = await call(app, null, {
      method: 'POST',
      url: '/api/publico/titular',
      payload: { tipo: 'acesso', cpfcnpj: cpfValido(999000113), email: 'xy@gmail.com' },
    });
    expect(demais.status).toBe(429);
    expect(demais.body.message).toBe(TITULAR_MSG.muitosDoEmail);
  });
});

describe('a person’s data: export, read log, anonymisation', () => {
  let pessoa: { id: number; cpf: string; celular: string };
  let romaneio: number;
  beforeAll(async () => {
    pessoa = await pessoaPelaApi('Benedito Antigo da Silva');
    const municipio = await inserirMunicipio(app, 'Codó', 'MA');
    const prop = await call(app, admin, {
      method: 'POST',
      url: '/api/propriedade',
      payload: {
        nome: 'Sítio Benedito Antigo da Silva',
        endereco: 'Estrada do Babaçu km 12',
        cep: '65400000',
        municipioId: municipio,
        areaTotal: 10,
        areaExplorada: 5,
        areaCultivada: 5,
        pronaf: 'SIM',
        tipoPosse: 'proprio',
        proprietarioId: pessoa.id,
      },
    });
    expect(prop.status, JSON.stringify(prop.body)).toBe(201);
    const tecnico = await inserirPessoa(app, 'Técnico Teste', 2);
    const grupo = await inserirGrupo(app, 'Folhas');
    const produto = await inserirProduto(app, grupo, 'Alface');
    const boletim = await inserirBoletim(app, { produtorId: pessoa.id, tecnicoId: tecnico, propriedadeId: prop.body.id, dataEmissao: '2015-03-01' });
    const item = await inserirBoletimItem(app, boletim, produto, '2015-03-01', '2015-04-30');
    await inserirCaderno(app, item, produto);
    romaneio = (await inserirRomaneioComItens(app, pessoa.id, '2015-03-10', 915001, [[produto, 10, item]])).romaneio;
    await app.ctx.db.execute(
      sql`INSERT INTO inspecao (romaneio_id, tipo, coleta_em, resultado, checklist) VALUES (${romaneio}, 'rotulagem', '2015-03-10', 'conforme', '{}'::jsonb)`,
    );
    await app.ctx.db.execute(sql`INSERT INTO foto_pessoa (nome, dados) VALUES (${`${pessoa.cpf}.png`}, ${Buffer.from('PNGFOTO')})`);
    await app.ctx.db.execute(sql`UPDATE pessoa SET foto = ${`${pessoa.cpf}.png`} WHERE id = ${pessoa.id}`);
  });

  it('reading the person, a romaneio or the recall is logged (who, when, which record), never the data', async () => {
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/pessoa/${pessoa.id}` })).status).toBe(200);
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/romaneio/${romaneio}` })).status).toBe(200);
    const l = await call(app, encarregado, { method: 'GET', url: `/api/titular/acessos?pessoaId=${pessoa.id}` });
    expect(l.status).toBe(200);
    expect(l.body.map((x: { cadastro: string }) => x.cadastro).sort()).toEqual(['pessoa', 'romaneio']);
    expect(l.body[0].usuario).toMatch(/^user-admin-/);
    expect(JSON.stringify(l.body)).not.toContain(pessoa.cpf);
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/titular/acessos?pessoaId=${pessoa.id}` })).status).toBe(403);
  });

  it('the export holds every record of the person (JSON), and a ZIP of CSVs with the photo', async () => {
    const r = await call(app, encarregado, { method: 'GET', url: `/api/titular/dados/${pessoa.cpf}` });
    expect(r.status).toBe(200);
    const d = r.body;
    expect(d.pessoa).toMatchObject({ id: pessoa.id, nome: 'Benedito Antigo da Silva', cpfcnpj: pessoa.cpf, celular: pessoa.celular });
    expect(d.propriedades[0]).toMatchObject({ nome: 'Sítio Benedito Antigo da Silva', endereco: 'Estrada do Babaçu km 12' });
    expect(d.romaneios[0]).toMatchObject({ id: romaneio, produto: 'Alface' });
    expect(d.romaneios[0].lote).toBeTruthy();
    expect(d.boletins[0]).toMatchObject({ papel: 'produtor', produto: 'Alface' });
    expect(d.cadernos).toHaveLength(1);
    expect(d.inspecoes).toHaveLength(1);
    expect(d.auditoria.map((a: { cadastro: string }) => a.cadastro)).toEqual(expect.arrayContaining(['Pessoa', 'Propriedade']));
    expect(d.leituras.length).toBeGreaterThanOrEqual(2);

    const z = await app.inject({ method: 'GET', url: `/api/titular/dados/${pessoa.cpf}?formato=zip`, headers: { authorization: `Bearer ${encarregado}` } });
    expect(z.statusCode).toBe(200);
    expect(z.headers['content-type']).toBe('application/zip');
    const arquivos = lerZip(z.rawPayload);
    expect(Object.keys(arquivos)).toEqual(expect.arrayContaining(['pessoa.csv', 'romaneios.csv', 'propriedades.csv', 'foto.png']));
    expect(arquivos['pessoa.csv'].toString('utf8')).toContain('Benedito Antigo da Silva');
    expect(arquivos['foto.png'].toString()).toBe('PNGFOTO');
    // The export itself is in the read log.
    const l = await call(app, encarregado, { method: 'GET', url: `/api/titular/acessos?pessoaId=${pessoa.id}` });
    expect(l.body.some((x: { cadastro: string }) => x.cadastro === 'exportacao')).toBe(true);
    expect((await call(app, encarregado, { method: 'GET', url: `/api/titular/dados/${cpfValido(123000999)}` })).body.message).toBe(
      TITULAR_MSG.pessoaNaoEncontrada,
    );
  });

  it('a person bound by a running term is refused with the date it ends, and nothing changes', async () => {
    const recente = await pessoaPelaApi('Carlos Recente');
    const grupo = await inserirGrupo(app, 'Raízes');
    const produto = await inserirProduto(app, grupo, 'Mandioca');
    const hoje = hojeNoMercado();
    await inserirRomaneioComItens(app, recente.id, hoje, 915002, [[produto, 1, null]]);
    const r = await call(app, encarregado, { method: 'POST', url: '/api/titular/anonimizar', payload: { pessoaId: recente.id, motivo: 'pedido do titular' } });
    expect(r.status).toBe(409);
    const fim = `${Number(hoje.slice(0, 4)) + 5}${hoje.slice(4)}`;
    expect(r.body.message).toBe(TITULAR_MSG.prazoCorrendo(fim.split('-').reverse().join('/')));
    expect((await call(app, admin, { method: 'GET', url: `/api/pessoa/${recente.id}` })).body.nome).toBe('Carlos Recente');
  });

  it('after the anonymisation no search, export, CSV or new backup reaches the former CPF or name; lots keep product and dates', async () => {
    const r = await call(app, encarregado, {
      method: 'POST',
      url: '/api/titular/anonimizar',
      payload: { pessoaId: pessoa.id, motivo: 'Pedido de eliminação' },
    });
    expect(r.status).toBe(200);
    expect(r.body.nome).toMatch(/^Titular anonimizado nº \d+$/);
    expect((await call(app, encarregado, { method: 'POST', url: '/api/titular/anonimizar', payload: { pessoaId: pessoa.id, motivo: 'de novo' } })).status).toBe(
      409,
    );

    const busca = await call(app, admin, { method: 'POST', url: '/api/pessoa/searchPessoa/asc/id?size=100', payload: { cpfcnpj: pessoa.cpf } });
    expect(busca.body.content).toEqual([]);
    const porNome = await call(app, admin, { method: 'POST', url: '/api/pessoa/searchPessoa/asc/id?size=100', payload: { nome: 'Benedito' } });
    expect(porNome.body.content).toEqual([]);
    expect((await call(app, encarregado, { method: 'GET', url: `/api/titular/dados/${pessoa.cpf}` })).status).toBe(404);
    const p = await call(app, admin, { method: 'GET', url: `/api/pessoa/${pessoa.id}` });
    expect(p.body).toMatchObject({ nome: r.body.nome, celular: null, foto: null });
    const csv = await app.inject({ method: 'GET', url: `/api/recall?pessoaId=${pessoa.id}&formato=csv`, headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Alface');
    for (const proibido of [pessoa.cpf, 'Benedito', 'Estrada do Babaçu']) expect(csv.body).not.toContain(proibido);
    const rom = await call(app, admin, { method: 'GET', url: `/api/romaneio/${romaneio}` });
    expect(JSON.stringify(rom.body)).toContain('2015-03-10');

    const dir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-lgpd-'));
    try {
      const arquivo = path.join(dir, 'b.jsonl.gz');
      await fazerBackup(app.ctx.database, arquivo);
      const conteudo = gunzipSync(readFileSync(arquivo)).toString('utf8');
      expect(conteudo).toContain(r.body.nome);
      for (const proibido of [pessoa.cpf, 'Benedito Antigo', 'Estrada do Babaçu', pessoa.celular, 'UE5HRk9UTw']) expect(conteudo).not.toContain(proibido);
      // Secrets stay out: the pending confirmations.
      expect(conteudo).not.toContain('"titular_confirmacoes"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const log = await app.ctx.db.execute(
      sql`SELECT conteudo FROM logs WHERE cadastro = 'Pessoa' AND cadastro_id = ${String(pessoa.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(String(log.rows[0].conteudo)).toContain('Pedido de eliminação');
  });

  it('the daily job anonymises whoever is past the term, and forgets old reads', async () => {
    const velho = await inserirPessoa(app, 'Dirceu Vencido');
    const grupo = await inserirGrupo(app, 'Frutas');
    const produto = await inserirProduto(app, grupo, 'Manga');
    await inserirRomaneioComItens(app, velho, '2010-01-05', 915003, [[produto, 1, null]]);
    await app.ctx.db.execute(
      sql`INSERT INTO leituras (usuario, em, cadastro, cadastro_id, pessoa_id) VALUES ('x', now() - interval '7 months', 'pessoa', '1', 1)`,
    );
    await executarRetencao(app.ctx.db, app.ctx.config.privacidade);
    const p = await call(app, admin, { method: 'GET', url: `/api/pessoa/${velho}` });
    expect(p.body.nome).toMatch(/^Titular anonimizado nº/);
    expect((await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM leituras WHERE em < now() - interval '6 months'`)).rows[0].n).toBe(0);
  });
});

describe('incidents', () => {
  it('the deadline is the 3rd business day, skipping a weekend and a holiday; no delete; corrections audited; the notification', async () => {
    // Thursday 2026-11-19: Friday 20 is a holiday, then the weekend: Mon 23, Tue 24, Wed 25.
    await app.ctx.db.execute(sql`INSERT INTO feriado (data, nome, tipo) VALUES ('2026-11-20', 'Consciência Negra', 'feriado')`);
    const corpo = {
      detectadoEm: '2026-11-19',
      descricao: 'Planilha com CPFs enviada por engano',
      categorias: ['identificacao'],
      titularesAfetados: 12,
      medidas: 'Pedido de exclusão ao destinatário',
    };
    const r = await call(app, encarregado, { method: 'POST', url: '/api/incidentes', payload: corpo });
    expect(r.status).toBe(201);
    expect(r.body.prazo).toBe('2026-11-25');
    const ruim = await call(app, encarregado, { method: 'POST', url: '/api/incidentes', payload: { ...corpo, categorias: [], titularesAfetados: -1 } });
    expect(ruim.status).toBe(400);
    expect(ruim.body.fieldErrors.map((f: { message: string }) => f.message)).toEqual(
      expect.arrayContaining([INCIDENTE_MSG.categorias, INCIDENTE_MSG.titulares]),
    );
    expect((await call(app, userAdmin, { method: 'POST', url: '/api/incidentes', payload: corpo })).status).toBe(403);
    const n = await countRows(app, 'incidentes');
    const del = await call(app, admin, { method: 'DELETE', url: `/api/incidentes/${r.body.id}` });
    expect(del.status).toBe(405);
    expect(del.body.message).toBe(INCIDENTE_MSG.semRemocao);
    await expect(app.ctx.db.execute(sql`DELETE FROM incidentes`)).rejects.toThrow();
    expect(await countRows(app, 'incidentes')).toBe(n);

    const c = await call(app, encarregado, {
      method: 'PUT',
      url: `/api/incidentes/${r.body.id}`,
      payload: { ...corpo, detectadoEm: '2026-11-16', titularesAfetados: 13 },
    });
    expect(c.status).toBe(200);
    expect(c.body.prazo).toBe('2026-11-19');
    const log = await app.ctx.db.execute(
      sql`SELECT acao, conteudo_anterior FROM logs WHERE cadastro = 'Incidente' AND cadastro_id = ${String(r.body.id)} ORDER BY id`,
    );
    expect(log.rows.map((l) => l.acao)).toEqual(['INSERT', 'UPDATE']);
    expect(String(log.rows[1].conteudo_anterior)).toContain('titularesAfetados=12');

    const nt = await app.inject({ method: 'GET', url: `/api/incidentes/${r.body.id}/notificacao`, headers: { authorization: `Bearer ${encarregado}` } });
    expect(nt.statusCode).toBe(200);
    for (const t of ['Prefeitura de Teste', 'Maria Encarregada', '16/11/2026', '19/11/2026', 'Identificação', 'Número de titulares afetados: 13', 'Medidas'])
      expect(nt.body).toContain(t);
  });
});

/** The entries of a ZIP (deflated or stored), read from its central directory. */
function lerZip(b: Buffer): Record<string, Buffer> {
  const fim = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const n = b.readUInt16LE(fim + 10);
  let p = b.readUInt32LE(fim + 16);
  const r: Record<string, Buffer> = {};
  for (let i = 0; i < n; i++) {
    const metodo = b.readUInt16LE(p + 10);
    const tam = b.readUInt32LE(p + 20);
    const nl = b.readUInt16LE(p + 28);
    const extra = b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
    const local = b.readUInt32LE(p + 42);
    const nome = b.subarray(p + 46, p + 46 + nl).toString('utf8');
    const ini = local + 30 + b.readUInt16LE(local + 26) + b.readUInt16LE(local + 28);
    const dados = b.subarray(ini, ini + tam);
    r[nome] = metodo === 8 ? inflateRawSync(dados) : dados;
    p += 46 + nl + extra;
  }
  return r;
}
