import { z } from 'zod';

/**
 * Optimistic locking (decision 0085): every editable record answers its `versao`, an integer that
 * changes on every save; a save that sends another one is refused with 409 and this message.
 */
export const MSG_VERSAO_DESATUALIZADA = 'Este registro foi alterado por outra pessoa depois que você o abriu. Recarregue a página para ver as alterações.';

/** `versao` as a record's answer carries it (optional in the schema: additive to the original contract). */
export const versaoRegistro = z.number().int().optional();
/** `versao` as a save may send it: the one the form loaded; absent, the save is not checked. */
export const versaoEntrada = z.number().int().nullish();
