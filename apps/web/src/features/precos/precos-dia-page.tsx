import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatBRL, formatDate, precosRecurso, precosDiaRecurso, ROTULO_SITUACAO, SITUACOES, toIsoDate, type PrecoDoDia, type Situacao } from '@ceasa/shared';
import { EntradaData } from '../../components/form/entrada-data';
import { useAuth } from '../../lib/auth';
import { lerValor, useDigitacao, usePrecosDoDia, usePublicar, useSituacoes } from './use-precos-dia';
import './precos-dia.css';

const semAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
/** The change from the last price, '+5,0%' ('' when there is nothing to compare). */
const variacao = (valor: number | null, ultimo: number | null) => (valor === null || !ultimo ? '' : `${pct.format(((valor - ultimo) / ultimo) * 100)}%`);

/**
 * 'Preços do dia' (/precosdia, docs/decisions/0135-publicacao-da-cotacao.md): every active product with its last
 * price, the day's prices and their state (rascunho/publicado), typed from the keyboard alone: a value, Enter,
 * and the cursor is on the next product while the value is saved (POST precos, as the form does). A second
 * price of the day or a value far from the last one asks first, naming the value (decision 0136).
 * 'Publicar cotação' (route name precosDia, criar) publishes the day's drafts.
 */
export default function PrecosDiaPage() {
  const { pode } = useAuth();
  const [data, setData] = useState<string | null>(() => toIsoDate(new Date()));
  const [filtro, setFiltro] = useState('');
  const diaValido = !!data && /^\d{4}-\d{2}-\d{2}$/.test(data);
  const dia = diaValido ? data : null;
  const q = usePrecosDoDia(dia);
  const situacoes = useSituacoes(dia);
  const { publicando, publicar } = usePublicar(dia);
  const podeCriar = pode(precosRecurso.rota, 'criar');
  const podePublicar = pode(precosDiaRecurso.rota, 'criar');
  const produtos = (q.data?.produtos ?? []).filter((p) => !filtro.trim() || semAcentos(p.produtoNome).includes(semAcentos(filtro.trim())));
  const d = useDigitacao(dia, q, produtos);
  const rascunhos = (q.data?.produtos ?? []).reduce((n, p) => n + d.doDia(p).filter((x) => !x.publicado).length, 0);

  return (
    <section className="card precos-dia">
      <div className="list-header">
        <h1>Preços do dia</h1>
        <div className="list-actions">
          {podePublicar && <Button label="Publicar cotação" icon="pi pi-send" loading={publicando} disabled={!dia} onClick={() => void publicar()} />}
        </div>
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="precos-dia-data">Data</label>
          <EntradaData id="precos-dia-data" value={data} onChange={setData} aria-label="Data" />
        </div>
        <div className="field">
          <label htmlFor="precos-dia-filtro">Produto</label>
          <InputText id="precos-dia-filtro" value={filtro} onChange={(e) => setFiltro(e.target.value)} placeholder="Filtrar por nome" />
        </div>
      </div>
      <p className="muted" aria-live="polite">
        {q.data?.manual
          ? `Publicação manual: os preços ficam em rascunho até 'Publicar cotação'. Rascunhos neste dia: ${rascunhos}.`
          : q.data
            ? 'Publicação automática: cada preço salvo já é público.'
            : ''}
      </p>
      {q.isError && <p role="alert">{(q.error as Error).message}</p>}
      {q.isLoading && <p>Carregando...</p>}
      {q.data && (
        <table className="precos-dia-tabela">
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Embalagem</th>
              <th scope="col">Último preço</th>
              <th scope="col">Valor (R$)</th>
              <th scope="col">Variação</th>
              <th scope="col">Preços do dia</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {produtos.map((p, i) => (
              <LinhaDoPreco key={p.produtoId} p={p} i={i} d={d} situacoes={situacoes} podeCriar={podeCriar} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A product's row: its last price, the value typed and its save, the change, the day's prices and the situation. */
function LinhaDoPreco({
  p,
  i,
  d,
  situacoes,
  podeCriar,
}: {
  p: PrecoDoDia;
  i: number;
  d: ReturnType<typeof useDigitacao>;
  situacoes: ReturnType<typeof useSituacoes>;
  podeCriar: boolean;
}) {
  const texto = d.textos[p.produtoId] ?? '';
  const lido = lerValor(texto);
  const existentes = d.doDia(p);
  const atual = lido && 'valor' in lido ? lido.valor : (existentes[existentes.length - 1]?.valor ?? null);
  const estado = d.estados[p.produtoId] ?? {};
  const idErro = `precos-dia-erro-${p.produtoId}`;
  return (
    <tr data-produto={p.produtoId}>
      <th scope="row">{p.produtoNome}</th>
      <td>{p.produtoEmbalagem}</td>
      <td className="num">{p.ultimoValor === null ? '—' : `${formatBRL(p.ultimoValor)} (${formatDate(p.ultimaData)})`}</td>
      <td>
        <InputText
          ref={d.entrada(p.produtoId)}
          value={texto}
          inputMode="decimal"
          disabled={!podeCriar}
          aria-label={`Valor de ${p.produtoNome}`}
          aria-invalid={!!estado.erro}
          aria-describedby={estado.erro ? idErro : undefined}
          onChange={(e) => d.digitar(p.produtoId, e.target.value)}
          onKeyDown={(e) => void d.aoTeclar(e, p, i)}
        />
        {estado.salvando && <span className="muted"> Salvando...</span>}
        {estado.erro && (
          <small id={idErro} className="p-error" role="alert">
            {' '}
            {estado.erro}
          </small>
        )}
      </td>
      <td className="num">{variacao(atual, p.ultimoValor)}</td>
      <td>
        {existentes.map((x) => (
          <Tag
            key={x.id}
            className="precos-dia-estado"
            severity={x.publicado ? 'success' : 'warning'}
            value={`${formatBRL(x.valor)} · ${x.publicado ? 'publicado' : 'rascunho'}`}
          />
        ))}
      </td>
      <td>
        <select
          className="p-inputtext precos-dia-situacao"
          aria-label={`Situação de ${p.produtoNome}`}
          disabled={!podeCriar || !situacoes.carregadas}
          value={situacoes.situacaoDe.get(p.produtoId) ?? ''}
          onChange={(e) => void situacoes.definir(p, (e.target.value || null) as Situacao | null)}
        >
          <option value="">Pela variação</option>
          {SITUACOES.map((s) => (
            <option key={s} value={s}>
              {ROTULO_SITUACAO[s]}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}
