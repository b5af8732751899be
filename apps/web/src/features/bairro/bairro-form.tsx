import { bairroRecurso, type Bairro, type BairroInput } from '@ceasa/shared';
import { SelectField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { useMunicipioOpcoes } from '../../lib/opcoes-municipio';

export default function BairroForm() {
  const f = useResourceForm<BairroInput, Bairro>({ recurso: bairroRecurso, defaults: { nome: '', municipioId: undefined as unknown as number } });
  const municipios = useMunicipioOpcoes();
  return (
    <FormPage form={f}>
      <TextField control={f.form.control} name="nome" label="Nome" autoFocus />
      <SelectField control={f.form.control} name="municipioId" label="Município" options={municipios.opcoes} loading={municipios.isLoading} />
    </FormPage>
  );
}
