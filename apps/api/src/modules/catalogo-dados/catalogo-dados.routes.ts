import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ARQUIVOS_DADOS_ABERTOS, METODOLOGIA_MSG, licencaDe, metodologiaEntrada, type ArquivoAberto, type CatalogoDadosAbertos } from '@ceasa/shared';
import { enderecoPublico } from '../../config';
import type { AppContext } from '../../context';
import { forbidden } from '../../lib/errors';
import { quem } from '../../lib/audit';
import { catalogoDadosRepository } from './catalogo-dados.repository';

const TIPOS_CSVW = { integer: 'integer', decimal: 'decimal', string: 'string', date: 'date' } as const;

/**
 * The CSV-on-the-Web metadata of one CSV (W3C 'Metadata Vocabulary for Tabular Data'): the table at `url` (the
 * file with these query values), its dialect (the open-data CSV: ';', UTF-8 with a BOM, CRLF, one header line)
 * and one column per field in the file's order, with its type, description, unit (schema:unitText) and whether it
 * is never empty (required), and the columns that tell the rows apart (primaryKey).
 */
export function metadadosCsvw(a: ArquivoAberto, url: string, c: Pick<CatalogoDadosAbertos, 'licenca' | 'publicador'>) {
  return {
    '@context': ['http://www.w3.org/ns/csvw', { '@language': 'pt-BR' }],
    url,
    'dc:title': a.titulo,
    'dc:description': a.descricao,
    'dc:publisher': c.publicador,
    'dc:license': c.licenca.url ? { '@id': c.licenca.url } : c.licenca.nome,
    dialect: {
      delimiter: a.separador ?? ';',
      encoding: 'utf-8',
      header: true,
      headerRowCount: 1,
      lineTerminators: ['\r\n', '\n'],
      doubleQuote: true,
      trim: false,
    },
    tableSchema: {
      columns: a.colunas.map((col) => ({
        name: col.nome,
        titles: col.nome,
        'dc:description': col.descricao,
        datatype: TIPOS_CSVW[col.tipo],
        ...(col.obrigatoria ? { required: true } : {}),
        ...(col.unidade ? { 'schema:unitText': col.unidade } : {}),
      })),
      ...(a.chave ? { primaryKey: a.chave } : {}),
    },
  };
}

/**
 * The open data, described (decision 0195): GET publico/dados-abertos (every public file with its columns, units,
 * frequency, licence and the methodology), GET <file>-metadata.json for each CSV (CSV on the Web), the `Link` header
 * that points each CSV to it, and PUT dados-abertos/metodologia (the super-admin's text). All built from
 * ARQUIVOS_DADOS_ABERTOS (packages/shared): a file added there is described everywhere.
 */
export default function catalogoDadosRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = catalogoDadosRepository(ctx.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = enderecoPublico(ctx.config);
  const licenca = licencaDe(ctx.config.dadosLicenca);
  const publicador = ctx.config.settings.mercado;
  const tags = ['Dados abertos'];

  r.get(
    '/publico/dados-abertos',
    {
      schema: { tags, summary: 'O catálogo dos dados abertos: arquivos, colunas, unidades, frequência, licença e metodologia' },
      config: { acesso: 'publico' },
    },
    async (_req, reply): Promise<CatalogoDadosAbertos> => {
      reply.header('cache-control', 'public, no-cache');
      return { licenca, metodologia: await repo.metodologia(), endereco: base, publicador, arquivos: ARQUIVOS_DADOS_ABERTOS };
    },
  );

  r.put(
    '/dados-abertos/metodologia',
    {
      schema: { tags, summary: 'Altera o texto da metodologia de coleta (só o super-admin)', body: metodologiaEntrada },
      // The super-admin's own route name ('usuarios', no other seeded group has it), and the role itself below.
      config: { acesso: { rota: 'usuarios', acao: 'editar' } },
    },
    async (req) => {
      if (!req.usuario?.roles.includes('super-admin')) throw forbidden(METODOLOGIA_MSG.soSuperAdmin);
      await repo.alterarMetodologia(quem(req), req.body.texto);
      return repo.metodologia();
    },
  );

  // Each CSV's metadata, at its own path plus '-metadata.json', describing the file with the same query.
  const porCaminho = new Map<string, ArquivoAberto>();
  for (const a of ARQUIVOS_DADOS_ABERTOS.filter((x) => x.csv)) {
    porCaminho.set(`/api${a.caminho}`, a);
    const query = z.object(Object.fromEntries(a.parametros.map((p) => [p.nome, z.string().max(40).optional()])));
    r.get(
      `${a.caminho}-metadata.json`,
      {
        schema: { tags, summary: `Metadados CSV on the Web (CSVW) de ${a.titulo}`, querystring: query },
        config: { acesso: 'publico' },
      },
      async (req, reply) => {
        const q = req.query as Record<string, string | undefined>;
        const valores = new URLSearchParams(a.parametros.filter((p) => q[p.nome]).map((p): [string, string] => [p.nome, q[p.nome]!]));
        valores.set('formato', 'csv');
        const corpo = metadadosCsvw(a, `${base}/api${a.caminho}?${valores}`, { licenca, publicador });
        return reply.type('application/csvm+json; charset=utf-8').header('cache-control', 'public, no-cache').send(JSON.stringify(corpo));
      },
    );
  }

  // The Link header of every declared CSV answer (RFC 8288; CSVW's 'describedby'), whichever module serves it.
  app.addHook('onSend', async (req, reply, payload) => {
    const tipo = String(reply.getHeader('content-type') ?? '');
    const a = tipo.startsWith('text/csv') ? porCaminho.get(req.routeOptions.url ?? '') : undefined;
    if (a) {
      const q = req.query as Record<string, string | undefined>;
      const valores = new URLSearchParams(a.parametros.filter((p) => q[p.nome]).map((p): [string, string] => [p.nome, String(q[p.nome])]));
      const s = valores.toString();
      reply.header('link', `<${base}/api${a.caminho}-metadata.json${s ? `?${s}` : ''}>; rel="describedby"; type="application/csvm+json"`);
    }
    return payload;
  });
}
