import { municipioRecurso, type MunicipioInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';

export default function MunicipioForm() {
  const f = useResourceForm<MunicipioInput>({ recurso: municipioRecurso, defaults: { nome: '', sigla: '' } });
  const { control } = f.form;
  return (
    <FormPage form={f} titulo={f.editando ? 'Editar Município' : 'Novo Município'}>
      <TextField control={control} name="nome" label="Nome" autoFocus maxLength={200} />
      <TextField control={control} name="sigla" label="Sigla - Estado" maxLength={2} />
    </FormPage>
  );
}
