/**
 * The mailbox an address delivers to, for the limits counted per mailbox (subscriptions, the holder's requests,
 * any e-mailed confirmation): lower case, the local part's `+tag` dropped, and for Gmail (which ignores them) the
 * local part's dots dropped too. `A.B+x@GMail.com`, `ab@gmail.com` and `a.b@googlemail.com` are one mailbox.
 */
export function caixaPostal(email: string): string {
  const limpo = email.trim().toLowerCase();
  const arroba = limpo.lastIndexOf('@');
  if (arroba < 1) return limpo;
  let local = limpo.slice(0, arroba);
  let dominio = limpo.slice(arroba + 1);
  const mais = local.indexOf('+');
  if (mais > 0) local = local.slice(0, mais);
  if (dominio === 'googlemail.com') dominio = 'gmail.com';
  if (dominio === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${dominio}`;
}
