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
  /** Host of the QR codes on lot labels (default: the request's host). */
  qrHost?: string;
  logoMunicipio: string;
  logoMercado: string;
}
