import { useState } from 'react';
import { useEnvioDoFormulario } from '../components/form/envio-do-formulario';
import { ariaDo, ErroDoCampo, errosDaRecusa } from '../components/publico/campos-publicos';
import { api } from '../lib/api-client';
import { baixar } from '../lib/baixar';
import { obj, texto } from './leituras';
import { Aviso, BotaoDeEnvio, mensagemDoErro, Titulo } from './partes';

export const CORRECAO_ENVIADA = 'Pedido de correção enviado. O mercado responde pelo seu e-mail.';

/** The file's name as the server gives it (Content-Disposition), else a plain one. */
export function nomeDoArquivo(cabecalho: string | null, padrao: string): string {
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(cabecalho ?? '');
  if (m?.[1]) return decodeURIComponent(m[1]);
  return m?.[2] ?? padrao;
}

/** The two forms of the export: JSON, or a ZIP of spreadsheets (CSV) with the photo. */
const FORMATOS = [
  { formato: 'json', rotulo: 'Baixar meus dados (JSON)' },
  { formato: 'zip', rotulo: 'Baixar em ZIP (planilhas e foto)' },
] as const;

/** 'Baixar meus dados': GET portal/meus-dados with his token (a plain link would carry none), saved as a file. */
function Baixar() {
  const [estado, setEstado] = useState<{ tipo: 'ok' | 'erro'; texto: string } | null>(null);
  const [baixando, setBaixando] = useState(false);
  const pedir = async (formato: 'json' | 'zip') => {
    if (baixando) return;
    setBaixando(true);
    setEstado(null);
    try {
      const r = await api<Response>('portal/meus-dados', { raw: true, query: formato === 'zip' ? { formato } : undefined });
      const nome = nomeDoArquivo(r.headers.get('content-disposition'), `meus-dados.${formato}`);
      baixar(nome, await r.blob());
      setEstado({ tipo: 'ok', texto: `Arquivo ${nome} baixado.` });
    } catch (e) {
      setEstado({ tipo: 'erro', texto: mensagemDoErro(e) });
    } finally {
      setBaixando(false);
    }
  };
  return (
    <>
      <div className="portal-acoes">
        {FORMATOS.map((f) => (
          <button key={f.formato} type="button" className="p-button" onClick={() => void pedir(f.formato)} disabled={baixando}>
            <i className={`pi ${baixando ? 'pi-spin pi-spinner' : 'pi-download'}`} aria-hidden />
            &nbsp;{f.rotulo}
          </button>
        ))}
      </div>
      {estado && <Aviso tipo={estado.tipo} texto={estado.texto} />}
    </>
  );
}

/** A correction request (POST portal/correcao {texto}): what is wrong and how it should read. */
function PedirCorrecao() {
  const [textoPedido, setTexto] = useState('');
  const [erros, setErros] = useState<Record<string, string>>({});
  const [resultado, setResultado] = useState<{ tipo: 'ok' | 'erro'; texto: string } | null>(null);
  const { emEnvio, enviar } = useEnvioDoFormulario((_t, m) => setResultado({ tipo: 'erro', texto: m }));
  const pedir = async () => {
    setErros({});
    setResultado(null);
    try {
      const r = await api<unknown>('portal/correcao', { method: 'POST', body: { texto: textoPedido } });
      setResultado({ tipo: 'ok', texto: texto(obj(r), 'message') ?? CORRECAO_ENVIADA });
      setTexto('');
    } catch (e) {
      setErros(errosDaRecusa(e));
      setResultado({ tipo: 'erro', texto: mensagemDoErro(e) });
    }
  };
  return (
    <form className="portal-form" noValidate onSubmit={(e) => enviar(e, pedir)} aria-labelledby="correcao-titulo">
      <h2 id="correcao-titulo">Pedir correção</h2>
      <label htmlFor="correcao-texto">O que está errado e como deve ficar</label>
      <textarea
        id="correcao-texto"
        rows={4}
        maxLength={2000}
        className="p-inputtext p-component"
        value={textoPedido}
        onChange={(e) => setTexto(e.target.value)}
        {...ariaDo(erros, 'texto')}
      />
      <ErroDoCampo erros={erros} campo="texto" />
      {resultado && <Aviso tipo={resultado.tipo} texto={resultado.texto} />}
      <BotaoDeEnvio emEnvio={emEnvio} icone="pi-send">
        Enviar pedido
      </BotaoDeEnvio>
    </form>
  );
}

/** /portal/meus-dados: what the market holds about him (the holder's export) and a correction request. */
export function MeusDadosPage() {
  return (
    <section>
      <Titulo>Meus dados</Titulo>
      <p>
        Baixe tudo o que o mercado guarda sobre você (o mesmo arquivo de uma solicitação de acesso aos dados). Se algo estiver errado, peça a correção. Veja o{' '}
        <a href="/privacidade">aviso de privacidade</a>.
      </p>
      <Baixar />
      <PedirCorrecao />
    </section>
  );
}
