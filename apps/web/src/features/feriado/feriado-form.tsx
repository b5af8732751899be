import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useWatch } from 'react-hook-form';
import {
  avisoRomaneiosNoFeriado,
  feriadoRecurso,
  ROTULOS_TIPO_FERIADO,
  TIPOS_FERIADO,
  type Feriado,
  type FeriadoInput,
  type RomaneioDoDia,
} from '@ceasa/shared';
import { DateField, SelectField, TextField } from '../../components/form/fields';
import { ehDataIso } from '../../components/form/mascaras';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { api } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { CHAVE_CALENDARIO } from '../../lib/calendario';

const TIPOS = TIPOS_FERIADO.map((value) => ({ value, label: ROTULOS_TIPO_FERIADO[value] }));

/**
 * A holiday or an extra market day (decision 0145). A holiday on a date that already has romaneios says so
 * and lists them while it is typed, and again when saved; a save refreshes every screen's calendar.
 */
export default function FeriadoForm() {
  const f = useResourceForm<FeriadoInput, Feriado>({ recurso: feriadoRecurso, defaults: { data: '', nome: '', tipo: 'feriado' } });
  const { control } = f.form;
  const qc = useQueryClient();
  const toast = useToast();
  const [data, tipo] = useWatch({ control, name: ['data', 'tipo'] });
  const romaneios = useQuery({
    queryKey: ['feriado', 'romaneios', data],
    queryFn: () => api<RomaneioDoDia[]>(`feriado/romaneios?${new URLSearchParams({ data: data as string }).toString()}`),
    enabled: ehDataIso(data as string) && tipo !== 'extra',
  });
  const lista = tipo !== 'extra' && ehDataIso(data as string) ? (romaneios.data ?? []) : [];
  const salvar = f.form.handleSubmit(async (v) => {
    const salvo = await f.salvar(v);
    if (!salvo) return;
    await qc.invalidateQueries({ queryKey: CHAVE_CALENDARIO });
    if (salvo.aviso) toast.show('warn', 'Feriado em dia com romaneios', salvo.aviso, 10_000);
  });
  return (
    <FormPage form={f} onSubmit={salvar}>
      <DateField control={control} name="data" label="Data" autoFocus />
      <TextField control={control} name="nome" label="Nome" />
      <SelectField control={control} name="tipo" label="Tipo" options={TIPOS} />
      {lista.length > 0 && (
        <Message severity="warn" className="col-span-2" role="status" text={avisoRomaneiosNoFeriado(data as string, lista)} data-testid="aviso-romaneios" />
      )}
    </FormPage>
  );
}
