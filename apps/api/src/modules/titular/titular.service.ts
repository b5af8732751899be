// What other modules may use of titular (docs/arquitetura.md): the holder's export as a download (the portal's 'Meus dados', decision 0299).
import type { FastifyReply } from 'fastify';
import { toCsv } from '@ceasa/shared';
import type { TitularRepository } from './titular.repository';
import { zip } from './zip';

type Exportacao = NonNullable<Awaited<ReturnType<TitularRepository['exportar']>>>;

/** A value of the export as one CSV cell: dates as ISO text, objects as JSON. */
const celula = (x: unknown) => (x == null ? null : x instanceof Date ? x.toISOString() : typeof x === 'object' ? JSON.stringify(x) : (x as string | number));

/** The holder's export as a ZIP: one CSV per record (its columns the union of its rows' fields) and the photo. */
export function zipDaExportacao(dados: Exportacao): Buffer {
  const arquivos = Object.entries(dados.documento).map(([nome, v]) => {
    const linhas = (Array.isArray(v) ? v : [v]) as Record<string, unknown>[];
    const colunas = [...new Set(linhas.flatMap((l) => Object.keys(l)))];
    return {
      nome: `${nome}.csv`,
      dados: Buffer.from(
        toCsv(
          colunas,
          linhas.map((l) => colunas.map((c) => celula(l[c]))),
        ),
      ),
    };
  });
  if (dados.foto) arquivos.push({ nome: 'foto.png', dados: dados.foto });
  return zip(arquivos);
}

/**
 * Sends a person's export (the encarregado's and the portal's 'Meus dados'): JSON, or `zip`. The ZIP is a download
 * (content-disposition attachment) named `anexo.nome`, and the JSON too when `jsonComoArquivo`. Never kept by a cache.
 */
export function enviarExportacao(
  reply: FastifyReply,
  dados: Exportacao,
  formato: 'json' | 'zip' | undefined,
  anexo: { nome: string; jsonComoArquivo: boolean },
) {
  reply.header('cache-control', 'no-store');
  if (formato === 'zip')
    return reply.type('application/zip').header('content-disposition', `attachment; filename="${anexo.nome}.zip"`).send(zipDaExportacao(dados));
  if (anexo.jsonComoArquivo) reply.header('content-disposition', `attachment; filename="${anexo.nome}.json"`);
  return reply.type('application/json; charset=utf-8').send(dados.documento);
}
