/**
 * The deploying municipality (CONTRACT.md: configuration, never hard-coded in components):
 * read by the server from the environment and served to the web at GET /api/config.
 */
export interface Settings {
  municipio: string;
  mercado: string;
  mercadoTitulo: string;
  endereco: string;
  contato: string;
  copyright: string;
  destinoLote: string;
  /** Address the lot labels' QR codes open (QR_HOST; else PUBLIC_URL or the start address, never a request header). */
  qrHost?: string;
  /** Market days, as JavaScript weekdays (0 Sunday ... 6 Saturday): the romaneio's issue-date pickers allow only these. */
  diasDeMercado: number[];
  /** Size of one tracking label, in millimetres (the market's thermal printer takes 100 × 70). */
  etiqueta: { larguraMm: number; alturaMm: number };
  logoMunicipio: string;
  logoMercado: string;
}
