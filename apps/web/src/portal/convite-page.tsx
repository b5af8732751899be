import { useState } from 'react';
import { MSG_CONVITE_INVALIDO } from '@ceasa/shared/portal-textos';
import { useEnvioDoFormulario } from '../components/form/envio-do-formulario';
import { PublicShell } from '../components/layout/public-shell';
import { api } from '../lib/api-client';
import { obj, texto } from './leituras';
import { navegar } from './navegacao';
import { Aviso, BotaoDeEnvio, Entrada, mensagemDoErro, Titulo } from './partes';

/** The repeated password differs (the same words as the back office's new-password forms). */
export const SENHAS_DIFERENTES = 'As senhas devem ser iguais';

/**
 * /portal/convite?token=: the invited producer chooses his password (POST portal/convites/aceitar); the server
 * checks it and says why it refuses one. Then the sign-in, saying the password was made.
 */
export function ConvitePage({ busca }: { busca: string }) {
  const token = new URLSearchParams(busca).get('token') ?? '';
  const [senha, setSenha] = useState('');
  const [repetida, setRepetida] = useState('');
  const [erro, setErro] = useState<{ campo: 'senha' | 'repetida' | null; texto: string } | null>(null);
  const { emEnvio, enviar } = useEnvioDoFormulario((_tipo, texto) => setErro({ campo: null, texto }));

  const aceitar = async () => {
    setErro(null);
    if (senha !== repetida) {
      setErro({ campo: 'repetida', texto: SENHAS_DIFERENTES });
      document.getElementById('convite-repetida')?.focus();
      return;
    }
    try {
      const conta = await api<unknown>('portal/convites/aceitar', { method: 'POST', body: { token, senha } });
      // The sign-in opens with his e-mail (the account's, as the answer says it) already typed.
      navegar('/portal?senha=criada', { substituir: true, estado: { email: texto(obj(conta), 'email') } });
    } catch (e) {
      const campo = (e as { body?: { fieldErrors?: { field: string }[] } }).body?.fieldErrors?.some((f) => f.field === 'senha') ? 'senha' : null;
      setErro({ campo, texto: mensagemDoErro(e) });
      if (campo) document.getElementById('convite-senha')?.focus();
    }
  };
  const descrito = (campo: 'senha' | 'repetida') => (erro?.campo === campo ? { 'aria-invalid': true as const, 'aria-describedby': 'convite-erro' } : {});
  return (
    <PublicShell
      acoes={
        <a href="/portal" className="p-button p-button-sm entrar">
          Entrar
        </a>
      }
    >
      <div className="portal portal-entrada">
        <Titulo>Criar sua senha</Titulo>
        {!token ? (
          <Aviso tipo="erro" texto={MSG_CONVITE_INVALIDO} />
        ) : (
          <form className="portal-form" onSubmit={(e) => enviar(e, aceitar)} noValidate aria-label="Criar sua senha">
            <p>Escolha a senha com que vai entrar no portal do produtor, com pelo menos 8 caracteres.</p>
            <Entrada id="convite-senha" rotulo="Senha" type="password" autoComplete="new-password" valor={senha} mudar={setSenha} {...descrito('senha')} />
            <Entrada
              id="convite-repetida"
              rotulo="Repita a senha"
              type="password"
              autoComplete="new-password"
              valor={repetida}
              mudar={setRepetida}
              {...descrito('repetida')}
            />
            {erro && (
              <p id="convite-erro" className="portal-aviso portal-aviso-erro" role="alert">
                {erro.texto}
              </p>
            )}
            <BotaoDeEnvio emEnvio={emEnvio} icone="pi-check">
              Criar senha
            </BotaoDeEnvio>
          </form>
        )}
      </div>
    </PublicShell>
  );
}
