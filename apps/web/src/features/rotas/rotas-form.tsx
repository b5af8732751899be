import { Button } from 'primereact/button';
import { rotaInput, type RotaInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/FormPage';
import { useResourceForm } from '../../components/form/useResourceForm';

export default function RotasForm() {
  const f = useResourceForm<RotaInput>({ base: 'rotas', schema: rotaInput, defaults: { nome: '' }, listPath: '/rotas', entidade: 'rota' });
  const { control, handleSubmit } = f.form;
  return (
    <FormPage
      titulo={f.editando ? 'Editar Rota' : 'Nova Rota'}
      listPath="/rotas"
      carregando={f.carregando}
      erroCarregar={f.erroCarregar}
      onRetry={f.recarregar}
      onSubmit={handleSubmit((v) => f.salvar(v))}
      botoes={<Button type="submit" label={f.editando ? 'Atualizar' : 'Salvar'} icon="pi pi-check" loading={f.salvando} />}
    >
      <TextField control={control} name="nome" label="Nome" autoFocus maxLength={200} />
    </FormPage>
  );
}
