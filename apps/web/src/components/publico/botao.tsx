import type { ButtonHTMLAttributes } from 'react';

/**
 * PrimeReact's Button as markup, for the light public pages (which load no PrimeReact code): the same classes,
 * icon, label and accessible name, and while `loading` its spinning icon, with the button disabled.
 */
export function Botao({
  label,
  icon,
  outlined,
  size,
  severity,
  loading,
  className,
  type = 'button',
  disabled,
  ...resto
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  label: string;
  icon?: string;
  outlined?: boolean;
  size?: 'small';
  severity?: 'secondary';
  loading?: boolean;
}) {
  const desligado = disabled || loading;
  const classes = [
    'p-button p-component',
    className,
    desligado && 'p-disabled',
    loading && 'p-button-loading',
    outlined && 'p-button-outlined',
    loading && 'p-button-loading-left',
    size === 'small' && 'p-button-sm',
    severity && `p-button-${severity}`,
  ];
  const icone = loading ? 'pi pi-spinner pi-spin p-button-loading-icon' : icon;
  return (
    <button {...resto} type={type} aria-label={label} className={classes.filter(Boolean).join(' ')} disabled={desligado}>
      {icone && <span className={`p-button-icon p-c p-button-icon-left ${icone}`} />}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}
