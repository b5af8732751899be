import { QRCodeSVG } from 'qrcode.react';
import type { Romaneio, RomaneioItem } from '@ceasa/shared';
import { codigoDoLote, notaDaChave } from '@ceasa/shared';
import { cpfcnpjPublico, formatDate } from '@ceasa/shared/format';
import { useSettings } from '../../lib/settings';
import './romaneio-report.css';

const TITULO_ETIQUETA = 'CONTROLE DE RASTREAMENTO DE PRODUTOS';

/** How the labels go to paper: one per page at the label size (the thermal printer), or several to an A4 sheet. */
export type LayoutEtiquetas = 'etiqueta' | 'a4';
export const LAYOUTS_ETIQUETAS: { value: LayoutEtiquetas; label: string }[] = [
  { value: 'etiqueta', label: 'Uma por página (etiqueta)' },
  { value: 'a4', label: 'Folha A4' },
];

/** The lot page's address on the QR host (GET /api/config's qrHost: QR_HOST or the product's public address). */
export const urlDoLote = (base: string, lote: string) => `${base.replace(/\/+$/, '')}/lote/${encodeURIComponent(lote)}`;

/**
 * Shown above the labels when neither PUBLIC_URL nor QR_HOST is set (GET /api/config's qrHostConfigurado):
 * the QR codes would open the server's own address, which a buyer's phone cannot reach. Not printed.
 */
export function AvisoQrLocal() {
  const s = useSettings();
  if (s.qrHostConfigurado !== false) return null;
  return (
    <p role="alert" className="etiquetas-aviso">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" /> Atenção: sem PUBLIC_URL ou QR_HOST configurado, os QR codes abrirão apenas neste
      computador ({s.qrHost}). Peça ao administrador para configurar o endereço público.
    </p>
  );
}

/** One label's lot: its own item's code (random for new items, decision 0107; the older 'romaneioIdRitemId' otherwise). */
const loteDoItem = (r: Pick<Romaneio, 'id'>, i: Pick<RomaneioItem, 'id' | 'lote'>) => i.lote ?? codigoDoLote(r.id, i.id);

/** A label's fields (docs/produto/telas.md), in print order. */
export function camposDaEtiqueta(r: Romaneio, i: RomaneioItem, destino: string): [string, string][] {
  return [
    ['Produto', i.produtoNome],
    ['Embalagem', i.produtoEmbalagem],
    ['Produtor', r.pessoa.nome || r.produtorNome],
    // The label travels with the boxes to buyers and their customers: a CPF masked as on the lot page (decision 0128).
    ['CPF/CNPJ', cpfcnpjPublico(r.pessoa.cpfcnpj)],
    ['Propriedade', i.boletimItensBoletimPropriedadeNome ?? '-'],
    ['Município', i.boletimItensBoletimPropriedadeMunicipioNome ?? '-'],
    ['Data de comercialização', formatDate(r.dataEmissao)],
    ['Destino', destino],
    ['Lote', loteDoItem(r, i)],
    // The producer's invoices: 'NF-e 1234 série 920', only when the romaneio has keys.
    ...(r.chavesNfe?.length ? [['NF-e', r.chavesNfe.map((c) => notaDaChave(c).replace(/^NF-e /, '')).join(', ')] as [string, string]] : []),
  ];
}

/**
 * The page rule of the chosen layout, mounted only while the labels are on screen (so every other report
 * keeps its A4 page): the label size from the settings with no margin, or A4 with a narrow margin.
 */
export function regraDePagina(layout: LayoutEtiquetas, etiqueta: { larguraMm: number; alturaMm: number }) {
  return layout === 'etiqueta'
    ? `@media print { @page { size: ${etiqueta.larguraMm}mm ${etiqueta.alturaMm}mm; margin: 0; } }`
    : '@media print { @page { size: A4; margin: 5mm; } }';
}

/**
 * Tracking labels 'CONTROLE DE RASTREAMENTO DE PRODUTOS', one per item of each romaneio, with a QR code
 * of the item's lot page. Sized in millimetres from the settings (default 100 × 70).
 */
export function EtiquetasRomaneio({ romaneios, layout = 'etiqueta' }: { romaneios: Romaneio[]; layout?: LayoutEtiquetas }) {
  const s = useSettings();
  if (!s.qrHost) return <p>Carregando...</p>;
  const { larguraMm, alturaMm } = s.etiqueta;
  const etiquetas = romaneios.flatMap((r) => r.itens.map((i) => ({ r, i })));
  return (
    <div className={`etiquetas etiquetas-${layout}`}>
      <style>{regraDePagina(layout, s.etiqueta)}</style>
      {etiquetas.length === 0 && <p>Nenhum produto</p>}
      {etiquetas.map(({ r, i }) => {
        const lote = loteDoItem(r, i);
        const url = urlDoLote(s.qrHost!, lote);
        return (
          <article key={lote} className="etiqueta" style={{ width: `${larguraMm}mm`, height: `${alturaMm}mm` }} aria-label={`Etiqueta do lote ${lote}`}>
            <h3>{TITULO_ETIQUETA}</h3>
            <div className="etiqueta-corpo">
              <dl>
                {camposDaEtiqueta(r, i, s.destinoLote).map(([dt, dd]) => (
                  <div key={dt}>
                    <dt>{dt}:</dt> <dd>{dd}</dd>
                  </div>
                ))}
              </dl>
              <div className="etiqueta-qr" data-url={url}>
                <QRCodeSVG value={url} level="M" marginSize={2} size={160} title={`Lote ${lote}`} />
              </div>
            </div>
          </article>
        );
      })}
    </div>
  );
}
