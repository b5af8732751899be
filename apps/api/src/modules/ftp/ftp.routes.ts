import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENTO_FORMA, formaDeDocumento, nomeFoto } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { badRequest, HttpError, naoEncontrado } from '../../lib/errors';
import { existePessoaComDocumento } from '../pessoa/pessoa.repository';
import { fotoStorage, NOME_FOTO, tipoImagem } from '../../db/fotos';

const arquivoQuery = z.object({
  file: z.string({ error: 'Informe o arquivo (file)' }).regex(NOME_FOTO, 'Nome de arquivo inválido: use <CPF/CNPJ sem máscara, letras maiúsculas>.png'),
});

/** The upload's form (read by the route itself, part by part: documented in the OpenAPI document, not validated by a schema). */
const envioDeFoto = z.object({
  file: z.file().meta({ description: 'A foto (PNG ou JPEG)' }),
  cpfcnpj: z.string().optional().meta({ description: 'CPF ou CNPJ da pessoa (com ou sem máscara); sem ele, vale o nome do arquivo' }),
  path: z.string().max(200).optional().meta({ description: 'Pasta (compatibilidade com o sistema anterior): não muda onde a foto é guardada' }),
});
const fotoEnviada = z.object({ file: z.string(), tamanho: z.number().int(), tipo: z.enum(['image/png', 'image/jpeg']) });

/** A CPF or CNPJ (numeric or alphanumeric), masked or not, either case → '<characters, upper case>.png' (decision 0180). */
const nomePorDocumento = (v: string | undefined): string | null => (v && formaDeDocumento(v.trim()) ? nomeFoto(v) : null);

/** '123.456.789-01.png' (the uploaded file's name, without any folder) → '12345678901.png'; '12.abc.345/01de-35.png' → '12ABC34501DE35.png'. */
const nomePorArquivo = (filename: string) => nomePorDocumento(path.basename(filename.replaceAll('\\', '/')).replace(/\.(png|jpe?g)$/i, ''));

export const MSG_SEM_PESSOA = 'Nenhuma pessoa cadastrada com este CPF/CNPJ: salve a pessoa antes de enviar a foto.';

const mb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB` : `${Math.ceil(n / 1024)} KB`);

/** The upload's fields and its one file (`file`), or the pt-BR 413 or 400 of an upload too big or malformed. */
async function lerEnvio(req: FastifyRequest, maximo: number) {
  const campos: Record<string, string> = {};
  let arquivo: { buffer: Buffer; filename: string } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: maximo, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const buffer = await part.toBuffer();
        if (part.fieldname === 'file') arquivo = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') campos[part.fieldname] = part.value;
    }
  } catch (e) {
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `A foto deve ter no máximo ${mb(maximo)}.`);
    if (err.code === 'FST_FILES_LIMIT') throw new HttpError(413, 'Envie uma foto por vez.');
    if (err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'O envio tem campos demais.');
    // Anything else the multipart parser stumbles on is a malformed upload, not a server fault.
    throw badRequest('O envio da foto está malformado: envie um formulário multipart/form-data com o campo "file".');
  }
  return { campos, arquivo };
}

/**
 * Person photos (docs/produto/api.md 'People and photos'), stored as `<cpf/cnpj digits>.png`.
 * Permissions on the route name 'pessoa': upload = criar or editar (a photo is sent after creating
 * or editing a person), exists/download = visualizar, delete = deletar.
 */
export default function ftpRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = fotoStorage(ctx.db);
  const tags = ['Fotos'];
  const maximo = ctx.config.uploadMaxBytes;

  r.post(
    '/ftp/upload',
    {
      schema: {
        tags,
        summary: 'Envia a foto de uma pessoa (multipart: file, cpfcnpj opcional, path opcional)',
        description: `PNG ou JPEG de até ${mb(maximo)}. O nome vem do campo cpfcnpj ou do nome do arquivo (dígitos do CPF/CNPJ) e é sempre <dígitos>.png.`,
        consumes: ['multipart/form-data'],
        response: { 201: fotoEnviada },
      },
      config: { acesso: { rota: 'pessoa', acao: ['criar', 'editar'] }, openapi: { corpo: envioDeFoto, erros: [413, 415] } },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new HttpError(415, 'Envie a foto como multipart/form-data, no campo "file".');
      const { campos, arquivo } = await lerEnvio(req, maximo);
      if (campos.path !== undefined && (campos.path.length > 200 || campos.path.includes('\0') || campos.path.split(/[\\/]/).includes('..')))
        throw badRequest('Caminho inválido', [{ field: 'path', message: 'Caminho inválido' }]);
      if (!arquivo || arquivo.buffer.length === 0)
        throw badRequest('Nenhuma foto enviada (campo "file").', [{ field: 'file', message: 'Nenhuma foto enviada' }]);
      const nome = campos.cpfcnpj !== undefined ? nomePorDocumento(campos.cpfcnpj) : nomePorArquivo(arquivo.filename);
      if (!nome)
        throw badRequest('Não foi possível identificar o CPF/CNPJ da foto: envie o campo cpfcnpj ou um arquivo chamado <CPF/CNPJ>.png.', [
          { field: campos.cpfcnpj !== undefined ? 'cpfcnpj' : 'file', message: DOCUMENTO_FORMA },
        ]);
      const tipo = tipoImagem(arquivo.buffer);
      if (!tipo) throw new HttpError(415, 'A foto deve ser uma imagem PNG ou JPEG.');
      // A photo belongs to a person: no file for a CPF/CNPJ nobody has (the form uploads after saving the person).
      if (!(await existePessoaComDocumento(ctx.db, nome.replace(/\.png$/, ''))))
        throw badRequest(MSG_SEM_PESSOA, [{ field: campos.cpfcnpj !== undefined ? 'cpfcnpj' : 'file', message: MSG_SEM_PESSOA }]);
      await storage.save(nome, arquivo.buffer);
      return reply.code(201).send({ file: nome, tamanho: arquivo.buffer.length, tipo });
    },
  );

  r.get(
    '/ftp/exists',
    { schema: { tags, summary: 'Diz se a foto existe', querystring: arquivoQuery }, config: { acesso: { rota: 'pessoa', acao: 'visualizar' } } },
    async (req) => ({ exists: await storage.exists(req.query.file) }),
  );

  r.get(
    '/ftp/download',
    { schema: { tags, summary: 'Os bytes da foto', querystring: arquivoQuery }, config: { acesso: { rota: 'pessoa', acao: 'visualizar' } } },
    async (req, reply) => {
      const buf = await storage.read(req.query.file);
      if (!buf) throw naoEncontrado('Foto não encontrada');
      return reply
        .header('content-type', tipoImagem(buf) ?? 'image/png')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(buf);
    },
  );

  r.delete(
    '/ftp/delete',
    { schema: { tags, summary: 'Remove a foto', querystring: arquivoQuery }, config: { acesso: { rota: 'pessoa', acao: 'deletar' } } },
    async (req, reply) => {
      if (!(await storage.remover(req.query.file))) throw naoEncontrado('Foto não encontrada');
      return reply.code(204).send();
    },
  );
}
