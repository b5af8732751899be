import { useEffect, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { api, ApiError } from '../lib/api-client';
import { useCarga, type Carga } from '../lib/use-carga';

/* The pieces every portal page shares: its title, its forms' inputs and button, and the loading, failure and empty states of what it reads. */

/** The page's heading, also the tab's title. */
export function Titulo({ children }: { children: string }) {
  useEffect(() => {
    document.title = `${children} - Portal do produtor`;
  }, [children]);
  return <h1>{children}</h1>;
}

/** A labelled input of a portal form, holding text; the rest of its attributes (type, autoComplete, aria) as given. */
export function Entrada({
  id,
  rotulo,
  valor,
  mudar,
  ...atributos
}: { id: string; rotulo: string; valor: string; mudar: (v: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <>
      <label htmlFor={id}>{rotulo}</label>
      <input id={id} {...atributos} className="p-inputtext p-component" value={valor} onChange={(e) => mudar(e.target.value)} />
    </>
  );
}

/** A form's submit button: its icon turns into a spinner, and it is disabled, while the form is being sent. */
export function BotaoDeEnvio({ emEnvio, icone, children }: { emEnvio: boolean; icone: string; children: string }) {
  return (
    <button type="submit" className="p-button" disabled={emEnvio}>
      <i className={`pi ${emEnvio ? 'pi-spin pi-spinner' : icone}`} aria-hidden />
      &nbsp;{children}
    </button>
  );
}

/** The server's own words (its `message`), or ours when it could not be reached. */
export const mensagemDoErro = (e: unknown, padrao = 'Não foi possível concluir. Tente de novo.') =>
  e instanceof ApiError ? e.message : e instanceof TypeError ? 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.' : padrao;

export function Carregando({ texto = 'Carregando…' }: { texto?: string }) {
  return (
    <p className="portal-estado" role="status">
      {/* Drawn by CSS: the first screen needs no icon font (portal.css). */}
      <span className="portal-girando" aria-hidden /> {texto}
    </p>
  );
}

/** A message the page shows as it came: a success is read politely, a refusal at once. */
export function Aviso({ tipo, texto }: { tipo: 'ok' | 'erro' | 'info'; texto: string }) {
  return (
    <p className={`portal-aviso portal-aviso-${tipo}`} role={tipo === 'erro' ? 'alert' : 'status'}>
      <i className={`pi ${tipo === 'ok' ? 'pi-check-circle' : tipo === 'erro' ? 'pi-exclamation-triangle' : 'pi-info-circle'}`} aria-hidden /> {texto}
    </p>
  );
}

/**
 * What a page read, in its three other states: loading, failed (the server's message and 'Tentar de novo'), and
 * empty (`vazio`); otherwise `children` with the rows.
 */
export function Carregado<T>(p: { carga: Carga<T[]>; vazio: string; tentar: () => void; children: (dados: T[]) => ReactNode }) {
  if (p.carga.error)
    return (
      <div className="portal-falha">
        <Aviso tipo="erro" texto={mensagemDoErro(p.carga.error)} />
        <button type="button" className="p-button p-button-outlined p-button-sm" onClick={p.tentar}>
          <i className="pi pi-refresh" aria-hidden />
          &nbsp;Tentar de novo
        </button>
      </div>
    );
  if (!p.carga.data) return <Carregando />;
  if (!p.carga.data.length) return <p className="portal-vazio">{p.vazio}</p>;
  return <>{p.children(p.carga.data)}</>;
}

/** What a page read, as a list of cards (`curta`: the narrow one): `children` draws a row's card, Carregado the other states. */
export function Cartoes<T>(p: { carga: Carga<T[]>; vazio: string; tentar: () => void; curta?: boolean; children: (linha: T) => ReactNode }) {
  return (
    <Carregado carga={p.carga} vazio={p.vazio} tentar={p.tentar}>
      {(linhas) => (
        <ul className={p.curta ? 'portal-lista portal-lista-curta' : 'portal-lista'}>
          {linhas.map((l, n) => (
            <li key={(l as { id?: number | null }).id ?? n} className="portal-cartao">
              {p.children(l)}
            </li>
          ))}
        </ul>
      )}
    </Carregado>
  );
}

/** GET /api/{caminho}, read by `ler`; `recarregar` asks again (after a change), keeping the rows on screen meanwhile. */
export function useLeitura<T>(caminho: string, ler: (v: unknown) => T) {
  const [vez, setVez] = useState(0);
  const carga = useCarga(`${caminho}#${vez}`, () => api<unknown>(caminho).then(ler));
  return { carga, recarregar: () => setVez((v) => v + 1) };
}
