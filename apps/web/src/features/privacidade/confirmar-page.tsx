import { useEffect, useState } from 'react';
import { PublicShell } from '../../components/layout/public-shell';
import { Botao } from '../../components/publico/botao';
import { Resultado, type ResultadoDoEnvio } from '../../components/publico/campos-publicos';
import { api, ApiError } from '../../lib/api-client';
import './publico.css';

/** /privacidade/confirmar?token=…: the button confirms the request (a mail scanner that follows the link does not). */
export default function ConfirmarPage() {
  const [resultado, setResultado] = useState<ResultadoDoEnvio | null>(null);
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    document.title = 'Confirmar solicitação';
  }, []);
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const confirmar = async () => {
    setEnviando(true);
    try {
      const r = await api<{ message: string }>('publico/titular/confirmar', { method: 'POST', body: { token } });
      setResultado({ ok: true, texto: r.message });
    } catch (e) {
      setResultado({ ok: false, texto: e instanceof ApiError ? e.message : 'Não foi possível confirmar agora. Tente novamente.' });
    } finally {
      setEnviando(false);
    }
  };
  return (
    <PublicShell>
      <div className="privacidade-pagina">
        <h1>Confirmar solicitação</h1>
        {!resultado?.ok && (
          <>
            <p>Confirme que a solicitação sobre dados pessoais enviada com este e-mail é sua. O prazo de resposta conta a partir da confirmação.</p>
            <Botao label="Confirmar solicitação" icon="pi pi-check" loading={enviando} onClick={() => void confirmar()} />
          </>
        )}
        <Resultado resultado={resultado} classeOk="privacidade-nota" />
      </div>
    </PublicShell>
  );
}
