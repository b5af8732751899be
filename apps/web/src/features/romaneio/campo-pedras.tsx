import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { PedraLivre } from '@ceasa/shared';

/** docs/produto/validacao.md's empty message of the stall list: a number typed that is not free on every chosen date. */
export const PEDRA_NAO_ENCONTRADA = 'Nenhuma pedra encontrada';

/** The same stall number however typed: '07' and '7' are stall 7. */
const mesmoNumero = (a: string, b: string) => a.trim() === b.trim() || (/^\d+$/.test(a.trim()) && /^\d+$/.test(b.trim()) && Number(a) === Number(b));

type PropsCampoPedras = {
  id: string;
  livres: PedraLivre[] | undefined;
  /** The free stalls are being fetched for the chosen dates. */
  carregando: boolean;
  temDatas: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
};

/** The field's text, message and numbers waiting for the free stalls; Enter adds, Backspace in the empty field removes the last chip. */
function useCampoPedras(p: PropsCampoPedras) {
  const [texto, setTexto] = useState('');
  const [erro, setErro] = useState<string>();
  const [esperando, setEsperando] = useState<string[]>([]);
  const valor = useRef(p.value);
  valor.current = p.value;

  /** Adds the typed numbers against the known free stalls; returns the message of the first refused. */
  const adicionar = (numeros: string[], livres: PedraLivre[]) => {
    let ids = valor.current;
    let recusa: string | undefined;
    for (const n of numeros) {
      const pedra = livres.find((x) => mesmoNumero(x.numero, n));
      if (!pedra) recusa ??= `${PEDRA_NAO_ENCONTRADA}: ${n.trim()} não está livre em todas as datas escolhidas`;
      else if (ids.includes(pedra.id)) recusa ??= `A pedra ${pedra.numero.trim()} já foi incluída`;
      else ids = [...ids, pedra.id];
    }
    if (ids !== valor.current) p.onChange(ids);
    setErro(recusa);
    return recusa;
  };

  useEffect(() => {
    if (!esperando.length || p.carregando || !p.livres) return;
    adicionar(esperando, p.livres);
    setEsperando([]);
  }, [esperando, p.carregando, p.livres]); // eslint-disable-line react-hooks/exhaustive-deps

  const aoTeclar = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      const n = texto.trim();
      if (!n) return;
      if (!p.temDatas) return setErro('Escolha as datas primeiro');
      if (p.carregando || !p.livres) {
        setEsperando((l) => [...l, n]);
        setTexto('');
        // A refused number stays typed, to be corrected.
      } else if (!adicionar([n], p.livres)) setTexto('');
    } else if (e.key === 'Backspace' && !texto && p.value.length) {
      e.preventDefault();
      p.onChange(p.value.slice(0, -1));
    }
  };
  const digitar = (t: string) => {
    setTexto(t);
    if (erro) setErro(undefined);
  };
  return { texto, erro, esperando, aoTeclar, digitar };
}

/**
 * The stalls (decision 0082): a stall number typed and Enter adds exactly that stall as a chip when it
 * is free on every chosen date (POST pedras/livres); another number is refused on the spot with
 * 'Nenhuma pedra encontrada'. Backspace in the empty field removes the last chip. Nothing selects
 * all. A number entered while the free stalls are being fetched again (a date just added) waits for
 * the answer and is checked against it.
 */
export function CampoPedras(p: PropsCampoPedras) {
  const c = useCampoPedras(p);
  // The numbers of every stall seen: a chip keeps its number while the free stalls are fetched again.
  const numeros = useRef(new Map<number, string>());
  for (const x of p.livres ?? []) numeros.current.set(x.id, x.numero.trim());
  const numeroDe = (id: number) => numeros.current.get(id) ?? String(id);

  const descricao = `${p.id}-ajuda`;
  return (
    <div className="campo-pedras">
      <div className={`campo-pedras-caixa p-inputtext p-component${c.erro ? ' p-invalid' : ''}`}>
        {p.value.map((id) => (
          <span key={id} className="p-chip campo-pedras-chip">
            <span className="p-chip-text">{numeroDe(id)}</span>
            <button
              type="button"
              className="campo-pedras-remover"
              // The keyboard removes with Backspace: the chips are not Tab stops between the fields.
              tabIndex={-1}
              aria-label={`Remover a pedra ${numeroDe(id)}`}
              onClick={() => p.onChange(p.value.filter((x) => x !== id))}
            >
              <span className="pi pi-times" aria-hidden />
            </button>
          </span>
        ))}
        {c.esperando.map((n, i) => (
          <span key={`${n}-${i}`} className="p-chip campo-pedras-chip muted">
            {n}…
          </span>
        ))}
        <input
          id={p.id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={c.texto}
          placeholder={p.value.length ? '' : p.temDatas ? 'Número da pedra e Enter' : 'Escolha as datas primeiro'}
          aria-invalid={c.erro ? true : undefined}
          aria-describedby={c.erro ? `${p.id}-erro` : descricao}
          onChange={(e) => c.digitar(e.target.value)}
          onKeyDown={c.aoTeclar}
        />
      </div>
      <small id={descricao} className="muted">
        {p.temDatas ? (p.livres ? `${p.livres.length} pedras livres em todas as datas` : 'Buscando as pedras livres...') : 'Escolha as datas primeiro'}
      </small>
      {c.erro && (
        <small id={`${p.id}-erro`} className="p-error" role="alert">
          {c.erro}
        </small>
      )}
    </div>
  );
}
