import { useQuery } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import { useWatch, type Control } from 'react-hook-form';
import { avisoRomaneiosNoFeriado, feriadoRecurso, type Feriado, type RomaneioDoDia } from '@ceasa/shared';
import { FormularioDoRecurso } from '../../components/form/formulario-do-recurso';
import { ehDataIso } from '../../components/form/mascaras';
import { api } from '../../lib/api-client';
import { useToast } from '../../lib/toast';

/** While a holiday's date is typed: the romaneios already on it (none for an extra market day). */
function RomaneiosNaData({ control }: { control: Control<Record<string, unknown>> }) {
  const [data, tipo] = useWatch({ control, name: ['data', 'tipo'] }) as [string, string];
  const romaneios = useQuery({
    queryKey: ['feriado', 'romaneios', data],
    queryFn: () => api<RomaneioDoDia[]>(`feriado/romaneios?${new URLSearchParams({ data }).toString()}`),
    enabled: ehDataIso(data) && tipo !== 'extra',
  });
  const lista = tipo !== 'extra' && ehDataIso(data) ? (romaneios.data ?? []) : [];
  if (!lista.length) return null;
  return <Message severity="warn" className="col-span-2" role="status" text={avisoRomaneiosNoFeriado(data, lista)} data-testid="aviso-romaneios" />;
}

/**
 * A holiday or an extra market day (decision 0145): the declaration's form. A holiday on a date that already has
 * romaneios says so and lists them while it is typed, and again when saved (the save reads the calendars again, lib/calendario.ts).
 */
export default function FeriadoForm() {
  const toast = useToast();
  const aoSalvar = (salvo: Feriado) => {
    if (salvo.aviso) toast.show('warn', 'Feriado em dia com romaneios', salvo.aviso, 10_000);
  };
  return <FormularioDoRecurso<Feriado> recurso={feriadoRecurso} depois={(f) => <RomaneiosNaData control={f.form.control} />} aoSalvar={aoSalvar} />;
}
