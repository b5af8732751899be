/* A public file's addresses and its schema.org description, without zod: the page /dados-abertos loads no schema library. */
import type { ArquivoAberto, CatalogoDadosAbertos } from './dados-abertos';

/** The address of a file's JSON and CSV (with its example query) and of its CSV-on-the-Web metadata. */
export function enderecosDoArquivo(a: ArquivoAberto, base: string, valores: Record<string, string>) {
  const q = new URLSearchParams(Object.fromEntries(a.parametros.map((p) => [p.nome, valores[p.nome] ?? ''])));
  const sufixo = q.toString();
  const com = (extra: string) => `${base}/api${a.caminho}${sufixo || extra ? '?' : ''}${[sufixo, extra].filter(Boolean).join('&')}`;
  return {
    json: com(''),
    csv: a.csv ? com('formato=csv') : null,
    metadados: a.csv ? `${base}/api${a.caminho}-metadata.json${sufixo ? `?${sufixo}` : ''}` : null,
  };
}

/** The schema.org `Dataset` of a file (JSON-LD), as the page /dados-abertos carries it. */
export function datasetJsonLd(a: ArquivoAberto, c: CatalogoDadosAbertos, valores: Record<string, string>) {
  const e = enderecosDoArquivo(a, c.endereco, valores);
  return {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': `${c.endereco}/dados-abertos#${a.id}`,
    name: a.titulo,
    description: a.descricao,
    url: `${c.endereco}/dados-abertos#${a.id}`,
    inLanguage: 'pt-BR',
    isAccessibleForFree: true,
    license: c.licenca.url ?? c.licenca.nome,
    creator: { '@type': 'Organization', name: c.publicador },
    publisher: { '@type': 'Organization', name: c.publicador },
    measurementTechnique: c.metodologia.texto,
    variableMeasured: a.colunas.map((col) => ({
      '@type': 'PropertyValue',
      name: col.nome,
      description: col.descricao,
      ...(col.unidade ? { unitText: col.unidade } : {}),
    })),
    distribution: [
      { '@type': 'DataDownload', encodingFormat: 'application/json', contentUrl: e.json },
      ...(e.csv ? [{ '@type': 'DataDownload', encodingFormat: 'text/csv', contentUrl: e.csv }] : []),
    ],
  };
}
