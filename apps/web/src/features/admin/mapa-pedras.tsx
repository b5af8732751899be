import { Tooltip } from 'primereact/tooltip';
import { memo } from 'react';
import { Link } from 'react-router';
import type { PedraDoMapa } from '@ceasa/shared';
import { blocosDoMapa, novoRomaneio, TOTAL_PEDRAS } from './mapa-layout';

const BLOCOS = blocosDoMapa();

/** What a stall shows and says: its state for the colour and its accessible name. */
function descreverPedra(numero: number | string, p: PedraDoMapa | undefined): { estado: 'livre' | 'ocupada' | 'ausente'; nome: string; dica?: string } {
  if (!p) return { estado: 'ausente', nome: `Pedra ${numero}: não cadastrada` };
  if (!p.uso) return { estado: 'livre', nome: `Pedra ${numero}: livre` };
  const ocupante = p.ocupante ?? 'ocupante desconhecido';
  const avulsa = p.ocupacao === 'avulsa' ? ' (avulsa)' : '';
  return { estado: 'ocupada', nome: `Pedra ${numero}: ocupada por ${ocupante}${avulsa}`, dica: `${ocupante}${avulsa}` };
}

function Pedra({ numero, pedra, data, podeCriar }: { numero: number | string; pedra: PedraDoMapa | undefined; data: string; podeCriar: boolean }) {
  const d = descreverPedra(numero, pedra);
  const classes = `pedra pedra-${d.estado}${pedra?.ocupacao === 'avulsa' ? ' pedra-avulsa' : ''}`;
  if (d.estado === 'livre' && podeCriar)
    return (
      <Link className={classes} to={novoRomaneio(pedra!.numero, data)} aria-label={`${d.nome}. Criar romaneio`}>
        {numero}
      </Link>
    );
  // Occupied stalls take the focus too, so the occupant's tooltip opens from the keyboard.
  return (
    <span className={classes} role="img" aria-label={d.nome} tabIndex={d.estado === 'ocupada' ? 0 : undefined} data-pr-tooltip={d.dica}>
      {numero}
    </span>
  );
}

/**
 * The map of 252 stalls on a day: three blocks side by side, odd|even pairs, gaps after every 28 stalls.
 * Free stalls are green links to a new romaneio on that stall and day (for whoever may create romaneios);
 * occupied ones are red, with the occupant in a tooltip (underlined when 'avulsa').
 */
export const MapaDePedras = memo(function MapaDePedras({ pedras, data, podeCriar }: { pedras: PedraDoMapa[]; data: string; podeCriar: boolean }) {
  const porNumero = new Map(pedras.map((p) => [p.numero.trim(), p]));
  // Stalls registered beyond the market's 252 (or with another kind of number) go in a row of their own.
  const noMapa = (p: PedraDoMapa) => /^\d+$/.test(p.numero.trim()) && Number(p.numero) >= 1 && Number(p.numero) <= TOTAL_PEDRAS;
  const outras = pedras.filter((p) => !noMapa(p));
  const ocupadas = pedras
    .filter((p) => p.uso)
    .map((p) => `${p.id}:${p.ocupante}:${p.ocupacao}`)
    .join();
  return (
    <div className="mapa-pedras" role="group" aria-label="Mapa de pedras">
      {/* It binds to the stalls it finds when mounted: a new set of occupied stalls mounts it again. */}
      <Tooltip key={ocupadas} target=".mapa-pedras .pedra-ocupada" position="top" event="both" />
      {BLOCOS.map((b) => (
        <div key={b.inicio} className="mapa-bloco" role="group" aria-label={`Pedras ${b.inicio} a ${b.fim}`}>
          {b.secoes.map((s) => (
            <div key={s[0][0]} className="mapa-secao">
              {s.flat().map((n) => (
                <Pedra key={n} numero={n} pedra={porNumero.get(String(n))} data={data} podeCriar={podeCriar} />
              ))}
            </div>
          ))}
        </div>
      ))}
      {outras.length > 0 && (
        <div className="mapa-outras" role="group" aria-label="Outras pedras">
          {outras.map((p) => (
            <Pedra key={p.id} numero={p.numero} pedra={p} data={data} podeCriar={podeCriar} />
          ))}
        </div>
      )}
    </div>
  );
});
