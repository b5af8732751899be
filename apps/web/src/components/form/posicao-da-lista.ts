import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';

/**
 * Where a search box's open list is drawn: over the page (not cut by a table's scrolling wrapper), under the input,
 * following it while the page scrolls or resizes.
 */
export function usePosicaoSob(entrada: RefObject<HTMLElement | null>, aberto: boolean): CSSProperties {
  const [posicao, setPosicao] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    if (!aberto) return;
    const posicionar = () => {
      const r = entrada.current?.getBoundingClientRect();
      if (r) setPosicao({ top: r.bottom + 2, left: r.left, minWidth: r.width });
    };
    posicionar();
    window.addEventListener('scroll', posicionar, true);
    window.addEventListener('resize', posicionar);
    return () => {
      window.removeEventListener('scroll', posicionar, true);
      window.removeEventListener('resize', posicionar);
    };
  }, [aberto, entrada]);
  return posicao;
}
