// No zod here: the producers' portal's light page names the inspections with these (decision 0300).

export const TIPOS_INSPECAO = ['rotulagem', 'residuo'] as const;
export type TipoInspecao = (typeof TIPOS_INSPECAO)[number];
export const ROTULOS_TIPO_INSPECAO: Record<TipoInspecao, string> = { rotulagem: 'Rotulagem', residuo: 'Resíduos de agrotóxicos' };

export const RESULTADOS_INSPECAO = ['conforme', 'nao_conforme', 'pendente'] as const;
export type ResultadoInspecao = (typeof RESULTADOS_INSPECAO)[number];
export const ROTULOS_RESULTADO: Record<ResultadoInspecao, string> = { conforme: 'Conforme', nao_conforme: 'Não conforme', pendente: 'Pendente' };
