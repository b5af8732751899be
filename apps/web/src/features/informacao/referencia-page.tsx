import { hojeNoMercado, somarDias } from '@ceasa/shared/tempo';
import { useEffect, useState, type FormEvent } from 'react';
import type { Referencia } from '@ceasa/shared';
import { formatBRL, formatDate } from '@ceasa/shared/format';
import { EntradaDataLivre } from '../../components/form/entrada-data-livre';
import { PublicShell } from '../../components/layout/public-shell';
import { api } from '../../lib/api-client';
import { useParametrosDaUrl } from '../../lib/parametros-da-url';
import { useCarga } from '../../lib/use-carga';
import './informacao.css';

interface ProdutoPublico {
  id: number;
  nome: string;
  embalagem: string;
}

const hoje = () => hojeNoMercado();
const haDias = (n: number) => somarDias(hojeNoMercado(), -n);

/** 'dd/mm/aaaa às hh:mm:ss (UTC−03:00)': the moment of the query as it was answered, with its offset. */
function momento(iso: string) {
  const m = /^(\d{4})-(\d\d)-(\d\d)T(\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)$/.exec(iso);
  if (!m) return iso;
  return `${m[3]}/${m[2]}/${m[1]} às ${m[4]} (UTC${m[5] === 'Z' ? '' : m[5]!.replace('-', '−')})`;
}

const cv = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** The query's schema and messages, loaded at the first 'Consultar': the page's first load carries no zod. */
const esquema = () => import('@ceasa/shared/resources/informacao');

/**
 * /referencia: the price reference a municipal buyer documents a procurement with (GET publico/referencia,
 * decision 0192): the figures, the method in words, the moment of the query and a permalink that answers the same
 * figures again. Printable: the moment is repeated at the foot of every printed page.
 */
export default function ReferenciaPage() {
  const [params, setParams] = useParametrosDaUrl();
  const produtos = useCarga('publico/produtos', () => api<ProdutoPublico[]>('publico/produtos'));
  const [produtoId, setProdutoId] = useState(params.get('produtoId') ?? '');
  const [inicio, setInicio] = useState<string | null>(params.get('inicio') ?? haDias(90));
  const [fim, setFim] = useState<string | null>(params.get('fim') ?? hoje());
  /** The fields' refusals (the shared query's pt-BR messages), before anything is asked of the server. */
  const [erros, setErros] = useState<Partial<Record<'produtoId' | 'inicio' | 'fim', string>>>({});
  const pedido = params.get('produtoId') ? Object.fromEntries(params) : null;
  useEffect(() => {
    document.title = 'Referência de preços';
  }, []);

  const consultar = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const modulo = await esquema().catch(() => null);
    if (!modulo) {
      // The schema could not be loaded: the server checks the query and its refusal shows under the form.
      setParams({ produtoId, inicio: inicio ?? '', fim: fim ?? '' });
      return;
    }
    const { referenciaQuery, INFORMACAO_MSG } = modulo;
    const v = referenciaQuery.safeParse({ produtoId: produtoId || undefined, inicio: inicio ?? '', fim: fim ?? '' });
    if (!v.success) {
      const novos: typeof erros = {};
      // The dates are typed here as dd/mm/aaaa (the API's messages name its own format).
      for (const i of v.error.issues) novos[i.path[0] as keyof typeof erros] ??= i.message.replace('(aaaa-mm-dd)', '(dd/mm/aaaa)');
      if (!produtoId) novos.produtoId = INFORMACAO_MSG.produtoObrigatorio;
      setErros(novos);
      // The first field refused takes the focus, its message read with it.
      const primeiro = (['produtoId', 'inicio', 'fim'] as const).find((k) => novos[k]);
      form.querySelector<HTMLElement>(`#referencia-${primeiro}`)?.focus();
      return;
    }
    setErros({});
    // A new query: its own moment (no consultadoEm), then the permalink is the answer's.
    setParams({ produtoId, inicio: v.data.inicio, fim: v.data.fim });
  };
  const erro = (k: keyof typeof erros) =>
    erros[k] && (
      <small id={`referencia-${k}-erro`} className="p-error">
        {erros[k]}
      </small>
    );
  const aria = (k: keyof typeof erros) => ({ 'aria-invalid': erros[k] ? true : undefined, 'aria-describedby': erros[k] ? `referencia-${k}-erro` : undefined });
  return (
    <PublicShell>
      <section className="informacao referencia">
        <h1>Referência de preços para compras públicas</h1>
        <p className="nao-imprime">
          Preços de atacado publicados por este mercado, para documentar a pesquisa de preços de uma compra pública: escolha o produto e o período.
        </p>
        {/* Dates typed as dd/mm/aaaa (the browser's date input shows its own language's order, 08/29/2026); refusals in pt-BR. */}
        <form className="referencia-form nao-imprime" onSubmit={(e) => void consultar(e)} noValidate>
          <div className="referencia-campo">
            <label htmlFor="referencia-produtoId">Produto</label>
            <select id="referencia-produtoId" className="p-inputtext" value={produtoId} onChange={(e) => setProdutoId(e.target.value)} {...aria('produtoId')}>
              <option value="">{produtos.isLoading ? 'Carregando...' : 'Escolha o produto'}</option>
              {(produtos.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nome} ({p.embalagem})
                </option>
              ))}
            </select>
            {erro('produtoId')}
          </div>
          <div className="referencia-campo">
            <label htmlFor="referencia-inicio">De</label>
            <EntradaDataLivre id="referencia-inicio" value={inicio} onChange={setInicio} {...aria('inicio')} />
            {erro('inicio')}
          </div>
          <div className="referencia-campo">
            <label htmlFor="referencia-fim">Até</label>
            <EntradaDataLivre id="referencia-fim" value={fim} onChange={setFim} {...aria('fim')} />
            {erro('fim')}
          </div>
          <button type="submit" className="p-button">
            Consultar
          </button>
        </form>
        {produtos.error && <p role="alert">Não foi possível carregar os produtos. Recarregue a página.</p>}
        {/* One per query: another one shows 'Carregando...' until its figures come, not the last one's. */}
        {pedido && <Resposta key={JSON.stringify(pedido)} pedido={pedido} />}
      </section>
    </PublicShell>
  );
}

/** The figures of a query: loading, the server's refusal, or the figures with the method, the moment and the permalink. */
function Resposta({ pedido }: { pedido: Record<string, string> }) {
  const r = useCarga(JSON.stringify(pedido), () => api<Referencia>('publico/referencia', { query: pedido }));
  const d = r.data;
  const permalink = d ? new URL(d.permalink, window.location.origin).toString() : '';
  return (
    <>
      {r.isFetching && <p>Carregando...</p>}
      {r.error && <p role="alert">{r.error.message}</p>}
      {d && (
        <article className="referencia-resultado" aria-live="polite">
          <h2>
            {d.produtoNome} ({d.embalagem})
          </h2>
          <p>
            Período: {formatDate(d.inicio)} a {formatDate(d.fim)}. Consultado em <strong>{momento(d.consultadoEm)}</strong>.
          </p>
          {d.n === 0 ? (
            <p>Nenhum preço publicado deste produto no período.</p>
          ) : (
            <table className="referencia-numeros">
              <tbody>
                {(
                  [
                    ['Número de preços', d.n],
                    ['Média', formatBRL(d.media)],
                    ['Mediana', formatBRL(d.mediana)],
                    ['Mínimo', formatBRL(d.minimo)],
                    ['Máximo', formatBRL(d.maximo)],
                    ['Coeficiente de variação', d.coeficienteVariacao === null ? '—' : `${cv.format(d.coeficienteVariacao)}%`],
                  ] as const
                ).map(([rotulo, valor]) => (
                  <tr key={rotulo}>
                    <th scope="row">{rotulo}</th>
                    <td>{valor}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>Método</h3>
          <p>{d.metodo}</p>
          <p>
            Link permanente (dá os mesmos números): <a href={permalink}>{permalink}</a>
          </p>
          <button type="button" className="p-button p-button-outlined nao-imprime" onClick={() => window.print()}>
            <i className="pi pi-print" aria-hidden />
            &nbsp;Imprimir
          </button>
          <p className="rodape-impresso" aria-hidden>
            Referência de preços · {d.produtoNome} · consultado em {momento(d.consultadoEm)} · {permalink}
          </p>
        </article>
      )}
    </>
  );
}
