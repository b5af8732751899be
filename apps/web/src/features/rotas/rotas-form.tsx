import { rotaRecurso, type RotaInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';

export default function RotasForm() {
  const f = useResourceForm<RotaInput>({ recurso: rotaRecurso, defaults: { nome: '' } });
  const { control } = f.form;
  return (
    <FormPage form={f}>
      <TextField control={control} name="nome" label="Nome" autoFocus />
    </FormPage>
  );
}
