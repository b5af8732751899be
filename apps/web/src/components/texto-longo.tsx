import type { ReactNode } from 'react';

/** A run of characters with no space this long cannot be a number, date or code: it may break anywhere. */
const SEM_ESPACO = /\S{21,}/;

/**
 * A table cell's text with a long run of characters and no space (a 200-character name, an e-mail)
 * in a span that may break anywhere (`.quebra-longa`), so it wraps inside its column instead of
 * widening the table past its screen, dialog or page. Only such cells: were every cell breakable,
 * a long name would squeeze codes, values and dates into one character per line. Light on purpose
 * (/home uses it too); anything that is not plain text is returned as it came.
 */
export function quebraLonga(conteudo: ReactNode): ReactNode {
  if ((typeof conteudo === 'string' || typeof conteudo === 'number') && SEM_ESPACO.test(String(conteudo)))
    return <span className="quebra-longa">{conteudo}</span>;
  return conteudo;
}
