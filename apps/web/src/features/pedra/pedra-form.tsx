import { pedraRecurso, type Pedra, type PedraInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';

/** Stall form: its number (text). The API lives under 'pedras'. */
export default function PedraForm() {
  const f = useResourceForm<PedraInput, Pedra>({
    recurso: pedraRecurso,
    defaults: { numero: '' },
  });
  const { control } = f.form;
  return (
    <FormPage form={f}>
      <TextField control={control} name="numero" label="Número" autoFocus />
    </FormPage>
  );
}
