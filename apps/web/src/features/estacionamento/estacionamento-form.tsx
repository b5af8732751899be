import { z } from 'zod';
import { estacionamentoRecurso, estacionamentoInput, toIsoDate, type Estacionamento, type EstacionamentoInput } from '@ceasa/shared';
import { DateField, NumberField, SelectField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { opcoesPessoas, usePessoaOpcoes } from '../../lib/opcoes-pessoa';
import { useVeiculoTipoOpcoes } from './api';
import { DividaField } from '../../components/form/divida-field';

/**
 * The shared schema, with an empty fee or debt (null from the number inputs) sent on as '': the
 * unions' own 'obrigatório' messages then show, instead of zod's English text for the number branch.
 */
const schema = z.preprocess((v) => {
  const o = (v ?? {}) as Record<string, unknown>;
  return { ...o, valor: o.valor ?? '', divida: o.divida ?? '' };
}, estacionamentoInput);

/** Parking form: date, plate, fee (R$), debt (looked up on leaving the field), person, vehicle type. */
export default function EstacionamentoForm() {
  const f = useResourceForm<EstacionamentoInput, Estacionamento>({
    recurso: estacionamentoRecurso,
    schema: schema as never,
    defaults: { data: toIsoDate(new Date()) ?? undefined, placa: '', valor: undefined, divida: undefined, pessoaId: undefined, veiculoTipoId: undefined },
    toForm: (e) => ({ data: e.data, placa: e.placa, valor: e.valor, divida: e.divida, pessoaId: e.pessoaId, veiculoTipoId: e.veiculoTipoId }),
  });
  const { control } = f.form;
  const pessoas = usePessoaOpcoes();
  const tipos = useVeiculoTipoOpcoes();

  return (
    <FormPage form={f}>
      <DateField control={control} name="data" label="Data" yearRange={`2000:${new Date().getFullYear()}`} />
      <TextField control={control} name="placa" label="Placa" />
      <NumberField control={control} name="valor" label="Valor" moeda />
      <DividaField control={control} name="divida" rota="estacionamento" />
      <SelectField
        control={control}
        name="pessoaId"
        label="Pessoa"
        options={opcoesPessoas(pessoas.data)}
        loading={pessoas.isLoading}
        emptyMessage="Nenhuma pessoa encontrada"
      />
      <SelectField
        control={control}
        name="veiculoTipoId"
        label="Tipo de Veículo"
        options={tipos.opcoes}
        loading={tipos.isLoading}
        emptyMessage="Nenhum tipo de veículo encontrado"
      />
    </FormPage>
  );
}
