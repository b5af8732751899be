import { feriadoRecurso, type FeriadoInput } from '@ceasa/shared';
import { DateField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';

export default function FeriadoForm() {
  const f = useResourceForm<FeriadoInput>({ recurso: feriadoRecurso, defaults: { data: '', nome: '' } });
  const { control } = f.form;
  return (
    <FormPage form={f}>
      <DateField control={control} name="data" label="Data" autoFocus />
      <TextField control={control} name="nome" label="Nome" />
    </FormPage>
  );
}
