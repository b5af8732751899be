import { hojeNoMercado } from '@ceasa/shared/tempo';
import { useState } from 'react';
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
  /** The day asked for; `data` is the day shown (the last quoted one when today has none). */
  pedida: string;
  data: string;
  resumo: ResumoDoDia;
  linhas: CotacaoProdutoLinha[];
}

async function carregarDia(data: string): Promise<Omit<Cotacao, 'pedida'>> {
  const [resumo, linhas] = await Promise.all([
    api<ResumoDoDia>('publico/resumo', { query: { data } }),
    api<CotacaoProdutoLinha[]>('publico/cotacao/produtos', { query: { data } }),
  ]);
  return { data, resumo, linhas };
}

/** The day `pedida`; when it has no prices and the visitor chose no day, the last quoted day, in the same load (one render). */
async function carregar(pedida: string, escolhida: boolean): Promise<Cotacao> {
  const dia = await carregarDia(pedida);
  const outro = !escolhida && dia.linhas.length === 0 && dia.resumo.dataAnterior ? await carregarDia(dia.resumo.dataAnterior) : dia;
  return { pedida, ...outro };
}

/**
 * The quotation per product as State CEASAs publish it (GET publico/cotacao/produtos, decision 0190): minimum, most
 * common and maximum per package, per kg, origin and the market's situation with the change, and the day's summary
 * line (GET publico/resumo). Phone first: each product a block on a narrow screen, a table row on a wide one. It
 * opens on today, or on the last day with a published quotation when today has none.
 */
export function CotacaoProdutos() {
  const [pedido, setPedido] = useState(() => ({ data: hojeNoBrasil(), escolhida: false }));
  const c = useCarga(`${pedido.data}|${pedido.escolhida}`, () => carregar(pedido.data, pedido.escolhida));
  // The answer to this request (the previous one stays in `c.data` while the next loads).
  const atual = c.data?.pedida === pedido.data ? c.data : undefined;
  const data = atual?.data ?? pedido.data;
  const linhas = atual?.linhas ?? [];

  return (
    <section className="cotacao-produtos" id="cotacao-produtos" aria-labelledby="cotacao-produtos-titulo">
      <div className="cotacao-produtos-topo">
        <h2 id="cotacao-produtos-titulo">Cotação por produto</h2>
        <FiltroData
          key={data}
          valor={data}
          rotulo="Data da cotação por produto"
          onChange={(d) => {
            if (d) setPedido({ data: d, escolhida: true });
          }}
        />
      </div>
      {c.error && <p role="alert">{c.error.message}</p>}
      {atual && (
        <p className="cotacao-produtos-resumo" aria-live="polite">
          {linhas.length ? (
            <>
              <strong>{formatDate(data)}:</strong> {atual.resumo.texto}
              {atual.resumo.dataAnterior && <span className="muted"> (comparado a {formatDate(atual.resumo.dataAnterior)})</span>}
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
