import { Calendar } from 'primereact/calendar';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useRef, type RefObject } from 'react';
import { BotaoDoCalendario } from './botao-do-calendario';
// PrimeReact's texts in pt-BR (the months, 'Hoje'): a light page that loads the calendar has not the app's providers.
import '../../lib/locale-pt';

/**
 * The 'Escolher data' button beside a typed date and the calendar it opens (PrimeReact's, inline in an
 * overlay): Escape closes it back to the button. EntradaData's (a free date's loads it when first opened);
 * `abrir` toggles the overlay (the typed input opens it on ArrowDown too), `onEscolher` gets the day picked.
 */
export function CalendarioDaEntrada(p: {
  painel: RefObject<OverlayPanel | null>;
  valor: Date | null;
  onEscolher: (d: Date | null) => void;
  abrir: (e: React.SyntheticEvent) => void;
  yearRange?: string;
  /** 'Hoje' and 'Limpar' under the picker. */
  botoesHoje?: boolean;
  /** Weekdays (0 Sunday … 6 Saturday) the calendar does not offer. */
  diasDesabilitados?: number[];
  /** Days the calendar does not offer (the holidays of a market day). */
  datasDesabilitadas?: Date[];
  disabled?: boolean;
}) {
  const botao = useRef<HTMLButtonElement>(null);
  return (
    <>
      <BotaoDoCalendario ref={botao} onClick={p.abrir} disabled={p.disabled} />
      <OverlayPanel
        ref={p.painel}
        className="entrada-data-painel"
        onShow={() => p.painel.current?.getElement()?.querySelector<HTMLElement>('td [tabindex="0"], td[tabindex="0"]')?.focus()}
        pt={{ root: { role: 'dialog', 'aria-label': 'Calendário' } as object }}
      >
        <div
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              p.painel.current?.hide();
              botao.current?.focus();
            }
          }}
        >
          <Calendar
            inline
            value={p.valor}
            onChange={(e) => p.onEscolher((e.value as Date | null) ?? null)}
            dateFormat="dd/mm/yy"
            yearNavigator
            monthNavigator
            yearRange={p.yearRange}
            showButtonBar={p.botoesHoje}
            disabledDays={p.diasDesabilitados}
            disabledDates={p.datasDesabilitadas}
          />
        </div>
      </OverlayPanel>
    </>
  );
}
