import { hojeNoMercado } from '@ceasa/shared/tempo';
import { useEffect, useState } from 'react';
import type { CotacaoProdutoLinha, ResumoDoDia } from '@ceasa/shared';
// Subpath import on purpose: the package's index pulls zod (schemas), which /home does not need.
import { formatBRL, formatDate } from '@ceasa/shared/format';
import { api } from '../../lib/api-client';
import { useCarga } from '../../lib/use-carga';
import { FiltroData } from './filtro-data';

/** How the public page names each situation (the clerk's, or derived from the change: ±5%). */
const SITUACAO: Record<string, { rotulo: string; icone: string }> = {
  firme: { rotulo: 'Firme', icone: 'pi-arrow-up' },
  estavel: { rotulo: 'Estável', icone: 'pi-minus' },
  fraco: { rotulo: 'Fraco', icone: 'pi-arrow-down' },
};
const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const hojeNoBrasil = () => hojeNoMercado();

interface Cotacao {
  data: string;
  resumo: ResumoDoDia;
  linhas: CotacaoProdutoLinha[];
}

async function carregar(data: string): Promise<Cotacao> {
  const [resumo, linhas] = await Promise.all([
    api<ResumoDoDia>('publico/resumo', { query: { data } }),
    api<CotacaoProdutoLinha[]>('publico/cotacao/produtos', { query: { data } }),
  ]);
  return { data, resumo, linhas };
}

/**
 * The quotation per product as State CEASAs publish it (GET publico/cotacao/produtos, decision 0190): minimum, most
 * common and maximum per package, per kg, origin and the market's situation with the change, and the day's summary
 * line (GET publico/resumo). Phone first: each product a block on a narrow screen, a table row on a wide one. It
 * opens on today, or on the last day with a published quotation when today has none.
 */
export function CotacaoProdutos() {
  const [data, setData] = useState<string>(hojeNoBrasil);
  const [escolhida, setEscolhida] = useState(false);
  const c = useCarga(data, () => carregar(data));
  // Today without prices, and the visitor chose no day: the last quoted day instead.
  useEffect(() => {
    const d = c.data;
    if (!escolhida && d && d.data === data && d.linhas.length === 0 && d.resumo.dataAnterior) setData(d.resumo.dataAnterior);
  }, [c.data, data, escolhida]);
  const linhas = c.data?.data === data ? c.data.linhas : [];

  return (
    <section className="cotacao-produtos" id="cotacao-produtos" aria-labelledby="cotacao-produtos-titulo">
      <div className="cotacao-produtos-topo">
        <h2 id="cotacao-produtos-titulo">Cotação por produto</h2>
        <FiltroData
          key={data}
          valor={data}
          rotulo="Data da cotação por produto"
          onChange={(d) => {
            if (!d) return;
            setEscolhida(true);
            setData(d);
          }}
        />
      </div>
      {c.error && <p role="alert">{c.error.message}</p>}
      {c.data && c.data.data === data && (
        <p className="cotacao-produtos-resumo" aria-live="polite">
          {linhas.length ? (
            <>
              <strong>{formatDate(data)}:</strong> {c.data.resumo.texto}
              {c.data.resumo.dataAnterior && <span className="muted"> (comparado a {formatDate(c.data.resumo.dataAnterior)})</span>}
            </>
          ) : (
            `Sem cotação publicada em ${formatDate(data)}.`
          )}
        </p>
      )}
      {linhas.length > 0 && (
        <table className="cotacao-produtos-tabela">
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col" className="num">
                Mínimo
              </th>
              <th scope="col" className="num">
                Mais comum
              </th>
              <th scope="col" className="num">
                Máximo
              </th>
              <th scope="col" className="num">
                R$/kg
              </th>
              <th scope="col">Situação</th>
              <th scope="col">Procedência</th>
            </tr>
          </thead>
          <tbody>
            {linhas.map((l) => {
              const s = l.situacao ? SITUACAO[l.situacao] : null;
              return (
                <tr key={l.produtoId}>
                  <th scope="row">
                    {l.produtoNome} <small className="muted">{l.embalagem}</small>
                  </th>
                  <td className="num" data-rotulo="Mínimo">
                    {formatBRL(l.valorMinimo)}
                  </td>
                  <td className="num mais-comum" data-rotulo="Mais comum">
                    {formatBRL(l.valorMaisComum)}
                  </td>
                  <td className="num" data-rotulo="Máximo">
                    {formatBRL(l.valorMaximo)}
                  </td>
                  <td className="num" data-rotulo="R$/kg">
                    {l.valorKg === null ? '—' : formatBRL(l.valorKg)}
                  </td>
                  <td data-rotulo="Situação" className={s ? `situacao situacao-${l.situacao}` : 'situacao'}>
                    {s ? (
                      <>
                        <i className={`pi ${s.icone}`} aria-hidden /> {s.rotulo}
                      </>
                    ) : (
                      '—'
                    )}
                    {l.variacao !== null && <small> ({pct.format(l.variacao)}%)</small>}
                  </td>
                  <td data-rotulo="Procedência">{l.procedencia || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
