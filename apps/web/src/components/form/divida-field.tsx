import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { formatBRL } from '@ceasa/shared';
import { useConsultaDivida } from '../../lib/use-divida';
import { NumberField } from './fields';

/** Debt numbers of the municipal tax system: whole numbers of up to 15 digits (typed, never clamped). */
const DIGITOS_DA_DIVIDA = 15;

/**
 * The debt field of the parking and romaneio forms (docs/produto/telas.md and docs/produto/validacao.md): leaving it with a value
 * above 0 looks the debt up (GET {rota}/divida/{numero}, toasts) and shows the taxpayer and value under it.
 */
export function DividaField<F extends FieldValues>(p: { control: Control<F>; name: Path<F>; rota: 'estacionamento' | 'romaneio'; disabled?: boolean }) {
  const divida = useConsultaDivida(p.rota);
  const atual = useWatch({ control: p.control, name: p.name });
  const r = divida.resultado;
  return (
    <div>
      <NumberField
        control={p.control}
        name={p.name}
        label="Dívida"
        maxLength={DIGITOS_DA_DIVIDA}
        disabled={p.disabled}
        onBlurValue={(v) => v && v > 0 && divida.consultar(v)}
      />
      {divida.consultando ? (
        <small className="muted">Consultando a dívida...</small>
      ) : (
        r &&
        Number(atual) === r.numero && (
          <small className="muted" aria-live="polite">
            {r.nomeContribuinte} — {formatBRL(r.valorPgto)}
          </small>
        )
      )}
    </div>
  );
}
