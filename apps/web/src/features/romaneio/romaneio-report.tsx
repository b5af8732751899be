import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { Romaneio, RomaneioLinha } from '@ceasa/shared';
import { ConsultaImpressa, PrintDialog } from '../../components/print/print-dialog';
import { api } from '../../lib/api-client';
import { ControleRomaneio } from './romaneio-controle';
import { AvisoQrLocal, EtiquetasRomaneio, LAYOUTS_ETIQUETAS, type LayoutEtiquetas } from './romaneio-etiquetas';

type ModoImpressao = 'controle' | 'etiquetas';

/** The romaneios to print: one (GET romaneio/{id}) or all of a debt (GET romaneio/dividas/{divida}). */
async function buscarParaImprimir(p: { romaneioId?: number; divida?: number }): Promise<Romaneio[]> {
  if (p.romaneioId !== undefined) return [await api<Romaneio>(`romaneio/${p.romaneioId}`)];
  if (p.divida !== undefined) return api<Romaneio[]>(`romaneio/dividas/${p.divida}`);
  return [];
}

/**
 * The romaneio list's print and tag buttons open this (mounted while open): it fetches the romaneio, or every
 * romaneio of the debt, and shows the control sheet or the labels in the shared print dialog, with 'Imprimir'.
 */
function ImprimirRomaneio({ modo, romaneioId, divida, onHide }: { modo: ModoImpressao; romaneioId?: number; divida?: number; onHide: () => void }) {
  const [layout, setLayout] = useState<LayoutEtiquetas>('etiqueta');
  const q = useQuery({
    queryKey: ['romaneio-impressao', romaneioId ?? null, divida ?? null],
    queryFn: () => buscarParaImprimir({ romaneioId, divida }),
    gcTime: 0,
  });
  const titulo = modo === 'controle' ? 'Controle de entrada de mercadoria' : 'Etiquetas de rastreamento';
  return (
    <PrintDialog visible onHide={onHide} titulo={titulo} header={false}>
      <ConsultaImpressa q={q} erro="Erro ao obter romaneio">
        {(romaneios) =>
          modo === 'controle' ? (
            <ControleRomaneio romaneios={romaneios} />
          ) : (
            <>
              <AvisoQrLocal />
              <fieldset className="etiquetas-layout">
                <legend className="sr-only">Formato de impressão</legend>
                {LAYOUTS_ETIQUETAS.map((l) => (
                  <label key={l.value}>
                    <input type="radio" name="layout-etiquetas" value={l.value} checked={layout === l.value} onChange={() => setLayout(l.value)} />
                    {l.label}
                  </label>
                ))}
              </fieldset>
              <EtiquetasRomaneio romaneios={romaneios} layout={layout} />
            </>
          )
        }
      </ConsultaImpressa>
    </PrintDialog>
  );
}

/** The four row buttons of the romaneio list (docs/produto/telas.md, always visible): print and label this romaneio or all of its debt. */
/**
 * Each with a short visible text (the words a clerk tells them apart by, also the start of its accessible
 * name) and the whole scope in its accessible name and tooltip.
 */
const BOTOES_IMPRESSAO = [
  { modo: 'controle', escopo: 'romaneio', icone: 'pi pi-print', texto: 'Imprimir', rotulo: (r: RomaneioLinha) => `Imprimir o romaneio ${r.id}` },
  {
    modo: 'controle',
    escopo: 'divida',
    icone: 'pi pi-copy',
    texto: 'Imprimir todos',
    rotulo: (r: RomaneioLinha) => `Imprimir todos os romaneios da dívida ${r.divida}`,
  },
  { modo: 'etiquetas', escopo: 'romaneio', icone: 'pi pi-tag', texto: 'Etiquetas', rotulo: (r: RomaneioLinha) => `Etiquetas do romaneio ${r.id}` },
  {
    modo: 'etiquetas',
    escopo: 'divida',
    icone: 'pi pi-tags',
    texto: 'Etiquetas de todos',
    rotulo: (r: RomaneioLinha) => `Etiquetas de todos os romaneios da dívida ${r.divida}`,
  },
] as const;

/** What a row's print or label button asks for: this romaneio or every romaneio of its debt. */
type PedidoDeImpressao = { modo: ModoImpressao; romaneioId?: number; divida?: number };

/** The print dialog of a list: `abrir` for the rows' buttons, `dialogo` to render once beside the list. */
export function useImpressaoRomaneio() {
  const [pedido, setPedido] = useState<PedidoDeImpressao | null>(null);
  return { abrir: setPedido, dialogo: pedido && <ImprimirRomaneio {...pedido} onHide={() => setPedido(null)} /> };
}

/**
 * The romaneio list's print and label buttons of one row (on every row of the list). The dialog they open
 * lives with the list, not in the row: a row re-rendered by the list's reload must not close it.
 */
export function AcoesImpressaoRomaneio({ romaneio, abrir }: { romaneio: RomaneioLinha; abrir: (p: PedidoDeImpressao) => void }) {
  // Two by two (print above labels, this romaneio left of its debt): the row keeps its width on a 1366 px screen.
  return (
    <span className="acoes-impressao">
      {BOTOES_IMPRESSAO.map((b) => (
        <Button
          key={`${b.modo}-${b.escopo}`}
          icon={b.icone}
          label={b.texto}
          className="acao-impressao"
          size="small"
          text
          aria-label={b.rotulo(romaneio)}
          tooltip={b.rotulo(romaneio)}
          tooltipOptions={{ position: 'top' }}
          onClick={() => abrir(b.escopo === 'romaneio' ? { modo: b.modo, romaneioId: romaneio.id } : { modo: b.modo, divida: romaneio.divida })}
        />
      ))}
    </span>
  );
}
