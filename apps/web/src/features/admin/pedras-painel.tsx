import { Button } from 'primereact/button';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDate, type PedraDoMapa } from '@ceasa/shared';
import { EntradaData } from '../../components/form/entrada-data';
import { ehDataIso } from '../../components/form/mascaras';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { FechamentoReport } from './fechamento-report';
import { MapaDePedras } from './mapa-pedras';
import { PedrasReport } from './pedras-report';
import { useDiaDoMapa } from './use-dia-do-mapa';

const ANOS = `2000:${new Date().getFullYear() + 2}`;

/** The map of a day (POST pedras/ocupadas): only the newest answer counts, and a search asked by a click says what it found. */
function useMapaDoDia() {
  const toast = useToast();
  const [mapa, setMapa] = useState<{ data: string; pedras: PedraDoMapa[] } | null>(null);
  const [carregando, setCarregando] = useState(false);
  // Only the newest answer counts (a slow answer for an older day is dropped). `avisar`: the day a click on
  // 'Pesquisar...' asked for, whose answer brings the toast (kept until that answer arrives, so a repeated effect cannot lose it).
  const pedido = useRef(0);
  const avisar = useRef<string | null>(null);

  const carregar = useCallback(
    async (dia: string) => {
      const n = ++pedido.current;
      setCarregando(true);
      try {
        const pedras = await api<PedraDoMapa[]>('pedras/ocupadas', { method: 'POST', body: dia });
        if (n !== pedido.current) return;
        setMapa({ data: dia, pedras });
        if (avisar.current !== dia) return;
        avisar.current = null;
        const ocupadas = pedras.filter((p) => p.uso).length;
        if (ocupadas === 0) toast.show('warn', 'Nenhuma Pedras encontrada', `Nenhuma pedra ocupada em ${formatDate(dia)}`);
        else toast.show('success', 'Pesquisa concluída!', `${ocupadas} pedra(s) ocupada(s) em ${formatDate(dia)}`);
      } catch (err) {
        if (n !== pedido.current) return;
        avisar.current = null;
        setMapa(null);
        toast.show('error', 'Erro ao pesquisar!', (err as ApiError).message);
      } finally {
        if (n === pedido.current) setCarregando(false);
      }
    },
    [toast],
  );
  return { mapa, carregando, carregar, avisar };
}

/**
 * The stall page (docs/produto/telas.md 'Stall page'): 'Data da pesquisa', 'Pesquisar...', 'Mostrar Pedras'/'Ocultar Pedras',
 * the map of the day (one call, POST pedras/ocupadas) and its 'Pedras- {date}' report. The day searched is kept in
 * the address (/admin?data=yyyy-mm-dd); without one the map shows today, or the next market day.
 */
export function PedrasPainel() {
  const { pode } = useAuth();
  const { data, daUrl, setParams, cal } = useDiaDoMapa();
  const [fechamento, setFechamento] = useState(false);
  const [digitada, setDigitada] = useState<string | null>(data);
  const [mostrar, setMostrar] = useState(true);
  const [imprimindo, setImprimindo] = useState(false);
  const { mapa, carregando, carregar, avisar } = useMapaDoDia();
  useEffect(() => {
    if (data) void carregar(data);
  }, [data, carregar]);

  // The picker follows the address (back and forward between searched days).
  useEffect(() => setDigitada(data), [data]);

  const pesquisar = (e: React.FormEvent) => {
    e.preventDefault();
    if (!ehDataIso(digitada)) return;
    avisar.current = digitada;
    // The day goes to the address; a new day loads through it, the day on screen again here.
    if (daUrl !== digitada) setParams({ data: digitada });
    if (digitada === data) void carregar(digitada);
  };

  return (
    <section className="card pedras-painel" aria-labelledby="titulo-pedras">
      <div className="list-header">
        <h2 id="titulo-pedras">Pedras</h2>
        <div className="list-actions">
          <Button
            type="button"
            label={mostrar ? 'Ocultar Pedras' : 'Mostrar Pedras'}
            icon={mostrar ? 'pi pi-eye-slash' : 'pi pi-eye'}
            outlined
            aria-expanded={mostrar}
            aria-controls="mapa-do-dia"
            onClick={() => setMostrar((m) => !m)}
          />
          <Button type="button" label="Imprimir" icon="pi pi-print" outlined disabled={!mapa} onClick={() => setImprimindo(true)} />
          {pode('romaneio', 'visualizar') && (
            <Button type="button" label="Fechamento do dia" icon="pi pi-file" outlined disabled={!mapa} onClick={() => setFechamento(true)} />
          )}
        </div>
      </div>
      <form className="pedras-pesquisa" onSubmit={pesquisar} noValidate>
        <div className="field">
          <label htmlFor="data-pesquisa">Data da pesquisa</label>
          <EntradaData id="data-pesquisa" value={digitada} onChange={setDigitada} yearRange={ANOS} botoesHoje />
        </div>
        <Button type="submit" label="Pesquisar..." icon="pi pi-search" disabled={!ehDataIso(digitada)} loading={carregando} />
      </form>
      <div id="mapa-do-dia" hidden={!mostrar}>
        {mapa && <MapaComLegenda mapa={mapa} cal={cal} podeCriar={pode('romaneio', 'criar')} />}
      </div>
      {mapa && fechamento && <FechamentoReport onHide={() => setFechamento(false)} data={mapa.data} />}
      {mapa && <PedrasReport visible={imprimindo} onHide={() => setImprimindo(false)} data={mapa.data} pedras={mapa.pedras} />}
    </section>
  );
}

/** The day's map with its legend, and (not a market day) why its free stalls open no romaneio. */
function MapaComLegenda({
  mapa,
  cal,
  podeCriar,
}: {
  mapa: { data: string; pedras: PedraDoMapa[] };
  cal: ReturnType<typeof useDiaDoMapa>['cal'];
  podeCriar: boolean;
}) {
  return (
    <>
      <p className="pedras-resumo">
        <span>{formatDate(mapa.data)}</span>
        <span className="pedra-rel pedra-livre">N°</span> Livre
        <span className="pedra-rel pedra-ocupada">N°</span> Ocupado
        <span className="pedra-rel pedra-ocupada pedra-avulsa">N°</span> Avulsa
      </p>
      {/* A free stall opens the gate only on a market day: on another, the form would be refused only at Salvar. */}
      {cal.carregado && !cal.ehDiaDeMercado(mapa.data) && (
        <p className="pedras-sem-mercado" role="note">
          {cal.motivo(mapa.data)?.replace('A data de emissão deve ser', `${formatDate(mapa.data)} não é`)} As pedras livres não abrem o romaneio.
        </p>
      )}
      <MapaDePedras pedras={mapa.pedras} data={mapa.data} podeCriar={podeCriar && cal.carregado && cal.ehDiaDeMercado(mapa.data)} />
    </>
  );
}
