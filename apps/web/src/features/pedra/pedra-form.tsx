import { Button } from 'primereact/button';
import { pedraInput, type Pedra, type PedraInput } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/FormPage';
import { useResourceForm } from '../../components/form/useResourceForm';

/** Stall form: its number (text). The API lives under 'pedras'. */
export default function PedraForm() {
  const f = useResourceForm<PedraInput, Pedra>({
    base: 'pedras',
    schema: pedraInput,
    defaults: { numero: '' },
    listPath: '/pedra',
    entidade: 'pedra',
    toForm: (p) => ({ numero: p.numero }),
  });
  const { control, handleSubmit } = f.form;
  return (
    <FormPage
      titulo={f.editando ? 'Editar Pedra' : 'Nova Pedra'}
      listPath="/pedra"
      carregando={f.carregando}
      erroCarregar={f.erroCarregar}
      onRetry={f.recarregar}
      onSubmit={handleSubmit((v) => f.salvar(v))}
      botoes={<Button type="submit" label={f.editando ? 'Atualizar' : 'Salvar'} icon="pi pi-check" loading={f.salvando} />}
    >
      <TextField control={control} name="numero" label="Número" autoFocus maxLength={200} />
    </FormPage>
  );
}
