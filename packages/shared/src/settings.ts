/**
 * The deploying municipality (docs/produto/funcionamento.md: configuration, never hard-coded in components):
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
  /** Whether QR_HOST or PUBLIC_URL is set: without them the labels' QR codes open only on the server's own computer. */
  qrHostConfigurado?: boolean;
  /** Whether people sign in through the municipality's own OpenID Connect provider (OIDC_ISSUER): /login sends them there. */
  entradaExterna?: boolean;
  /** Market days, as JavaScript weekdays (0 Sunday ... 6 Saturday): the romaneio's issue-date pickers allow only these. */
  diasDeMercado: number[];
  /** Size of one tracking label, in millimetres (the market's thermal printer takes 100 × 70). */
  etiqueta: { larguraMm: number; alturaMm: number };
  logoMunicipio: string;
  logoMercado: string;
  /** CARTEIRA_PRODUTOR: past its card's date a producer is warned about at the gate ('avisar') or refused ('exigir'); decision 0182. */
  carteiraProdutor?: 'avisar' | 'exigir';
}

/** The market days when CEASA_DIAS_MERCADO is not set: Monday and Thursday. */
export const DIAS_DE_MERCADO_PADRAO: readonly number[] = [1, 4];

/**
 * The neutral settings (docs/produto/validacao.md: 'Prefeitura Municipal', 'CEASA Regional', our own logos): what the server
 * serves where a CEASA_* variable is not set, and what the web shows until GET /api/config answers.
 */
export const SETTINGS_PADRAO: Settings = {
  municipio: 'Prefeitura Municipal',
  mercado: 'CEASA Regional',
  mercadoTitulo: 'CEASA REGIONAL',
  endereco: '',
  contato: '',
  copyright: `© ${new Date().getFullYear()} Prefeitura Municipal. Todos os direitos reservados.`,
  destinoLote: 'CEASA Regional - Mercado Atacadista de Hortifrutigranjeiros',
  diasDeMercado: [...DIAS_DE_MERCADO_PADRAO],
  etiqueta: { larguraMm: 100, alturaMm: 70 },
  logoMunicipio: '/logo-municipio.svg',
  logoMercado: '/logo-ceasa.svg',
};
