import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProdutoAssinavel } from '@ceasa/shared';
import { lerNumeroBR } from '@ceasa/shared/format';
import { PublicShell } from '../../components/layout/public-shell';
import { Botao } from '../../components/publico/botao';
import { ariaDo, ErroDoCampo, errosDaRecusa, Resultado, type ResultadoDoEnvio } from '../../components/publico/campos-publicos';
import { api, ApiError } from '../../lib/api-client';
import './dados-abertos.css';

interface AlertaForm {
  produtoId: string;
  acima: string;
  abaixo: string;
}

/** The input of a field's message key ('email', 'alertas.0.acima'). */
const idDoCampo = (k: string) =>
  k === 'email' ? 'assinar-email' : k.replace(/^alertas\.(\d+)\.(\w+)$/, (_, i: string, c: string) => `alerta-${i}-${c === 'produtoId' ? 'produto' : c}`);
const nomeDo = (p: ProdutoAssinavel) => (p.embalagem ? `${p.nome} (${p.embalagem})` : p.nome);
/** The request's schema (its pt-BR messages), loaded at the first 'Assinar': the page's first load carries no zod. */
const esquema = () => import('@ceasa/shared/resources/assinaturas').then((m) => m.assinaturaEntrada);

/** /assinar: the day's quotation and price alerts by e-mail (decision 0196), public, phone first. */
export default function AssinarPage() {
  const [produtos, setProdutos] = useState<ProdutoAssinavel[]>([]);
  /** The products' list: loading, here, or not loaded (said on the page, never an empty list with no word). */
  const [lista, setLista] = useState<'carregando' | 'pronta' | 'falhou'>('carregando');
  const [email, setEmail] = useState('');
  const [busca, setBusca] = useState('');
  const [escolhidos, setEscolhidos] = useState<number[]>([]);
  const [alertas, setAlertas] = useState<AlertaForm[]>([]);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [resultado, setResultado] = useState<ResultadoDoEnvio | null>(null);
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    document.title = 'Cotação por e-mail';
    api<ProdutoAssinavel[]>('publico/assinaturas/produtos').then(
      (p) => {
        setProdutos(p);
        setLista('pronta');
      },
      () => setLista('falhou'),
    );
  }, []);
  /** Where the focus goes after an alert is added (its product) or removed ('Adicionar alerta'): never lost on the page. */
  const focoAposAlerta = useRef<string | null>(null);
  useEffect(() => {
    const id = focoAposAlerta.current;
    focoAposAlerta.current = null;
    if (id) document.getElementById(id)?.focus();
  }, [alertas.length]);
  const visiveis = useMemo(() => {
    const t = busca.trim().toLowerCase();
    return t ? produtos.filter((p) => nomeDo(p).toLowerCase().includes(t)) : produtos;
  }, [busca, produtos]);

  const enviar = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setResultado(null);
    const novosErros: Record<string, string> = {};
    const lidos = alertas.map((a, i) => {
      const ler = (campo: 'acima' | 'abaixo') => {
        if (!a[campo].trim()) return null;
        const n = lerNumeroBR(a[campo], 2);
        if (n.erro !== undefined) novosErros[`alertas.${i}.${campo}`] = n.erro;
        return n.valor ?? null;
      };
      return { produtoId: Number(a.produtoId), acima: ler('acima'), abaixo: ler('abaixo') };
    });
    const corpo = { email, produtos: escolhidos, alertas: lidos };
    let v;
    try {
      v = (await esquema()).safeParse(corpo);
    } catch {
      setResultado({ ok: false, texto: 'Não foi possível enviar o pedido. Tente novamente.' });
      return;
    }
    if (!v.success) for (const i of v.error.issues) novosErros[i.path.join('.')] ??= i.message;
    setErros(novosErros);
    if (Object.keys(novosErros).length) {
      // The first field refused takes the focus, its message read with it.
      const primeiro = ['email', ...alertas.flatMap((_, i) => [`alertas.${i}.produtoId`, `alertas.${i}.acima`, `alertas.${i}.abaixo`])].find(
        (k) => novosErros[k],
      );
      if (primeiro) document.getElementById(idDoCampo(primeiro))?.focus();
      return;
    }
    setEnviando(true);
    try {
      const r = await api<{ message: string }>('publico/assinaturas', { method: 'POST', body: corpo });
      setResultado({ ok: true, texto: r.message });
    } catch (e) {
      setErros(errosDaRecusa(e));
      setResultado({ ok: false, texto: e instanceof ApiError ? e.message : 'Não foi possível enviar o pedido. Tente novamente.' });
    } finally {
      setEnviando(false);
    }
  };

  const erro = (k: string) => <ErroDoCampo erros={erros} campo={k} />;
  return (
    <PublicShell>
      <div className="dados-abertos-pagina">
        <h1>Cotação por e-mail</h1>
        <p>
          Receba a cotação de cada dia de mercado quando ela for publicada e um aviso quando um preço passar de um limite. Enviamos primeiro um link de
          confirmação: nada mais é enviado antes de você abri-lo, e todo e-mail tem um link para cancelar com um clique.
        </p>
        <form onSubmit={enviar} noValidate className="assinar-form">
          <label htmlFor="assinar-email">E-mail</label>
          <input
            id="assinar-email"
            type="email"
            className="p-inputtext p-component w-full"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            {...ariaDo(erros, 'email')}
          />
          {erro('email')}
          <fieldset className="assinar-produtos">
            <legend>Produtos da cotação (nenhum marcado: todos)</legend>
            <label htmlFor="assinar-busca">Procurar produto</label>
            <input id="assinar-busca" type="search" className="p-inputtext p-component w-full" value={busca} onChange={(e) => setBusca(e.target.value)} />
            {lista === 'carregando' && <p className="dados-nota">Carregando os produtos...</p>}
            {lista === 'falhou' && (
              <p role="alert" className="p-error">
                Não foi possível carregar os produtos. Recarregue a página para escolher produtos; sem escolha, você recebe a cotação de todos.
              </p>
            )}
            {/* One Tab stop per product: this jumps over them to the alerts (shown when it has the focus). */}
            <button type="button" className="assinar-pular" onClick={() => document.getElementById('assinar-alertas')?.focus()}>
              Pular a lista de produtos
            </button>
            <ul className="assinar-lista">
              {visiveis.map((p) => (
                <li key={p.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={escolhidos.includes(p.id)}
                      onChange={(e) => setEscolhidos((x) => (e.target.checked ? [...x, p.id] : x.filter((i) => i !== p.id)))}
                    />{' '}
                    {nomeDo(p)}
                  </label>
                </li>
              ))}
            </ul>
            {escolhidos.length > 0 && <p className="dados-nota">{escolhidos.length} produto(s) marcado(s).</p>}
          </fieldset>
          <fieldset className="assinar-alertas" id="assinar-alertas" tabIndex={-1}>
            <legend>Alertas de preço (preço médio do dia, R$ por embalagem)</legend>
            {alertas.map((a, i) => (
              <div key={i} className="assinar-alerta" role="group" aria-label={`Alerta ${i + 1}`}>
                <label htmlFor={`alerta-${i}-produto`}>Produto do alerta {i + 1}</label>
                <select
                  id={`alerta-${i}-produto`}
                  className="p-inputtext p-component w-full"
                  value={a.produtoId}
                  onChange={(e) => setAlertas((x) => x.map((y, j) => (j === i ? { ...y, produtoId: e.target.value } : y)))}
                  {...ariaDo(erros, `alertas.${i}.produtoId`)}
                >
                  <option value="">Escolha o produto</option>
                  {produtos.map((p) => (
                    <option key={p.id} value={p.id}>
                      {nomeDo(p)}
                    </option>
                  ))}
                </select>
                {erro(`alertas.${i}.produtoId`)}
                <div className="assinar-limites">
                  {(['acima', 'abaixo'] as const).map((campo) => (
                    <div key={campo}>
                      <label htmlFor={`alerta-${i}-${campo}`}>{campo === 'acima' ? 'Acima de (R$)' : 'Abaixo de (R$)'}</label>
                      <input
                        id={`alerta-${i}-${campo}`}
                        inputMode="decimal"
                        className="p-inputtext p-component w-full"
                        value={a[campo]}
                        onChange={(e) => setAlertas((x) => x.map((y, j) => (j === i ? { ...y, [campo]: e.target.value } : y)))}
                        {...ariaDo(erros, `alertas.${i}.${campo}`)}
                      />
                      {erro(`alertas.${i}.${campo}`)}
                    </div>
                  ))}
                </div>
                <Botao
                  label={`Remover alerta ${i + 1}`}
                  icon="pi pi-trash"
                  outlined
                  size="small"
                  onClick={() => {
                    focoAposAlerta.current = 'assinar-adicionar-alerta';
                    setAlertas((x) => x.filter((_, j) => j !== i));
                  }}
                />
              </div>
            ))}
            {alertas.length < 20 && (
              <Botao
                label="Adicionar alerta"
                icon="pi pi-plus"
                outlined
                size="small"
                id="assinar-adicionar-alerta"
                onClick={() => {
                  focoAposAlerta.current = `alerta-${alertas.length}-produto`;
                  setAlertas((x) => [...x, { produtoId: '', acima: '', abaixo: '' }]);
                }}
              />
            )}
          </fieldset>
          <p className="dados-nota">
            Guardamos só o seu e-mail, as escolhas acima e as datas do pedido, da confirmação e dos envios, para enviar o que você pediu (LGPD). Um pedido não
            confirmado é apagado em 7 dias; ao cancelar, tudo é apagado.
          </p>
          <Botao type="submit" label="Assinar" icon="pi pi-envelope" loading={enviando} />
          <Resultado resultado={resultado} classeOk="assinar-ok" />
        </form>
        <p>
          <a href="/home">Voltar para a cotação</a> · <a href="/dados-abertos">Dados abertos</a>
        </p>
      </div>
    </PublicShell>
  );
}
