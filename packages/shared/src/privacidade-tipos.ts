/* The kinds of a holder's request, without zod: the public request form (/privacidade/solicitar) loads no schema library. */

/** The holder's rights (art. 18) a request may ask for. */
export const TIPOS_DE_SOLICITACAO = {
  confirmacao: 'Confirmação da existência de tratamento',
  acesso: 'Acesso aos dados',
  correcao: 'Correção de dados incompletos, inexatos ou desatualizados',
  anonimizacao: 'Anonimização, bloqueio ou eliminação de dados desnecessários',
  portabilidade: 'Portabilidade dos dados',
  compartilhamento: 'Informação sobre o compartilhamento',
  revogacao: 'Revogação do consentimento',
} as const;
export type TipoDeSolicitacao = keyof typeof TIPOS_DE_SOLICITACAO;
