import { useState } from 'react';
import { formatDateTime } from '@ceasa/shared/format';
import { ROTULOS_DOS_AVISOS } from '@ceasa/shared/portal-textos';
import { api } from '../lib/api-client';
import { lerAviso, lista, obj } from './leituras';
import { Aviso, Carregando, Cartoes, mensagemDoErro, Titulo, useLeitura } from './partes';

type TipoDeAviso = keyof typeof ROTULOS_DOS_AVISOS;
type Preferencias = Record<TipoDeAviso, boolean>;
const TIPOS = Object.keys(ROTULOS_DOS_AVISOS) as TipoDeAviso[];

/** GET portal/avisos/preferencias: one boolean per kind (a kind the answer leaves out counts as on). */
export const lerPreferencias = (v: unknown): Preferencias => {
  const o = obj(v);
  return Object.fromEntries(TIPOS.map((t) => [t, o[t] !== false])) as Preferencias;
};

/** 'resultado de inspeção' → 'Resultado de inspeção' (the names are written for the middle of a sentence). */
const inicial = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const rotuloDoTipo = (t: string | null) => (t && Object.hasOwn(ROTULOS_DOS_AVISOS, t) ? inicial(ROTULOS_DOS_AVISOS[t as TipoDeAviso]) : 'Aviso');

/**
 * One switch per kind of news: 'on' sends its e-mails. A change is saved at once (PUT with every kind); a refusal
 * puts the switch back and says why.
 */
function PreferenciasDeEmail() {
  const { carga } = useLeitura('portal/avisos/preferencias', lerPreferencias);
  const [mudadas, setMudadas] = useState<Preferencias | null>(null);
  const [aviso, setAviso] = useState<{ tipo: 'ok' | 'erro'; texto: string } | null>(null);
  const [salvando, setSalvando] = useState(false);
  const atuais = mudadas ?? carga.data;
  const mudar = async (tipo: TipoDeAviso, ligado: boolean) => {
    if (!atuais || salvando) return;
    const antes = atuais;
    const novas = { ...atuais, [tipo]: ligado };
    setMudadas(novas);
    setSalvando(true);
    setAviso(null);
    try {
      await api('portal/avisos/preferencias', { method: 'PUT', body: novas });
      setAviso({ tipo: 'ok', texto: `E-mails de ${ROTULOS_DOS_AVISOS[tipo]}: ${ligado ? 'ligados' : 'desligados'}.` });
    } catch (e) {
      setMudadas(antes);
      setAviso({ tipo: 'erro', texto: mensagemDoErro(e) });
    } finally {
      setSalvando(false);
    }
  };
  if (carga.error) return <Aviso tipo="erro" texto={mensagemDoErro(carga.error)} />;
  if (!atuais) return <Carregando />;
  return (
    <fieldset className="portal-preferencias" aria-busy={salvando}>
      <legend>Receber por e-mail</legend>
      {TIPOS.map((t) => (
        <label key={t} className="portal-chave">
          <input type="checkbox" role="switch" checked={atuais[t]} disabled={salvando} onChange={(e) => void mudar(t, e.target.checked)} />
          <span>{inicial(ROTULOS_DOS_AVISOS[t])}</span>
        </label>
      ))}
      {aviso && <Aviso tipo={aviso.tipo} texto={aviso.texto} />}
    </fieldset>
  );
}

/** /portal/avisos: the news sent to him, and which kinds also come by e-mail. */
export function AvisosPage() {
  // Newest first, the most the route gives in one page (docs/produto/portal.md).
  const { carga, recarregar } = useLeitura('portal/avisos?size=100', (v) => lista(v).map(lerAviso));
  return (
    <section>
      <Titulo>Avisos</Titulo>
      <PreferenciasDeEmail />
      <h2>Recebidos</h2>
      <Cartoes carga={carga} vazio="Nenhum aviso." tentar={recarregar}>
        {(a) => (
          <>
            <h3>{a.titulo ?? rotuloDoTipo(a.tipo)}</h3>
            {a.em && <p className="portal-nota">{formatDateTime(a.em)}</p>}
            {a.texto && <p>{a.texto}</p>}
          </>
        )}
      </Cartoes>
    </section>
  );
}
