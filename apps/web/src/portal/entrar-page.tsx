import { useState } from 'react';
import { mensagemGovbr, SENHA_CRIADA } from '@ceasa/shared/portal-textos';
import { useEnvioDoFormulario } from '../components/form/envio-do-formulario';
import { PublicShell } from '../components/layout/public-shell';
import { useCarga } from '../lib/use-carga';
import { configDoPortal, configJaRecebida } from './config-do-portal';
import { Aviso, BotaoDeEnvio, Entrada, mensagemDoErro, Titulo } from './partes';
import { obj, texto } from './leituras';
import { entrarNoPortal } from './sessao-do-portal';

/** Where 'Entrar com gov.br' goes: the server redirects to gov.br and back (docs/produto/portal.md). */
export const ENTRAR_COM_GOVBR = '/api/portal/govbr/entrar';

/** What the address says before the sign-in: gov.br's refusal (?govbr=, &nivel=), or the invitation's password made. */
function avisoDoEndereco(busca: string, nivelMinimo: string | undefined) {
  const q = new URLSearchParams(busca);
  const govbr = q.get('govbr');
  if (govbr) return { tipo: 'erro' as const, texto: mensagemGovbr(govbr, q.get('nivel'), nivelMinimo) };
  if (q.get('senha') === 'criada') return { tipo: 'ok' as const, texto: SENHA_CRIADA };
  return null;
}

/** /portal signed out (any /portal/... address: the page asked for shows after the sign-in). */
export function EntrarPage({ busca, aviso }: { busca: string; aviso?: string }) {
  const config = useCarga('portal-config', configDoPortal, configJaRecebida());
  // After the invitation, his e-mail comes with the address (convite-page.tsx).
  const [email, setEmail] = useState(() => texto(obj(history.state), 'email') ?? '');
  const [senha, setSenha] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const { emEnvio, enviar } = useEnvioDoFormulario((_tipo, m) => setErro(m));
  const doEndereco = avisoDoEndereco(busca, config.data?.nivelMinimo);

  const entrar = async () => {
    setErro(null);
    try {
      await entrarNoPortal(email.trim(), senha);
    } catch (err) {
      setErro(mensagemDoErro(err));
    }
  };
  return (
    <PublicShell
      acoes={
        <a href="/home" className="p-button p-button-sm entrar">
          Cotação do dia
        </a>
      }
    >
      <div className="portal portal-entrada">
        <Titulo>Portal do produtor</Titulo>
        <p>Anuncie suas chegadas ao mercado e consulte seus romaneios, boletins, cadernos, inspeções e pedras.</p>
        {doEndereco && <Aviso tipo={doEndereco.tipo} texto={doEndereco.texto} />}
        {aviso && <Aviso tipo="info" texto={aviso} />}
        {config.data?.govbr && (
          <>
            <a className="p-button portal-govbr" href={ENTRAR_COM_GOVBR}>
              Entrar com gov.br
            </a>
            <p className="portal-ou">ou com e-mail e senha:</p>
          </>
        )}
        <form className="portal-form" onSubmit={(e) => enviar(e, entrar)} noValidate aria-label="Entrar com e-mail e senha">
          <Entrada id="portal-email" rotulo="E-mail" type="email" autoComplete="username" inputMode="email" valor={email} mudar={setEmail} />
          <Entrada id="portal-senha" rotulo="Senha" type="password" autoComplete="current-password" valor={senha} mudar={setSenha} />
          {erro && <Aviso tipo="erro" texto={erro} />}
          <BotaoDeEnvio emEnvio={emEnvio} icone="pi-sign-in">
            Entrar
          </BotaoDeEnvio>
        </form>
        <p className="portal-nota">
          Ainda não tem acesso? Peça um convite no atendimento do mercado. Funcionários do mercado entram em <a href="/login">/login</a>.
        </p>
      </div>
    </PublicShell>
  );
}
