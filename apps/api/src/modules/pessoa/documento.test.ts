import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completarDocumento, DOCUMENTO_FORMA, formatCpfCnpj } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirProduto, inserirProdutorComColheita } from '../../../test/fabricas';
import { fotoStorage } from '../../db/fotos';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

// CARTEIRA_PRODUTOR unset: 'avisar' (decision 0182).
const t = appDeTeste({ tokens: ['admin'] });

const sufixo = String(Date.now() % 1e5).padStart(5, '0');
let n = 0;
/** A valid CPF of this run (9 digits made unique, then its check digits). */
const cpfValido = () => completarDocumento(`${sufixo}${String(++n).padStart(4, '0')}`);
/** The same with its last digit wrong. */
const errado = (doc: string) => doc.slice(0, -1) + String((Number(doc.at(-1)) + 1) % 10);

const post = (payload: object) => call(t.app, t.admin, { method: 'POST', url: '/api/pessoa', payload });
const put = (id: number, payload: object) => call(t.app, t.admin, { method: 'PUT', url: `/api/pessoa/${id}`, payload });
const busca = async (filtro: object) =>
  (await call(t.app, t.admin, { method: 'POST', url: '/api/pessoa/searchPessoa/asc/id?size=100', payload: filtro })).body.content as {
    id: number;
    cpfcnpj: string;
    documentoValido: boolean;
  }[];

describe('CPF and CNPJ as the Receita issues them (decision 0180)', () => {
  it('accepts CPFs, numeric and alphanumeric CNPJs with or without the mask and in either case, kept bare and upper case', async () => {
    const cpf = cpfValido();
    const cnpj = completarDocumento(`${sufixo}1230001`);
    const alfa = completarDocumento(`${sufixo.slice(0, 2)}ab${sufixo.slice(2)}x01de`);
    const casos = [
      { enviado: formatCpfCnpj(cpf), guardado: cpf },
      { enviado: formatCpfCnpj(cnpj), guardado: cnpj },
      // The alphanumeric CNPJ typed masked in lower case.
      { enviado: formatCpfCnpj(alfa).toLowerCase(), guardado: alfa },
    ];
    expect(alfa).toMatch(/^[0-9A-Z]{12}\d{2}$/);
    for (const c of casos) {
      const r = await post({ nome: `Documento ${c.guardado}`, cpfcnpj: c.enviado, tipoId: 3, foto: 'sim' });
      expect(r.status, c.enviado).toBe(201);
      expect(r.body).toMatchObject({ cpfcnpj: c.guardado, foto: `${c.guardado}.png`, documentoValido: true });
      const lido = await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${r.body.id}` });
      expect(lido.body.cpfcnpj).toBe(c.guardado);
    }
    // The official example of IN RFB 2.229/2024 (unique per database: another run's copy would be a 409).
    const oficial = await post({ nome: 'Exemplo Oficial', cpfcnpj: '12.abc.345/01de-35', tipoId: 3 });
    expect([201, 409]).toContain(oficial.status);
    if (oficial.status === 201) expect(oficial.body.cpfcnpj).toBe('12ABC34501DE35');

    // Searched by the same rule: masked, lower case or a piece of it.
    const achados = await busca({ cpfcnpj: formatCpfCnpj(alfa).slice(0, 9).toLowerCase() });
    expect(achados.map((p) => p.cpfcnpj)).toContain(alfa);
    // The same document typed another way is the same person (409).
    const dup = await post({ nome: 'Outra', cpfcnpj: alfa.toLowerCase(), tipoId: 3 });
    expect(dup.status).toBe(409);
    expect(dup.body.fieldErrors).toEqual([{ field: 'cpfcnpj', message: 'Já existe uma pessoa com este CPF/CNPJ.' }]);
  });

  it("refuses a new document with wrong check digits ('CPF inválido.' / 'CNPJ inválido.') and stores nothing", async () => {
    const antes = await countRows(t.app, 'pessoa');
    const logs = await countRows(t.app, 'logs');
    const casos: [string, string][] = [
      [formatCpfCnpj(errado(cpfValido())), 'CPF inválido.'],
      ['111.111.111-11', 'CPF inválido.'],
      [errado(completarDocumento(`${sufixo}4560001`)), 'CNPJ inválido.'],
      ['12.ABC.345/01DE-36', 'CNPJ inválido.'],
      ['12abc34501de53', 'CNPJ inválido.'],
    ];
    for (const [doc, mensagem] of casos) {
      const r = await post({ nome: 'Recusada', cpfcnpj: doc, tipoId: 1 });
      expect(r.status, doc).toBe(400);
      expect(r.body).toMatchObject({ status: 400, message: mensagem, fieldErrors: [{ field: 'cpfcnpj', message: mensagem }] });
    }
    // Shapes that are no CPF or CNPJ: letters in a check digit, 13 characters, symbols.
    for (const doc of ['12.ABC.345/01DE-3A', '12ABC34501DE3', '12ABC34501DE#5']) {
      const r = await post({ nome: 'Recusada', cpfcnpj: doc, tipoId: 1 });
      expect(r.status, doc).toBe(400);
      expect(r.body.fieldErrors).toEqual([{ field: 'cpfcnpj', message: DOCUMENTO_FORMA }]);
    }
    expect(await countRows(t.app, 'pessoa')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logs);
  });

  it('keeps an old record with wrong check digits editable, lists it under the filter, and checks a changed document', async () => {
    const velho = errado(cpfValido());
    // A record from before the check (masked, as it was kept then: the migration strips masks of the rows it finds).
    const r = await t.app.ctx.db.execute(sql`INSERT INTO pessoa (nome, cpfcnpj, tipo_id) VALUES ('Cadastro Antigo', ${formatCpfCnpj(velho)}, 1) RETURNING id`);
    const id = Number((r.rows[0] as { id: number }).id);
    const valido = await post({ nome: 'Cadastro Novo', cpfcnpj: cpfValido(), tipoId: 1 });

    const invalidos = await busca({ pendencia: 'documento_invalido' });
    expect(invalidos.map((p) => p.id)).toContain(id);
    expect(invalidos.map((p) => p.id)).not.toContain(valido.body.id);
    expect(invalidos.every((p) => !p.documentoValido)).toBe(true);
    // The dropdown's whole option filters the same.
    expect((await busca({ pendencia: { id: 'documento_invalido' } })).map((p) => p.id)).toContain(id);

    // Saved again with the same document (typed bare this time): not refused.
    const u = await put(id, { nome: 'Cadastro Antigo Corrigido', cpfcnpj: velho, tipoId: 1, celular: '11987654321' });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({ nome: 'Cadastro Antigo Corrigido', cpfcnpj: velho, documentoValido: false });

    // Changed to another wrong one: refused, nothing changed.
    const outro = await put(id, { nome: 'Outro Nome', cpfcnpj: errado(cpfValido()), tipoId: 1 });
    expect(outro.status).toBe(400);
    expect(outro.body.fieldErrors).toEqual([{ field: 'cpfcnpj', message: 'CPF inválido.' }]);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/pessoa/${id}` })).body).toMatchObject({ nome: 'Cadastro Antigo Corrigido', cpfcnpj: velho });

    // Fixed: off the filter.
    const certo = cpfValido();
    const f = await put(id, { nome: 'Cadastro Antigo Corrigido', cpfcnpj: formatCpfCnpj(certo), tipoId: 1 });
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ cpfcnpj: certo, documentoValido: true });
    expect((await busca({ pendencia: 'documento_invalido' })).map((p) => p.id)).not.toContain(id);
  });

  it('names the photo of an alphanumeric CNPJ by its characters, and the upload finds the person by it in either case', async () => {
    const alfa = completarDocumento(`ZX${sufixo}99PQ1`);
    const p = await post({ nome: 'Empresa Alfa', cpfcnpj: formatCpfCnpj(alfa), tipoId: 3 });
    expect(p.status).toBe(201);
    const boundary = '----ceasa';
    const corpo = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="cpfcnpj"\r\n\r\n${formatCpfCnpj(alfa).toLowerCase()}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const u = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/ftp/upload',
      payload: corpo,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(u.status).toBe(201);
    expect(u.body.file).toBe(`${alfa}.png`);
    expect(await fotoStorage(t.app.ctx.db).read(`${alfa}.png`)).toEqual(PNG);
  });
});

describe("the producer's card (decision 0182)", () => {
  it('lists the cards that end within 30 days (or already ended) under the filter', async () => {
    const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const dia = (d: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    const criar = async (carteiraValidaAte: string | null) =>
      (await post({ nome: `Produtor ${carteiraValidaAte}`, cpfcnpj: cpfValido(), tipoId: 1, carteiraValidaAte })).body;
    const vencida = await criar(dia(-3));
    const em30 = await criar(dia(30));
    const em31 = await criar(dia(31));
    const sem = await criar(null);
    expect(vencida.carteiraValidaAte).toBe(dia(-3));
    const ids = (await busca({ pendencia: 'carteira_vencendo' })).map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([vencida.id, em30.id]));
    expect(ids).not.toContain(em31.id);
    expect(ids).not.toContain(sem.id);
    // A save that leaves the date out keeps it; '' clears it.
    const u = await put(em31.id, { nome: em31.nome, cpfcnpj: em31.cpfcnpj, tipoId: 1 });
    expect(u.body.carteiraValidaAte).toBe(dia(31));
    expect((await put(em31.id, { nome: em31.nome, cpfcnpj: em31.cpfcnpj, tipoId: 1, carteiraValidaAte: '' })).body.carteiraValidaAte).toBeNull();
    const ruim = await put(em31.id, { nome: em31.nome, cpfcnpj: em31.cpfcnpj, tipoId: 1, carteiraValidaAte: '2026-02-30' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.fieldErrors).toEqual([{ field: 'carteiraValidaAte', message: 'A validade da carteira é inválida' }]);
  });

  it("with CARTEIRA_PRODUTOR unset ('avisar') the gate asks about a producer whose card ended (409 'carteira'), then saves him", async () => {
    const grupo = await inserirGrupo(t.app, `Grupo ${sufixo}`);
    const tomate = await inserirProduto(t.app, grupo, `Tomate ${sufixo}`);
    const p = await inserirProdutorComColheita(t.app, tomate);
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = '2026-11-01' WHERE id = ${p.produtor}`);
    const corpo = {
      dataEmissao: '2026-11-23',
      divida: 880000 + n,
      pessoa: { id: p.produtor },
      itens: [{ produtoId: tomate, quantidade: 3, boletimItensId: p.item }],
      pedras: [],
    };
    const pergunta = await call(t.app, t.admin, { method: 'POST', url: '/api/romaneio', payload: [corpo] });
    expect(pergunta.status).toBe(409);
    expect(pergunta.body.perguntas).toEqual([
      expect.objectContaining({ codigo: 'carteira', mensagem: 'A carteira de produtor venceu em 01/11/2026: renove-a no cadastro do produtor.' }),
    ]);
    const r = await call(t.app, t.admin, { method: 'POST', url: '/api/romaneio', payload: [{ ...corpo, confirmar: ['carteira'] }] });
    expect(r.status).toBe(201);
  });
});
