// No zod here: the public lot page's bundle reads these texts (decision 0187).

/** What the public lot answer says of a load with a residue sample (absent without one). */
export const SITUACOES_DO_LOTE = ['em_analise', 'retido', 'liberado'] as const;
export type SituacaoDoLote = (typeof SITUACOES_DO_LOTE)[number];
export const ROTULOS_SITUACAO: Record<SituacaoDoLote, { titulo: string; texto: string }> = {
  em_analise: { titulo: 'Em análise', texto: 'Uma amostra deste lote está em análise de resíduos de agrotóxicos no laboratório.' },
  retido: { titulo: 'Retido', texto: 'A análise de resíduos de agrotóxicos deste lote deu resultado não conforme: o lote está retido.' },
  liberado: { titulo: 'Liberado', texto: 'A análise de resíduos de agrotóxicos deste lote deu resultado conforme: o lote está liberado.' },
};
/** The lot's situation from its load's latest residue result (none: no situation). */
export const situacaoDoResultado = (r: string | null | undefined): SituacaoDoLote | undefined =>
  r === 'pendente' ? 'em_analise' : r === 'nao_conforme' ? 'retido' : r === 'conforme' ? 'liberado' : undefined;
