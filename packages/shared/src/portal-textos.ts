/*
 * The producers' portal's texts that its light page needs without zod (docs/decisions/0300): the page imports this
 * module, never resources/portal.ts (which pulls zod and re-exports these for the server). portal-textos.test.ts keeps
 * the lists here equal to the schemas' ones.
 */

/** gov.br's reliability levels, weakest first (resources/portal.ts NIVEIS_GOVBR). */
type Nivel = 'bronze' | 'prata' | 'ouro';

/** How each level is written to the producer. */
export const NOME_DO_NIVEL: Record<Nivel, string> = { bronze: 'bronze', prata: 'prata', ouro: 'ouro' };

/** Why a gov.br sign-in opened no session: `/portal?govbr=<código>` (with `&nivel=` for `nivel`). */
export const CODIGOS_GOVBR = ['nivel', 'sem-cadastro', 'desativado', 'erro'] as const;
export type CodigoGovbr = (typeof CODIGOS_GOVBR)[number];

/** The portal page's words for each código. */
export const MENSAGENS_GOVBR = {
  nivel: (nivel: Nivel, minimo: Nivel) =>
    `Sua conta gov.br é nível ${NOME_DO_NIVEL[nivel]}, e o portal do produtor pede o nível ${NOME_DO_NIVEL[minimo]} ou maior. ` +
    "Para aumentar o nível, abra o aplicativo gov.br, toque em 'Aumentar nível da conta' e valide os seus dados pelo reconhecimento facial " +
    'ou pelo seu banco. Depois, entre de novo com gov.br.',
  'sem-cadastro':
    'O seu CPF não está no cadastro de produtores do mercado. Procure o balcão do mercado com um documento para se cadastrar e, depois, entre de novo com gov.br.',
  desativado: 'A sua conta do portal está desativada. Procure o balcão do mercado.',
  erro: 'Não foi possível entrar com gov.br: a entrada foi cancelada, recusada ou demorou demais. Tente de novo.',
} as const satisfies Record<CodigoGovbr, unknown>;

const nivelDe = (v: string | null | undefined): Nivel => (v === 'ouro' || v === 'prata' ? v : 'bronze');

/**
 * What `/portal?govbr=<código>[&nivel=]` says: the código's message (for `nivel`, his level and the one asked,
 * `minimo`: PORTAL_NIVEL_MINIMO as GET /api/portal/config says it); an unknown código reads as the generic failure.
 */
export function mensagemGovbr(codigo: string, nivel?: string | null, minimo?: string | null): string {
  if (codigo === 'nivel') return MENSAGENS_GOVBR.nivel(nivelDe(nivel), minimo === 'bronze' || minimo === 'ouro' ? minimo : 'prata');
  return Object.hasOwn(MENSAGENS_GOVBR, codigo) ? MENSAGENS_GOVBR[codigo as Exclude<CodigoGovbr, 'nivel'>] : MENSAGENS_GOVBR.erro;
}

/** An invitation's link that no longer works (or came without its token). */
export const MSG_CONVITE_INVALIDO = 'O convite é inválido ou expirou. Peça um novo convite no balcão do mercado.';

/** After the invitation's password is chosen, on the sign-in. */
export const SENHA_CRIADA = 'Senha criada. Entre com seu e-mail e a nova senha.';

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
