import { produtoGrupoRecurso, type ProdutoGrupoInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';

export default function ProdutoGrupoForm() {
  const f = useResourceForm<ProdutoGrupoInput>({
    recurso: produtoGrupoRecurso,
    defaults: { nome: '', unPadrao: '' },
  });
  const { control } = f.form;
  return (
    <FormPage form={f}>
      <TextField control={control} name="nome" label="Nome" autoFocus />
      <TextField control={control} name="unPadrao" label="Un Padrão" />
    </FormPage>
  );
}
