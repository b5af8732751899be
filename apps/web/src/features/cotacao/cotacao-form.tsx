import { Checkbox } from 'primereact/checkbox';
import { Controller } from 'react-hook-form';
import { cotacaoRecurso, type Cotacao, type CotacaoInput } from '@ceasa/shared';
import { SelectField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { useCotacaoPessoaOpcoes } from './api';
import './cotacao.css';

/** A quotation: the shop owner or producer (pessoa/cotacoes) and whether it is active. */
export default function CotacaoForm() {
  const f = useResourceForm<CotacaoInput, Cotacao>({
    recurso: cotacaoRecurso,
    defaults: { pessoaId: undefined, ativo: true },
    toForm: (c) => ({ pessoaId: c.pessoaId, ativo: c.ativo }),
    mensagens: { criado: 'Cotacao criada!', atualizado: 'Cotacao atualizada!', erro: 'Erro ao salvar a cotacao.' },
  });
  const { control } = f.form;
  const pessoas = useCotacaoPessoaOpcoes();
  return (
    <FormPage form={f} titulo={f.editando ? `Editar Cotacao ${f.registro?.id ?? ''}` : 'Nova Cotacao'}>
      <SelectField
        control={control}
        name="pessoaId"
        label="Pessoa"
        options={pessoas.opcoes}
        loading={pessoas.isLoading}
        emptyMessage="Nenhuma pessoa encontrada"
      />
      <Controller
        control={control}
        name="ativo"
        render={({ field }) => (
          <div className="field-checkbox cotacao-ativo">
            <Checkbox inputId="campo-ativo" checked={!!field.value} onChange={(e) => field.onChange(!!e.checked)} onBlur={field.onBlur} />
            <label htmlFor="campo-ativo">Ativa</label>
          </div>
        )}
      />
    </FormPage>
  );
}
