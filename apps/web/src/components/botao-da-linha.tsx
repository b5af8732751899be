import { Button } from 'primereact/button';

/**
 * A row's own icon button in a list, beside its 'Editar' and 'Remover' (a group's bulletins, a ticket, a balance):
 * round, named for screen readers by `aria-label`, its tip (`dica`) on the left; busy while `ocupado`.
 */
export function BotaoDaLinha({ dica, ocupado, ...p }: { icon: string; 'aria-label': string; dica: string; ocupado?: boolean; onClick: () => void }) {
  return <Button {...p} rounded text tooltip={dica} tooltipOptions={{ position: 'left' }} loading={ocupado} aria-busy={ocupado} />;
}
