import { municipioRecurso, type MunicipioInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';

export default function MunicipioForm() {
  const f = useResourceForm<MunicipioInput>({ recurso: municipioRecurso, defaults: { nome: '', sigla: '', codigoIbge: '' } });
  const { control } = f.form;
  return (
    <FormPage form={f}>
      <TextField control={control} name="nome" label="Nome" autoFocus />
      <TextField control={control} name="sigla" label="Sigla - Estado" />
      {/* Empty: filled from IBGE's list by name and state when saved (decision 0191). */}
      <TextField control={control} name="codigoIbge" label="Código IBGE" />
    </FormPage>
  );
}
