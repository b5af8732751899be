import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { asc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTO_FORMA } from '@ceasa/shared';
import { appDeTeste, call } from '../../../test/helpers';
import { fotoPessoa, pessoa } from '../../db/schema';
import { fotoStorage, tipoImagem } from '../../db/fotos';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(40, 7), Buffer.from([0xff, 0xd9])]);
const LIMITE = 1000;
const t = appDeTeste({ config: { uploadMaxBytes: LIMITE } });

type Parte = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body for inject. */
function multipart(partes: Parte[]) {
  const boundary = `----ceasa${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of partes) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p)
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'image/png'}\r\n\r\n`),
        p.content,
        Buffer.from('\r\n'),
      );
    else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string | null, partes: Parte[]) => call(t.app, token, { method: 'POST', url: '/api/ftp/upload', ...multipart(partes) });
/** The photos the database holds (every server of it serves these), and one photo's bytes. */
const arquivos = async () => (await t.app.ctx.db.select({ nome: fotoPessoa.nome }).from(fotoPessoa).orderBy(asc(fotoPessoa.nome))).map((f) => f.nome);
const bytes = (nome: string) => fotoStorage(t.app.ctx.db).read(nome);

beforeAll(async () => {
  // Photos belong to people: the documents the tests upload for (one masked, one CNPJ, one bare).
  await t.app.ctx.db.insert(pessoa).values([
    { nome: 'João da Foto', cpfcnpj: '123.456.780-62', tipoId: 1 },
    { nome: 'Açúcar Ltda', cpfcnpj: '12.345.678/0001-95', tipoId: 1 },
    { nome: 'Maria Sem Máscara', cpfcnpj: '98765432100', tipoId: 1 },
  ]);
});

describe('ftp (person photos)', () => {
  it('upload → exists → download (same bytes) → delete', async () => {
    const u = await upload(t.agro, [
      { name: 'path', value: '/fotos/pessoas' },
      { name: 'file', filename: '123.456.780-62.png', content: PNG },
    ]);
    expect(u.status).toBe(201);
    expect(u.body).toEqual({ file: '12345678062.png', tamanho: PNG.length, tipo: 'image/png' });
    expect(await arquivos()).toEqual(['12345678062.png']);
    expect(await bytes('12345678062.png')).toEqual(PNG);

    const e = await call(t.app, t.agro, { method: 'GET', url: '/api/ftp/exists?file=12345678062.png' });
    expect(e.status).toBe(200);
    expect(e.body).toEqual({ exists: true });

    const d = (await call(t.app, t.agro, { method: 'GET', url: '/api/ftp/download?file=12345678062.png' })).raw;
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-type']).toBe('image/png');
    expect(d.rawPayload).toEqual(PNG);

    const x = await call(t.app, t.agro, { method: 'DELETE', url: '/api/ftp/delete?file=12345678062.png' });
    expect(x.status).toBe(204);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/ftp/exists?file=12345678062.png' })).body).toEqual({ exists: false });
    const d404 = await call(t.app, t.agro, { method: 'GET', url: '/api/ftp/download?file=12345678062.png' });
    expect(d404.status).toBe(404);
    expect(d404.body.message).toBe('Foto não encontrada');
    const x404 = await call(t.app, t.agro, { method: 'DELETE', url: '/api/ftp/delete?file=12345678062.png' });
    expect(x404.status).toBe(404);
    expect(x404.body.message).toBe('Foto não encontrada');
    expect(await arquivos()).toEqual([]);
  });

  it('names the file by the cpfcnpj field and keeps a JPEG as is; a new upload replaces the photo', async () => {
    const u = await upload(t.admin, [
      { name: 'cpfcnpj', value: '12.345.678/0001-95' },
      { name: 'file', filename: 'camera.jpg', content: JPEG, type: 'image/jpeg' },
    ]);
    expect(u.status).toBe(201);
    expect(u.body).toEqual({ file: '12345678000195.png', tamanho: JPEG.length, tipo: 'image/jpeg' });
    const d = (await call(t.app, t.admin, { method: 'GET', url: '/api/ftp/download?file=12345678000195.png' })).raw;
    expect(d.headers['content-type']).toBe('image/jpeg');
    expect(d.rawPayload).toEqual(JPEG);

    // Field after the file works too; the PNG replaces the JPEG.
    const u2 = await upload(t.admin, [
      { name: 'file', filename: 'foto.png', content: PNG },
      { name: 'cpfcnpj', value: '12345678000195' },
    ]);
    expect(u2.status).toBe(201);
    expect(await bytes('12345678000195.png')).toEqual(PNG);
    expect(await arquivos()).toEqual(['12345678000195.png']);
  });

  it('refuses bad uploads and leaves no file behind', async () => {
    const antes = await arquivos();
    const atual = await bytes('12345678000195.png');

    const texto = await upload(t.admin, [{ name: 'file', filename: '12345678000195.png', content: Buffer.from('isto não é uma imagem'), type: 'image/png' }]);
    expect(texto.status).toBe(415);
    expect(texto.body.message).toBe('A foto deve ser uma imagem PNG ou JPEG.');

    const grande = await upload(t.admin, [{ name: 'file', filename: '12345678000195.png', content: Buffer.concat([PNG, Buffer.alloc(LIMITE)]) }]);
    expect(grande.status).toBe(413);
    expect(grande.body.message).toBe('A foto deve ter no máximo 1 KB.');

    const vazio = await upload(t.admin, [{ name: 'file', filename: '12345678000195.png', content: Buffer.alloc(0) }]);
    expect(vazio.status).toBe(400);
    const semArquivo = await upload(t.admin, [{ name: 'cpfcnpj', value: '12345678000195' }]);
    expect(semArquivo.status).toBe(400);
    expect(semArquivo.body.message).toBe('Nenhuma foto enviada (campo "file").');

    const semNome = await upload(t.admin, [{ name: 'file', filename: 'IMG_20240101.png', content: PNG }]);
    expect(semNome.status).toBe(400);
    expect(semNome.body.message).toMatch(/CPF\/CNPJ/);
    const cpfCurto = await upload(t.admin, [
      { name: 'cpfcnpj', value: '123' },
      { name: 'file', filename: '12345678000195.png', content: PNG },
    ]);
    expect(cpfCurto.status).toBe(400);
    expect(cpfCurto.body.fieldErrors).toEqual([{ field: 'cpfcnpj', message: DOCUMENTO_FORMA }]);
    const traversal = await upload(t.admin, [{ name: 'file', filename: '../../../etc/12345678062.png', content: Buffer.from('x') }]);
    expect(traversal.status).toBe(415);
    const caminho = await upload(t.admin, [
      { name: 'path', value: '../../etc' },
      { name: 'file', filename: '12345678062.png', content: PNG },
    ]);
    expect(caminho.status).toBe(400);
    expect(caminho.body.message).toBe('Caminho inválido');

    const json = await call(t.app, t.admin, { method: 'POST', url: '/api/ftp/upload', payload: { file: 'x' } });
    expect(json.status).toBe(415);

    expect(await arquivos()).toEqual(antes);
    expect(await bytes('12345678000195.png')).toEqual(atual);
    // Nothing written to the server's folder: photos live in the database only.
    expect(await readdir(t.app.ctx.config.dataDir)).toEqual([]);
  });

  it('refuses a photo for a CPF/CNPJ no person has, leaving no file', async () => {
    const antes = await arquivos();
    for (const partes of [
      [{ name: 'file', filename: '111.222.333-44.png', content: PNG }],
      [
        { name: 'cpfcnpj', value: '11.222.333/0001-81' },
        { name: 'file', filename: 'foto.png', content: PNG },
      ],
    ] as Parte[][]) {
      const r = await upload(t.admin, partes);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Nenhuma pessoa cadastrada com este CPF/CNPJ: salve a pessoa antes de enviar a foto.');
      expect(r.body.fieldErrors).toHaveLength(1);
    }
    expect(await arquivos()).toEqual(antes);
  });

  it('answers a malformed multipart upload with a pt-BR 400, not a 500', async () => {
    const antes = await arquivos();
    const boundary = '----ceasaquebrado';
    const corpos = [
      // Cut in the middle of the file part (no closing boundary).
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="12345678062.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG`,
      // A part without its headers' end.
      `--${boundary}\r\nContent-Disposition: form-data; name="file"`,
      'isto não é multipart',
    ];
    for (const payload of corpos) {
      const r = await call(t.app, t.admin, {
        method: 'POST',
        url: '/api/ftp/upload',
        payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(r.status, payload).toBeGreaterThanOrEqual(400);
      expect(r.status, payload).toBeLessThan(500);
      expect(r.body.message).toMatch(/foto|multipart|envio/i);
    }
    const semBoundary = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/ftp/upload',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(semBoundary.status).toBe(400);
    expect(await arquivos()).toEqual(antes);
  });

  it('accepts only <digits>.png names (no path traversal)', async () => {
    for (const file of ['../12345678062.png', '..%2F..%2Fetc%2Fpasswd', 'abc.png', '123.jpg', '123.png%00', '', '%2Fetc%2F123.png']) {
      for (const [method, url] of [
        ['GET', `/api/ftp/exists?file=${file}`],
        ['GET', `/api/ftp/download?file=${file}`],
        ['DELETE', `/api/ftp/delete?file=${file}`],
      ] as const) {
        const r = await call(t.app, t.admin, { method, url });
        expect(r.status, `${method} ${url}`).toBe(400);
      }
    }
    const sem = await call(t.app, t.admin, { method: 'GET', url: '/api/ftp/exists' });
    expect(sem.status).toBe(400);
    expect(sem.body.message).toBe('Informe o arquivo (file)');
    await expect(fotoStorage(t.app.ctx.db).save('../x.png', PNG)).rejects.toThrow(/inválido/);
  });

  it('enforces permissions on the server (route pessoa)', async () => {
    const partes: Parte[] = [{ name: 'file', filename: '98765432100.png', content: PNG }];
    expect((await upload(null, partes)).status).toBe(401);
    expect((await call(t.app, null, { method: 'GET', url: '/api/ftp/exists?file=1.png' })).status).toBe(401);
    expect((await call(t.app, null, { method: 'GET', url: '/api/ftp/download?file=1.png' })).status).toBe(401);
    expect((await call(t.app, null, { method: 'DELETE', url: '/api/ftp/delete?file=1.png' })).status).toBe(401);
    expect((await upload(t.semPerfil, partes)).status).toBe(403);
    expect((await call(t.app, t.semPerfil, { method: 'GET', url: '/api/ftp/exists?file=1.png' })).status).toBe(403);

    const rota = sql`(SELECT id FROM rotas WHERE nome = 'pessoa')`;
    await t.app.ctx.db.execute(sql`UPDATE permissoes SET criar = false, editar = false, deletar = false WHERE grupo_id = 2 AND rota_id = ${rota}`);
    t.app.invalidarPermissoes();
    try {
      const r = await upload(t.agro, partes);
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Você não tem permissão para cadastrar ou editar em pessoa.');
      expect((await call(t.app, t.agro, { method: 'DELETE', url: '/api/ftp/delete?file=12345678000195.png' })).status).toBe(403);
      expect((await call(t.app, t.agro, { method: 'GET', url: '/api/ftp/exists?file=12345678000195.png' })).body).toEqual({ exists: true });
    } finally {
      await t.app.ctx.db.execute(sql`UPDATE permissoes SET criar = true, editar = true, deletar = true WHERE grupo_id = 2 AND rota_id = ${rota}`);
      t.app.invalidarPermissoes();
    }
    expect(await arquivos()).toEqual(['12345678000195.png']);
  });

  it('recognises images by their bytes', () => {
    expect(tipoImagem(PNG)).toBe('image/png');
    expect(tipoImagem(JPEG)).toBe('image/jpeg');
    expect(tipoImagem(Buffer.from('GIF89a'))).toBeNull();
    expect(tipoImagem(Buffer.alloc(0))).toBeNull();
  });

  it('documents the routes in the OpenAPI schema', async () => {
    const r = await call(t.app, t.admin, { method: 'GET', url: '/api/docs/json' });
    expect(r.status).toBe(200);
    for (const p of [
      '/api/ftp/upload',
      '/api/pessoa/searchPessoa/{dir}/{field}',
      '/api/propriedade',
      '/api/pedras/search',
      '/api/estacionamento/{id}',
      '/api/romaneio/divida/{numero}',
    ])
      expect(Object.keys(r.body.paths)).toContain(p);
  });
});
