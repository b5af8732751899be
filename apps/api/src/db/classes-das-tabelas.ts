/**
 * What every table of the database is, in one place (house rule: every table says what it is). The backup and
 * the restore read it; `apps/api/test/classes-das-tabelas.test.ts` lists the tables a migrated database has and
 * fails on one missing here (or named here and gone), so a new table cannot slip past the backup.
 *
 * - `registros`: the product's records (and the reference data the migrations write): in every backup.
 * - `segredo`: live secrets (keys, sessions, tokens, links that were mailed, the e-mails that carried them):
 *   never in a backup; a restore empties them and the next start makes new keys.
 * - `derivada`: computed by the database from other tables: never read from a file, rebuilt by a restore.
 * - `contadores`: counters of the moment (attempts and requests per address or mailbox, for the limits):
 *   never in a backup; a restore empties them.
 */
export type ClasseDaTabela = 'registros' | 'segredo' | 'derivada' | 'contadores';

export const CLASSES_DAS_TABELAS = {
  adubacao_correcao: 'registros',
  anonimizacoes: 'registros',
  aplicacao_produtos_quimicos: 'registros',
  assinaturas: 'registros',
  assinaturas_envios: 'registros',
  assinaturas_pedidos: 'contadores',
  backups: 'registros',
  boletim: 'registros',
  boletim_itens: 'registros',
  caderno: 'registros',
  chamadas_caras: 'contadores',
  chaves: 'segredo',
  chegada_itens: 'registros',
  chegadas: 'registros',
  codigos_de_recuperacao: 'segredo',
  cotacao: 'registros',
  cotacao_envios: 'registros',
  dividas: 'registros',
  estacionamento: 'registros',
  feriado: 'registros',
  foto_pessoa: 'registros',
  grupo_permissoes: 'registros',
  ibge_municipio: 'registros',
  identidades_externas: 'registros',
  incidentes: 'registros',
  inspecao: 'registros',
  inspecao_sorteio: 'registros',
  leituras: 'registros',
  logs: 'registros',
  loja: 'registros',
  loja_item_lotes: 'registros',
  loja_itens: 'registros',
  municipio: 'registros',
  oidc_modelo: 'segredo',
  outbox: 'segredo',
  pedras: 'registros',
  permissoes: 'registros',
  pessoa: 'registros',
  pessoa_tipo: 'registros',
  portal_avisos: 'registros',
  portal_avisos_cancelados: 'registros',
  portal_convites: 'segredo',
  precos: 'registros',
  precos_produto_total: 'derivada',
  precos_resumo: 'derivada',
  precos_resumo_total: 'derivada',
  precos_situacao: 'registros',
  produto: 'registros',
  produto_grupo: 'registros',
  propriedade: 'registros',
  refresh_tokens: 'segredo',
  registros_por_endereco: 'contadores',
  reset_tokens: 'segredo',
  romaneio: 'registros',
  romaneio_divida: 'registros',
  romaneio_itens: 'registros',
  romaneio_nfe: 'registros',
  romaneio_pedras: 'registros',
  rotas: 'registros',
  segredos: 'segredo',
  segundos_fatores: 'segredo',
  sessoes: 'segredo',
  status_produto: 'registros',
  tentativas_de_entrada: 'contadores',
  textos_publicos: 'registros',
  titular_confirmacoes: 'segredo',
  titular_pedidos: 'contadores',
  titular_solicitacoes: 'registros',
  usuarios: 'registros',
  veiculo_tipo: 'registros',
} as const satisfies Record<string, ClasseDaTabela>;

export type Tabela = keyof typeof CLASSES_DAS_TABELAS;

const daClasse = (...classes: ClasseDaTabela[]) =>
  Object.entries(CLASSES_DAS_TABELAS)
    .filter(([, c]) => classes.includes(c))
    .map(([t]) => t);

/** What a backup never holds: secrets and counters of the moment. A restore empties them. */
export const FORA_DO_BACKUP: string[] = daClasse('segredo', 'contadores');
/** Tables the database derives from others: rebuilt by a restore, never read from a file. */
export const DERIVADAS: string[] = daClasse('derivada');
