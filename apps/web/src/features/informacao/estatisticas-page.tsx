import { hojeNoMercado } from '@ceasa/shared/tempo';
import { useEffect } from 'react';
import type { Estatisticas, NumerosDoMes } from '@ceasa/shared';
import { formatBRL } from '@ceasa/shared/format';
import { PublicShell } from '../../components/layout/public-shell';
import { api } from '../../lib/api-client';
import { useParametrosDaUrl } from '../../lib/parametros-da-url';
import { useCarga } from '../../lib/use-carga';
import { Barras, Linha } from './graficos';
import './informacao.css';

const kg = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const NOMES = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const curto = (mes: string) => `${MESES[Number(mes.slice(5)) - 1]}/${mes.slice(2, 4)}`;
const longo = (mes: string) => `${NOMES[Number(mes.slice(5)) - 1]} de ${mes.slice(0, 4)}`;
/** Last month in Brazil ('yyyy-mm'): the first full month to show. */
function mesPassado() {
  const [a, m] = hojeNoMercado().split('-').map(Number) as [number, number];
  return m === 1 ? `${a - 1}-12` : `${a}-${String(m - 1).padStart(2, '0')}`;
}
/** The years offered: the last fifteen up to this one, and the one asked for when it is outside them. */
function anos(mes: string): string[] {
  const atual = Number(hojeNoMercado().slice(0, 4));
  const pedido = Number(mes.slice(0, 4));
  const ate = Math.max(atual, pedido);
  const de = Math.min(atual - 15, pedido);
  return Array.from({ length: ate - de + 1 }, (_, i) => String(ate - i));
}
const variacao = (agora: number, antes: number) => (antes ? `${pct.format(((agora - antes) / antes) * 100)}%` : '—');
const reais = (v: number) => formatBRL(v);
const toneladas = (v: number) => `${kg.format(v)} kg`;

function Totais({ e, a }: { e: NumerosDoMes; a: NumerosDoMes }) {
  return (
    // Scrolls sideways on a narrow phone: reachable by the keyboard (axe's scrollable-region-focusable).
    <div className="rolagem" tabIndex={0} role="region" aria-label="Totais do mês">
      <table className="estatisticas-totais">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{longo(e.mes)}</th>
            <th scope="col">{longo(a.mes)}</th>
            <th scope="col">Variação</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Entradas (kg)</th>
            <td className="num">{kg.format(e.quantidadeKg)}</td>
            <td className="num">{kg.format(a.quantidadeKg)}</td>
            <td className="num">{variacao(e.quantidadeKg, a.quantidadeKg)}</td>
          </tr>
          <tr>
            <th scope="row">Valor movimentado</th>
            <td className="num">{formatBRL(e.valor)}</td>
            <td className="num">{formatBRL(a.valor)}</td>
            <td className="num">{variacao(e.valor, a.valor)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/**
 * /estatisticas: the month in figures (GET publico/estatisticas, decision 0193): kg per product group, money
 * moved, the ten products with most kg, origin by state and municipality, the same month a year before and the
 * fixed-weight price index with its base month and weights; plain SVG charts that print.
 */
export default function EstatisticasPage() {
  const [params, setParams] = useParametrosDaUrl();
  const mes = /^\d{4}-(0[1-9]|1[0-2])$/.test(params.get('mes') ?? '') ? params.get('mes')! : mesPassado();
  useEffect(() => {
    document.title = `O mês em números · ${longo(mes)}`;
  }, [mes]);

  return (
    <PublicShell>
      <section className="informacao estatisticas">
        <h1>O mês em números: {longo(mes)}</h1>
        <div className="estatisticas-acoes nao-imprime">
          {/* Month and year as pt-BR lists: the browser's month input shows its own language ('October 2026'). */}
          <div className="estatisticas-campo">
            <label htmlFor="estatisticas-mes">Mês</label>
            <select
              id="estatisticas-mes"
              className="p-inputtext"
              value={mes.slice(5)}
              onChange={(ev) => setParams({ mes: `${mes.slice(0, 4)}-${ev.target.value}` })}
            >
              {NOMES.map((n, i) => (
                <option key={n} value={String(i + 1).padStart(2, '0')}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <div className="estatisticas-campo">
            <label htmlFor="estatisticas-ano">Ano</label>
            <select
              id="estatisticas-ano"
              className="p-inputtext"
              value={mes.slice(0, 4)}
              onChange={(ev) => setParams({ mes: `${ev.target.value}-${mes.slice(5)}` })}
            >
              {anos(mes).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="p-button p-button-outlined" onClick={() => window.print()}>
            <i className="pi pi-print" aria-hidden />
            &nbsp;Imprimir
          </button>
          <a href={`/api/publico/estatisticas?mes=${mes}&formato=csv`}>Baixar CSV</a>
        </div>
        {/* One per month: another month shows 'Carregando...' until its figures come, not the last month's. */}
        <NumerosDoMesPedido key={mes} mes={mes} />
      </section>
    </PublicShell>
  );
}

/** The figures of `mes`: loading, the server's refusal, or the tables and charts. */
function NumerosDoMesPedido({ mes }: { mes: string }) {
  const q = useCarga(mes, () => api<Estatisticas>('publico/estatisticas', { query: { mes } }));
  const e = q.data;
  return (
    <>
      {q.isLoading && <p>Carregando...</p>}
      {q.error && <p role="alert">{q.error.message}</p>}
      {e && (
        <>
          <Totais e={e} a={e.anoAnterior} />
          {e.quantidadeKgSemPreco > 0 && (
            <p className="muted">{kg.format(e.quantidadeKgSemPreco)} kg chegaram em dias sem preço publicado do produto e não entram no valor movimentado.</p>
          )}
          {e.porGrupo.length === 0 && <p>Sem entradas registradas neste mês.</p>}
          {e.porGrupo.length > 0 && <GraficosDoMes e={e} />}
          <OrigemPorMunicipio e={e} />
          <IndiceDePrecos e={e} />
          <p className="muted">{e.indice.metodo}</p>
        </>
      )}
    </>
  );
}

/** The month's four bar charts: kg by group, the ten products with most kg, origin by state, and value by group. */
function GraficosDoMes({ e }: { e: Estatisticas }) {
  return (
    <div className="estatisticas-graficos">
      <figure>
        <figcaption>Entradas por grupo de produto (kg)</figcaption>
        <Barras
          titulo="Entradas por grupo de produto"
          itens={e.porGrupo.map((g) => ({ rotulo: g.produtoGrupoNome, valor: g.quantidadeKg }))}
          formatar={toneladas}
        />
      </figure>
      <figure>
        <figcaption>Os dez produtos com mais kg</figcaption>
        <Barras titulo="Os dez produtos com mais kg" itens={e.produtos.map((p) => ({ rotulo: p.produtoNome, valor: p.quantidadeKg }))} formatar={toneladas} />
      </figure>
      <figure>
        <figcaption>Origem por estado (kg)</figcaption>
        <Barras titulo="Origem por estado" itens={e.porUf.map((u) => ({ rotulo: u.uf ?? 'Não informada', valor: u.quantidadeKg }))} formatar={toneladas} />
      </figure>
      <figure>
        <figcaption>Valor movimentado por grupo</figcaption>
        <Barras titulo="Valor movimentado por grupo" itens={e.porGrupo.map((g) => ({ rotulo: g.produtoGrupoNome, valor: g.valor }))} formatar={reais} />
      </figure>
    </div>
  );
}

/** 'Origem por município': kg and value by the producers' town, in a table that scrolls sideways on a phone. */
function OrigemPorMunicipio({ e }: { e: Estatisticas }) {
  return (
    <>
      <h2>Origem por município</h2>
      <div className="rolagem" tabIndex={0} role="region" aria-label="Origem por município">
        <table className="estatisticas-tabela">
          <thead>
            <tr>
              <th scope="col">Município</th>
              <th scope="col">UF</th>
              <th scope="col" className="num">
                kg
              </th>
              <th scope="col" className="num">
                Valor
              </th>
            </tr>
          </thead>
          <tbody>
            {e.porMunicipio.map((m) => (
              <tr key={`${m.municipioNome}-${m.uf}`}>
                <td>{m.municipioNome ?? 'Não informado'}</td>
                <td>{m.uf ?? '—'}</td>
                <td className="num">{kg.format(m.quantidadeKg)}</td>
                <td className="num">{formatBRL(m.valor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The price index: its monthly chart and the basket with its weights, or why it cannot be computed. */
function IndiceDePrecos({ e }: { e: Estatisticas }) {
  return (
    <>
      <h2>Índice de preços (base {longo(e.indice.mesBase)} = 100)</h2>
      {e.indice.cesta.length ? (
        <>
          <figure>
            <figcaption>Índice mensal de preços da cesta</figcaption>
            <Linha titulo="Índice mensal de preços" pontos={e.indice.serie.map((s) => ({ rotulo: curto(s.mes), valor: s.valor }))} />
          </figure>
          <table className="estatisticas-tabela">
            <caption>Cesta e pesos (mês-base {longo(e.indice.mesBase)})</caption>
            <thead>
              <tr>
                <th scope="col">Produto</th>
                <th scope="col" className="num">
                  Peso
                </th>
                <th scope="col" className="num">
                  Preço-base (R$/kg)
                </th>
              </tr>
            </thead>
            <tbody>
              {e.indice.cesta.map((c) => (
                <tr key={c.produtoId}>
                  <td>{c.produtoNome}</td>
                  <td className="num">{pct.format(c.peso * 100).replace('+', '')}%</td>
                  <td className="num">{formatBRL(c.precoKgBase)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>Sem entradas com preço no mês-base: o índice não pode ser calculado.</p>
      )}
    </>
  );
}
