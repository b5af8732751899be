import { hojeNoMercado } from '@ceasa/shared/tempo';
import { startTransition, useEffect, useState } from 'react';
import type { ArquivoAberto, CatalogoDadosAbertos } from '@ceasa/shared';
import { formatDateTime } from '@ceasa/shared/format';
import { datasetJsonLd, enderecosDoArquivo } from '@ceasa/shared/resources/dados-abertos-enderecos';
import { PublicShell } from '../../components/layout/public-shell';
import { Botao } from '../../components/publico/botao';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import './dados-abertos.css';

/** Today and last month in Brazil ('yyyy-mm-dd', 'yyyy-mm'): the example values of the files' links. */
function exemplos(): Record<string, string> {
  const hoje = hojeNoMercado();
  const [a, m] = hoje.split('-').map(Number);
  return { hoje, 'mes-passado': m === 1 ? `${a - 1}-12` : `${a}-${String(m - 1).padStart(2, '0')}` };
}
const valoresDe = (a: ArquivoAberto) => {
  const ex = exemplos();
  return Object.fromEntries(a.parametros.map((p) => [p.nome, ex[p.exemplo] ?? p.exemplo]));
};

/** The schema.org description of a file, for search engines (a data block: no script runs). */
function JsonLd({ dados }: { dados: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(dados).replace(/</g, '\\u003c') }} />;
}

function Arquivo({ a, c }: { a: ArquivoAberto; c: CatalogoDadosAbertos }) {
  const valores = valoresDe(a);
  const e = enderecosDoArquivo(a, '', valores);
  return (
    <section className="dados-arquivo" id={a.id} aria-labelledby={`titulo-${a.id}`}>
      <h2 id={`titulo-${a.id}`}>{a.titulo}</h2>
      <p>{a.descricao}</p>
      <dl className="dados-fatos">
        <dt>Endereço</dt>
        <dd>
          <code>
            GET /api{a.caminho}?{a.parametros.map((p) => `${p.nome}=…`).join('&')}
          </code>
        </dd>
        <dt>Parâmetros</dt>
        <dd>{a.parametros.map((p) => `${p.nome}: ${p.descricao}`).join('; ')}</dd>
        <dt>Atualização</dt>
        <dd>{a.frequencia}</dd>
        <dt>Licença</dt>
        <dd>{c.licenca.url ? <a href={c.licenca.url}>{c.licenca.nome}</a> : c.licenca.nome}</dd>
        <dt>Baixar</dt>
        <dd className="dados-links">
          <a href={e.json}>JSON</a>
          {e.csv && <a href={e.csv}>CSV</a>}
          {e.metadados && <a href={e.metadados}>metadados CSVW</a>}
        </dd>
      </dl>
      <div className="dados-colunas" role="region" aria-label={`Colunas de ${a.titulo}`} tabIndex={0}>
        <table>
          <caption>Colunas, na ordem do CSV</caption>
          <thead>
            <tr>
              <th scope="col">Coluna</th>
              <th scope="col">Descrição</th>
              <th scope="col">Tipo</th>
              <th scope="col">Unidade</th>
            </tr>
          </thead>
          <tbody>
            {a.colunas.map((col) => (
              <tr key={col.nome}>
                <th scope="row">
                  <code>{col.nome}</code>
                </th>
                <td>{col.descricao}</td>
                <td>{TIPOS[col.tipo]}</td>
                <td>{col.unidade ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <JsonLd dados={datasetJsonLd(a, c, valores)} />
    </section>
  );
}

const TIPOS = { integer: 'número inteiro', decimal: 'número (ponto decimal)', string: 'texto', date: 'data (aaaa-mm-dd)' } as const;

/** The methodology, and for the super-admin a text box to change it (PUT dados-abertos/metodologia). */
function Metodologia({ c, aoSalvar }: { c: CatalogoDadosAbertos; aoSalvar: (m: CatalogoDadosAbertos['metodologia']) => void }) {
  const { sessao } = useAuth();
  const superAdmin = Boolean(sessao?.perfilUser.includes('super-admin'));
  const [editando, setEditando] = useState(false);
  const [texto, setTexto] = useState(c.metodologia.texto);
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);
  return (
    <section aria-labelledby="titulo-metodologia" className="dados-metodologia">
      <h2 id="titulo-metodologia">Metodologia de coleta</h2>
      {editando ? (
        <form
          onSubmit={async (ev) => {
            ev.preventDefault();
            setSalvando(true);
            setErro(null);
            try {
              aoSalvar(await api<CatalogoDadosAbertos['metodologia']>('dados-abertos/metodologia', { method: 'PUT', body: { texto } }));
              setEditando(false);
            } catch (e) {
              setErro(e instanceof ApiError ? e.message : 'Erro ao salvar a metodologia');
            } finally {
              setSalvando(false);
            }
          }}
        >
          <label htmlFor="metodologia-texto">Texto da metodologia</label>
          <textarea
            id="metodologia-texto"
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            rows={8}
            maxLength={20000}
            className="p-inputtextarea p-inputtext p-component w-full"
            autoFocus
          />
          {erro && (
            <p role="alert" className="p-error">
              {erro}
            </p>
          )}
          <div className="dados-botoes">
            <Botao type="submit" label="Salvar metodologia" icon="pi pi-check" loading={salvando} />
            <Botao label="Cancelar" severity="secondary" outlined onClick={() => setEditando(false)} />
          </div>
        </form>
      ) : (
        <>
          {c.metodologia.texto.split(/\n{2,}/).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {c.metodologia.alteradoEm && <p className="dados-nota">Atualizada em {formatDateTime(c.metodologia.alteradoEm)}.</p>}
          {superAdmin && <Botao label="Editar metodologia" icon="pi pi-pencil" outlined size="small" onClick={() => setEditando(true)} />}
        </>
      )}
    </section>
  );
}

/** /dados-abertos: every public file described (decision 0195), public, phone-first. */
export default function DadosAbertosPage() {
  const [c, setC] = useState<CatalogoDadosAbertos | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  useEffect(() => {
    document.title = 'Dados abertos';
    // Drawn as a transition: React renders the catalogue in slices, answering taps between them.
    api<CatalogoDadosAbertos>('publico/dados-abertos').then(
      (catalogo) => startTransition(() => setC(catalogo)),
      () => setErro('Não foi possível carregar a descrição dos dados abertos. Tente novamente.'),
    );
  }, []);
  return (
    <PublicShell>
      <div className="dados-abertos-pagina">
        <h1>Dados abertos</h1>
        {erro && <p role="alert">{erro}</p>}
        {!c && !erro && <p>Carregando…</p>}
        {c && (
          <>
            <p>
              Arquivos públicos do {c.publicador}, sem cadastro nem senha, em JSON e CSV (UTF-8, separador <code>;</code>, ponto decimal). Licença:{' '}
              {c.licenca.url ? <a href={c.licenca.url}>{c.licenca.nome}</a> : c.licenca.nome}. Cada CSV tem metadados CSV on the Web (
              <code>-metadata.json</code>). Também: <a href="/api/publico/cotacao.atom">feed Atom da cotação</a>,{' '}
              <a href="/assinar">cotação e alertas por e-mail</a> e a <a href="/api/docs">documentação da API</a>.
            </p>
            <nav aria-label="Arquivos">
              <ul className="dados-indice">
                {c.arquivos.map((a) => (
                  <li key={a.id}>
                    <a href={`#${a.id}`}>{a.titulo}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <Metodologia c={c} aoSalvar={(metodologia) => setC({ ...c, metodologia })} />
            {c.arquivos.map((a) => (
              <Arquivo key={a.id} a={a} c={c} />
            ))}
          </>
        )}
      </div>
    </PublicShell>
  );
}
