import { produtoRecurso, type Produto, type ProdutoInput } from '@ceasa/shared';
import { NumberField, SelectField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { useProdutoGrupoOpcoes, useProdutoStatusOpcoes } from '../../lib/opcoes-produto';

export default function ProdutoForm() {
  const grupos = useProdutoGrupoOpcoes();
  const status = useProdutoStatusOpcoes();
  const f = useResourceForm<ProdutoInput, Produto>({
    recurso: produtoRecurso,
    // docs/produto/validacao.md: weight 1 by default on create.
    defaults: { nome: '', embalagem: '', pesoEmKg: 1, produtoGrupoId: undefined, status: 'ATIVO' },
    toForm: (p) => ({ nome: p.nome, embalagem: p.embalagem, pesoEmKg: p.pesoEmKg, produtoGrupoId: p.produtoGrupoId, status: p.status }),
  });
  const { control } = f.form;
  return (
    <FormPage form={f}>
      <TextField control={control} name="nome" label="Nome" autoFocus />
      <TextField control={control} name="embalagem" label="Embalagem" />
      <NumberField control={control} name="pesoEmKg" label="Peso (kg)" decimais={2} />
      <SelectField
        control={control}
        name="produtoGrupoId"
        label="Grupo"
        options={grupos.opcoes}
        loading={grupos.isLoading}
        emptyMessage="Nenhum grupo de produto encontrado"
      />
      <SelectField control={control} name="status" label="Status" options={status.opcoes} loading={status.isLoading} />
    </FormPage>
  );
}
