import { Button } from 'primereact/button';
import { produtoGrupoInput, type ProdutoGrupoInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/FormPage';
import { useResourceForm } from '../../components/form/useResourceForm';

export default function ProdutoGrupoForm() {
  const f = useResourceForm<ProdutoGrupoInput>({
    base: 'produtoGrupo',
    schema: produtoGrupoInput,
    defaults: { nome: '', unPadrao: '' },
    listPath: '/produtoGrupo',
    entidade: 'grupo de produto',
    toForm: (g) => ({ nome: g.nome, unPadrao: g.unPadrao }),
  });
  const { control, handleSubmit } = f.form;
  return (
    <FormPage
      titulo={f.editando ? 'Editar Grupo de Produto' : 'Novo Grupo de Produto'}
      listPath="/produtoGrupo"
      carregando={f.carregando}
      erroCarregar={f.erroCarregar}
      onRetry={f.recarregar}
      onSubmit={handleSubmit((v) => f.salvar(v))}
      botoes={<Button type="submit" label={f.editando ? 'Atualizar' : 'Salvar'} icon="pi pi-check" loading={f.salvando} />}
    >
      <TextField control={control} name="nome" label="Nome" autoFocus maxLength={200} />
      <TextField control={control} name="unPadrao" label="Un Padrão" maxLength={200} />
    </FormPage>
  );
}
