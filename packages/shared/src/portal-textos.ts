/*
 * The producers' portal's texts that its light page needs without zod (docs/decisions/0300): the page imports this
 * module, never resources/portal.ts (which pulls zod). portal-textos.test.ts keeps the copied lists equal to the
 * schemas' ones.
 */

/** Why gov.br's return could not sign the producer in: `/portal?govbr=<código>` (docs/produto/portal.md). */
export const MENSAGENS_GOVBR = {
  nivel: 'O nível da sua conta gov.br não basta para entrar no portal. Aumente o nível da conta no gov.br e tente de novo.',
  'sem-cadastro': 'O seu CPF não está cadastrado como produtor neste mercado. Procure o atendimento do mercado.',
  desativado: 'O seu acesso ao portal está desativado. Procure o atendimento do mercado.',
  erro: 'Não foi possível entrar com o gov.br. Tente de novo em instantes.',
} as const;
export type CodigoGovbr = keyof typeof MENSAGENS_GOVBR;

/** The message of a `?govbr=` code; an unknown code reads as the generic failure. */
export const mensagemGovbr = (codigo: string): string =>
  Object.hasOwn(MENSAGENS_GOVBR, codigo) ? MENSAGENS_GOVBR[codigo as CodigoGovbr] : MENSAGENS_GOVBR.erro;

/** After the invitation's password is chosen, on the sign-in. */
export const SENHA_CRIADA = 'Senha criada. Entre com seu e-mail e a nova senha.';

/** gov.br's reliability levels as the portal names them (resources/portal.ts NIVEIS_GOVBR). */
export const ROTULOS_NIVEL_GOVBR = { bronze: 'bronze', prata: 'prata', ouro: 'ouro' } as const;

/**
 * What each kind of news (resources/portal.ts TIPOS_DE_AVISO) is called, in a sentence: the e-mail preferences, the
 * e-mail's unsubscribe line, the unsubscribe page, the portal's switches.
 */
export const ROTULOS_DOS_AVISOS = {
  inspecao: 'resultado de inspeção',
  suspensao: 'suspensão na portaria',
  chegada: 'chegada recebida',
  carencia: 'fim de carência',
} as const;

/** An announced load's situation (resources/portal.ts SITUACOES_DA_CHEGADA). */
export const ROTULOS_SITUACAO_DA_CHEGADA = { anunciada: 'Anunciada', recebida: 'Recebida' } as const;
