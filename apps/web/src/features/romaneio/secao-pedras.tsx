import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Controller, type Control } from 'react-hook-form';
import type { Romaneio } from '@ceasa/shared';
import { CampoPedras } from './campo-pedras';
import type { usePedrasLivres } from './api';
import type { RomaneioForm } from './romaneio-lote';

/**
 * The romaneio's stalls section: the stalls free on every date chosen, and whether the occupation is 'avulsa'.
 * Edit: the saved stalls, read-only.
 */
export function SecaoPedras(p: {
  control: Control<RomaneioForm>;
  editando: boolean;
  /** Edit: the saved stalls. */
  salvas?: Romaneio['pedras'];
  livres: ReturnType<typeof usePedrasLivres>;
  temDatas: boolean;
}) {
  return (
    <>
      <Controller
        control={p.control}
        name="pedras"
        render={({ field }) => (
          <div className="field">
            <label htmlFor="campo-pedras">Pedras</label>
            {p.editando ? (
              <InputText id="campo-pedras" value={(p.salvas ?? []).map((x) => x.pedrasNumero).join(', ') || 'Nenhuma'} disabled />
            ) : (
              <CampoPedras
                id="campo-pedras"
                livres={p.livres.data}
                carregando={p.livres.isFetching}
                temDatas={p.temDatas}
                value={field.value ?? []}
                onChange={field.onChange}
              />
            )}
          </div>
        )}
      />
      <Controller
        control={p.control}
        name="avulsa"
        render={({ field }) => (
          <div className="field-checkbox">
            <Checkbox inputId="campo-avulsa" checked={!!field.value} onChange={(e) => field.onChange(!!e.checked)} disabled={p.editando} />
            <label htmlFor="campo-avulsa">Ocupação avulsa</label>
          </div>
        )}
      />
    </>
  );
}
