import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useRef, useState, type KeyboardEvent } from 'react';
import {
  foraDaFaixa,
  formatBRL,
  formatDate,
  mensagemPrecoForaDaFaixa,
  mensagemPrecoNoDia,
  precoRecurso,
  precosDiaRecurso,
  ROTULO_SITUACAO,
  SITUACOES,
  toIsoDate,
  valorPreco,
  type Preco,
  type PrecoDoDia,
  type PrecosDoDia,
  type Publicacao,
  type Situacao,
} from '@ceasa/shared';
import { EntradaData } from '../../components/form/entrada-data';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { pedeConfirmacao, perguntar } from '../../lib/confirmacao';
import { relerListas } from '../../lib/listas';
import { useToast } from '../../lib/toast';
import './precos-dia.css';

type PrecoSalvo = PrecoDoDia['precos'][number];
/** A row's save: under way, or refused with the server's (or the value's) message. */
type Estado = { salvando?: boolean; erro?: string };

const semAcentos = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const pct = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' });
/** The change from the last price, '+5,0%' ('' when there is nothing to compare). */
const variacao = (valor: number | null, ultimo: number | null) => (valor === null || !ultimo ? '' : `${pct.format(((valor - ultimo) / ultimo) * 100)}%`);
/** A typed value as the API reads it (pt-BR), or the refusal's message; null when empty. */
function lerValor(texto: string): { valor: number } | { erro: string } | null {
  if (!texto.trim()) return null;
  const r = valorPreco.safeParse(texto);
  return r.success ? { valor: r.data } : { erro: r.error.issues[0].message };
}

/**
 * 'Preços do dia' (/precosdia, docs/decisions/0135-publicacao-da-cotacao.md): every active product with its last
 * price, the day's prices and their state (rascunho/publicado), typed from the keyboard alone: a value, Enter,
 * and the cursor is on the next product while the value is saved (POST precos, as the form does). A second
 * price of the day or a value far from the last one asks first, naming the value (decision 0136).
 * 'Publicar cotação' (route name precosDia, criar) publishes the day's drafts.
 */
export default function PrecosDiaPage() {
  const toast = useToast();
  const qc = useQueryClient();
  const { pode } = useAuth();
  const [data, setData] = useState<string | null>(() => toIsoDate(new Date()));
  const [filtro, setFiltro] = useState('');
  const [textos, setTextos] = useState<Record<number, string>>({});
  const [estados, setEstados] = useState<Record<number, Estado>>({});
  /** Prices saved here that the grid's next answer has not brought yet, by product. */
  const [salvos, setSalvos] = useState<Record<number, PrecoSalvo[]>>({});
  const [publicando, setPublicando] = useState(false);
  const entradas = useRef(new Map<number, HTMLInputElement>());
  const diaValido = !!data && /^\d{4}-\d{2}-\d{2}$/.test(data);
  const dia = diaValido ? data : null;

  const q = useQuery({
    queryKey: ['lista', 'precos', 'dia', dia],
    queryFn: () => api<PrecosDoDia>('precos/dia', { query: { data: dia } }),
    enabled: !!dia,
  });
  // The market's situation the clerk sets per product (decision 0190); without it the public page derives it from the change.
  const situacoes = useQuery({
    queryKey: ['lista', 'precos', 'situacao', dia],
    queryFn: () => api<{ produtoId: number; situacao: Situacao }[]>('precos/situacao', { query: { data: dia } }),
    enabled: !!dia,
  });
  const situacaoDe = new Map((situacoes.data ?? []).map((s) => [s.produtoId, s.situacao]));
  const definirSituacao = async (p: PrecoDoDia, situacao: Situacao | null) => {
    try {
      await api('precos/situacao', { method: 'PUT', body: { produtoId: p.produtoId, data: dia, situacao } });
      await situacoes.refetch();
    } catch (err) {
      toast.show('error', 'Erro ao salvar a situação', (err as ApiError).message);
    }
  };
  const podeCriar = pode(precoRecurso.rota, 'criar');
  const podePublicar = pode(precosDiaRecurso.rota, 'criar');
  const produtos = (q.data?.produtos ?? []).filter((p) => !filtro.trim() || semAcentos(p.produtoNome).includes(semAcentos(filtro.trim())));
  /** The day's prices of a product: the grid's, and those saved since it was read. */
  const doDia = (p: PrecoDoDia) => [...p.precos, ...(salvos[p.produtoId] ?? []).filter((s) => !p.precos.some((x) => x.id === s.id))];

  const mudarEstado = (id: number, e: Estado) => setEstados((x) => ({ ...x, [id]: e }));
  const focar = (id: number | undefined) => {
    const el = id === undefined ? undefined : entradas.current.get(id);
    el?.focus();
    el?.select();
  };
  const proximo = (i: number) => focar(produtos[i + 1]?.produtoId);

  const salvar = async (p: PrecoDoDia, valor: number, texto: string, confirmado: boolean) => {
    mudarEstado(p.produtoId, { salvando: true });
    const enviar = (confirmar: boolean) => api<Preco>(precoRecurso.api.base, { method: 'POST', body: { produtoId: p.produtoId, data: dia, valor, confirmar } });
    try {
      const salvo = await enviar(confirmado).catch(async (err: unknown) => {
        // Someone else saved meanwhile: the server's own question.
        if (pedeConfirmacao(err) && (await perguntar(err.message))) return enviar(true);
        throw err;
      });
      setSalvos((x) => ({
        ...x,
        [p.produtoId]: [...(x[p.produtoId] ?? []), { id: salvo.id, versao: salvo.versao ?? 1, valor: salvo.valor, publicado: !q.data?.manual }],
      }));
      // Cleared, unless something else was typed meanwhile.
      setTextos((x) => (x[p.produtoId] === texto ? { ...x, [p.produtoId]: '' } : x));
      mudarEstado(p.produtoId, {});
      void relerListas(qc, 'precos');
    } catch (err) {
      mudarEstado(p.produtoId, { erro: pedeConfirmacao(err) ? 'Não registrado.' : (err as ApiError).message });
    }
  };

  const aoTeclar = async (e: KeyboardEvent<HTMLInputElement>, p: PrecoDoDia, i: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // What the field holds now (the keystrokes typed just before Enter included).
    const texto = e.currentTarget.value;
    const lido = lerValor(texto);
    if (lido === null) return proximo(i);
    if ('erro' in lido) return mudarEstado(p.produtoId, { erro: lido.erro });
    // What the server would ask, asked at once (the same words): the clerk answers before going on.
    const perguntas: string[] = [];
    const existentes = doDia(p);
    if (existentes.length) perguntas.push(mensagemPrecoNoDia(p.produtoNome, dia!, existentes[existentes.length - 1].valor));
    if (p.ultimoValor !== null && p.ultimaData && foraDaFaixa(lido.valor, p.ultimoValor))
      perguntas.push(mensagemPrecoForaDaFaixa(p.produtoNome, p.ultimaData, p.ultimoValor, lido.valor));
    if (perguntas.length && !(await perguntar(perguntas.join(' ')))) return focar(p.produtoId);
    void salvar(p, lido.valor, texto, perguntas.length > 0);
    proximo(i);
  };

  const publicar = async () => {
    setPublicando(true);
    try {
      const r = await api<Publicacao>('precos/publicar', { method: 'POST', body: { data: dia } });
      toast.show(
        'success',
        'Cotação publicada!',
        r.manual ? `${r.publicados} preço(s) de ${formatDate(r.data)} publicados.` : 'Publicação automática: os preços já eram públicos.',
      );
      await relerListas(qc, 'precos');
    } catch (err) {
      toast.show('error', 'Erro ao publicar a cotação', (err as ApiError).message);
    } finally {
      setPublicando(false);
    }
  };

  const rascunhos = (q.data?.produtos ?? []).reduce((n, p) => n + doDia(p).filter((x) => !x.publicado).length, 0);

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
            {produtos.map((p, i) => {
              const texto = textos[p.produtoId] ?? '';
              const lido = lerValor(texto);
              const existentes = doDia(p);
              const atual = lido && 'valor' in lido ? lido.valor : (existentes[existentes.length - 1]?.valor ?? null);
              const estado = estados[p.produtoId] ?? {};
              const idErro = `precos-dia-erro-${p.produtoId}`;
              return (
                <tr key={p.produtoId} data-produto={p.produtoId}>
                  <th scope="row">{p.produtoNome}</th>
                  <td>{p.produtoEmbalagem}</td>
                  <td className="num">{p.ultimoValor === null ? '—' : `${formatBRL(p.ultimoValor)} (${formatDate(p.ultimaData)})`}</td>
                  <td>
                    <InputText
                      ref={(el) => {
                        if (el) entradas.current.set(p.produtoId, el);
                        else entradas.current.delete(p.produtoId);
                      }}
                      value={texto}
                      inputMode="decimal"
                      disabled={!podeCriar}
                      aria-label={`Valor de ${p.produtoNome}`}
                      aria-invalid={!!estado.erro}
                      aria-describedby={estado.erro ? idErro : undefined}
                      onChange={(e) => {
                        const v = e.target.value;
                        setTextos((x) => ({ ...x, [p.produtoId]: v }));
                        if (estado.erro) mudarEstado(p.produtoId, {});
                      }}
                      onKeyDown={(e) => void aoTeclar(e, p, i)}
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
                      disabled={!podeCriar || !situacoes.data}
                      value={situacaoDe.get(p.produtoId) ?? ''}
                      onChange={(e) => void definirSituacao(p, (e.target.value || null) as Situacao | null)}
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
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
