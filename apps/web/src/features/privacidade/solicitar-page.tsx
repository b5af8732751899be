import { useEffect, useState } from 'react';
import { TIPOS_DE_SOLICITACAO } from '@ceasa/shared/privacidade-tipos';
import { PublicShell } from '../../components/layout/public-shell';
import { Botao } from '../../components/publico/botao';
import { ariaDo, ErroDoCampo, errosDaRecusa, Resultado, type ResultadoDoEnvio } from '../../components/publico/campos-publicos';
import { api, ApiError } from '../../lib/api-client';
import './publico.css';

const CAMPOS = ['tipo', 'cpfcnpj', 'email', 'texto'] as const;
/** The request's schema (its pt-BR messages), loaded at the first 'Enviar solicitação': the page's first load carries no zod. */
const esquema = () => import('@ceasa/shared/privacidade').then((m) => m.titularSolicitacaoEntrada);

/** /privacidade/solicitar: the holder's request (LGPD, art. 18), confirmed by a link mailed to the address given. */
export default function SolicitarPage() {
  const [valores, setValores] = useState({ tipo: '', cpfcnpj: '', email: '', texto: '' });
  const [erros, setErros] = useState<Record<string, string>>({});
  const [resultado, setResultado] = useState<ResultadoDoEnvio | null>(null);
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    document.title = 'Solicitação sobre dados pessoais';
  }, []);
  const mudar = (k: keyof typeof valores) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setValores((v) => ({ ...v, [k]: e.target.value }));

  const enviar = async (ev: React.FormEvent) => {
    ev.preventDefault();
    setResultado(null);
    const corpo = { ...valores, texto: valores.texto.trim() || null };
    let v;
    try {
      v = (await esquema()).safeParse(corpo);
    } catch {
      setResultado({ ok: false, texto: 'Não foi possível enviar a solicitação. Tente novamente.' });
      return;
    }
    const novos: Record<string, string> = {};
    if (!v.success) for (const i of v.error.issues) novos[String(i.path[0])] ??= i.message;
    setErros(novos);
    const primeiro = CAMPOS.find((k) => novos[k]);
    if (primeiro) {
      document.getElementById(`titular-${primeiro}`)?.focus();
      return;
    }
    setEnviando(true);
    try {
      const r = await api<{ message: string }>('publico/titular', { method: 'POST', body: corpo });
      setResultado({ ok: true, texto: r.message });
    } catch (e) {
      setErros(errosDaRecusa(e));
      setResultado({ ok: false, texto: e instanceof ApiError ? e.message : 'Não foi possível enviar a solicitação. Tente novamente.' });
    } finally {
      setEnviando(false);
    }
  };
  const aria = (k: string) => ariaDo(erros, k);
  const erro = (k: string) => <ErroDoCampo erros={erros} campo={k} />;
  return (
    <PublicShell>
      <div className="privacidade-pagina">
        <h1>Solicitação sobre dados pessoais</h1>
        <p>
          Pela Lei Geral de Proteção de Dados (LGPD) você pode pedir a confirmação de que tratamos seus dados, o acesso a eles, a correção, a anonimização, a
          portabilidade, a informação sobre o compartilhamento e a revogação do consentimento. Enviamos um link ao seu e-mail: a solicitação só é registrada
          quando você o abre. Veja o <a href="/privacidade">aviso de privacidade</a>.
        </p>
        <form onSubmit={enviar} noValidate className="privacidade-form">
          <label htmlFor="titular-tipo">O que você quer pedir</label>
          <select id="titular-tipo" className="p-inputtext p-component w-full" value={valores.tipo} onChange={mudar('tipo')} {...aria('tipo')}>
            <option value="">Selecione</option>
            {Object.entries(TIPOS_DE_SOLICITACAO).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
          {erro('tipo')}
          <label htmlFor="titular-cpfcnpj">CPF ou CNPJ</label>
          <input id="titular-cpfcnpj" className="p-inputtext p-component w-full" value={valores.cpfcnpj} onChange={mudar('cpfcnpj')} {...aria('cpfcnpj')} />
          {erro('cpfcnpj')}
          <label htmlFor="titular-email">E-mail</label>
          <input
            id="titular-email"
            type="email"
            autoComplete="email"
            className="p-inputtext p-component w-full"
            value={valores.email}
            onChange={mudar('email')}
            {...aria('email')}
          />
          {erro('email')}
          <label htmlFor="titular-texto">Detalhes (opcional)</label>
          <textarea id="titular-texto" rows={4} className="p-inputtext p-component w-full" value={valores.texto} onChange={mudar('texto')} {...aria('texto')} />
          {erro('texto')}
          <Botao type="submit" label="Enviar solicitação" icon="pi pi-send" loading={enviando} />
        </form>
        <Resultado resultado={resultado} classeOk="privacidade-nota" />
      </div>
    </PublicShell>
  );
}
