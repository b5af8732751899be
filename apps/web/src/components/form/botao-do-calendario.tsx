import type { Ref } from 'react';

/** The 'Escolher data' button beside a typed date (the markup of PrimeReact's Calendar trigger, none of its code). */
export function BotaoDoCalendario({
  ref,
  onClick,
  disabled,
}: {
  ref?: Ref<HTMLButtonElement>;
  onClick: (e: React.SyntheticEvent) => void;
  disabled?: boolean;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="p-button p-component p-datepicker-trigger p-button-icon-only"
      aria-haspopup="dialog"
      onClick={onClick}
      disabled={disabled}
    >
      <span className="p-button-icon p-c pi pi-calendar" aria-hidden />
      {/* The name as hidden text, not aria-label: the field itself stays the only thing labelled 'Data'. */}
      <span className="sr-only">Escolher data</span>
    </button>
  );
}
