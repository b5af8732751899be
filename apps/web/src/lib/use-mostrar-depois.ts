import { useEffect, useRef, useState } from 'react';

/**
 * Something picked now and shown `ms` later (a report or a ticket that opens a moment after the click,
 * docs/produto/funcionamento.md): `escolhido` at once (its data may start loading), `esperando` while the wait
 * lasts, `pronto` after it. Another pick starts the wait again; `fechar` forgets both; leaving the page drops the wait.
 */
export function useMostrarDepois<T>(ms: number) {
  const [escolhido, setEscolhido] = useState<T | null>(null);
  const [pronto, setPronto] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const escolher = (t: T) => {
    clearTimeout(timer.current);
    setEscolhido(t);
    timer.current = setTimeout(() => setPronto(t), ms);
  };
  const fechar = () => {
    setEscolhido(null);
    setPronto(null);
  };
  return { escolhido, esperando: escolhido !== pronto ? escolhido : null, pronto, escolher, fechar };
}
