import { useEffect, useRef, useState } from 'react';
import type { ProdutoAssinavel } from '@ceasa/shared';
import { lerNumeroBR } from '@ceasa/shared/format';
import { PublicShell } from '../../components/layout/public-shell';
import { Botao } from '../../components/publico/botao';
import { ariaDo, ErroDoCampo, errosDaRecusa, Resultado, type ResultadoDoEnvio } from '../../components/publico/campos-publicos';
import { api, ApiError } from '../../lib/api-client';
import { AlertasDePreco, EscolhaDeProdutos, type AlertaForm } from './assinar-secoes';
import './dados-abertos.css';

/** The input of a field's message key ('email', 'alertas.0.acima'). */
const idDoCampo = (k: string) =>
  k === 'email' ? 'assinar-email' : k.replace(/^alertas\.(\d+)\.(\w+)$/, (_, i: string, c: string) => `alerta-${i}-${c === 'produtoId' ? 'produto' : c}`);
/** The request's schema (its pt-BR messages), loaded at the first 'Assinar': the page's first load carries no zod. */
const esquema = () => import('@ceasa/shared/resources/assinaturas').then((m) => m.assinaturaEntrada);

/** The page's state: the products' list, the form's fields, and the send (checked here, then by the request's schema). */
function useAssinar() {
  const [produtos, setProdutos] = useState<ProdutoAssinavel[]>([]);
  /** The products' list: loading, here, or not loaded (said on the page, never an empty list with no word). */
  const [lista, setLista] = useState<'carregando' | 'pronta' | 'falhou'>('carregando');
  const [email, setEmail] = useState('');
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
  /** Changes the alerts; `foco`: the field that takes the focus once an alert came or went. */
  const mudarAlertas = (mudar: (x: AlertaForm[]) => AlertaForm[], foco?: string) => {
    if (foco) focoAposAlerta.current = foco;
    setAlertas(mudar);
  };

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

  return { produtos, lista, email, setEmail, escolhidos, setEscolhidos, alertas, mudarAlertas, erros, resultado, enviando, enviar };
}

/** /assinar: the day's quotation and price alerts by e-mail (decision 0196), public, phone first. */
export default function AssinarPage() {
  const f = useAssinar();
  const { erros } = f;
  return (
    <PublicShell>
      <div className="dados-abertos-pagina">
        <h1>Cotação por e-mail</h1>
        <p>
          Receba a cotação de cada dia de mercado quando ela for publicada e um aviso quando um preço passar de um limite. Enviamos primeiro um link de
          confirmação: nada mais é enviado antes de você abri-lo, e todo e-mail tem um link para cancelar com um clique.
        </p>
        <form onSubmit={f.enviar} noValidate className="assinar-form">
          <label htmlFor="assinar-email">E-mail</label>
          <input
            id="assinar-email"
            type="email"
            className="p-inputtext p-component w-full"
            value={f.email}
            onChange={(e) => f.setEmail(e.target.value)}
            autoComplete="email"
            {...ariaDo(erros, 'email')}
          />
          <ErroDoCampo erros={erros} campo="email" />
          <EscolhaDeProdutos produtos={f.produtos} lista={f.lista} escolhidos={f.escolhidos} setEscolhidos={f.setEscolhidos} />
          <AlertasDePreco produtos={f.produtos} alertas={f.alertas} mudar={f.mudarAlertas} erros={erros} />
          <p className="dados-nota">
            Guardamos só o seu e-mail, as escolhas acima e as datas do pedido, da confirmação e dos envios, para enviar o que você pediu (LGPD). Um pedido não
            confirmado é apagado em 7 dias; ao cancelar, tudo é apagado.
          </p>
          <Botao type="submit" label="Assinar" icon="pi pi-envelope" loading={f.enviando} />
          <Resultado resultado={f.resultado} classeOk="assinar-ok" />
        </form>
        <p>
          <a href="/home">Voltar para a cotação</a> · <a href="/dados-abertos">Dados abertos</a>
        </p>
      </div>
    </PublicShell>
  );
}
