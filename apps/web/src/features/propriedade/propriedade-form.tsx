import { propriedadeRecurso, TIPOS_POSSE, type Propriedade, type PropriedadeInput } from '@ceasa/shared';
import { MaskField, mascaraCep, NumberField, SelectField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { useMunicipioOpcoes } from '../../lib/opcoes-municipio';
import { opcoesPessoas, usePessoaOpcoes } from '../../lib/opcoes-pessoa';

const PRONAF = [
  { label: 'SIM', value: true },
  { label: 'NÃO', value: false },
];
const POSSES = TIPOS_POSSE.map((t) => ({ label: t, value: t }));

/** Property form: owner, address, CEP (masked, saved unmasked), municipality, three areas (2 decimals), geo, Pronaf, tenure. */
export default function PropriedadeForm() {
  const f = useResourceForm<PropriedadeInput, Propriedade>({
    recurso: propriedadeRecurso,
    defaults: {
      nome: '',
      endereco: '',
      numero: '',
      complemento: '',
      cep: '',
      geoLocalizacao: '0,0',
      pronaf: false,
      proprietarioId: undefined,
      municipioId: undefined,
      areaTotal: undefined,
      areaExplorada: undefined,
      areaCultivada: undefined,
      tipoPosse: undefined,
    },
    toForm: (p) => ({
      nome: p.nome,
      endereco: p.endereco ?? '',
      numero: p.numero ?? '',
      complemento: p.complemento ?? '',
      cep: p.cep ?? '',
      municipioId: p.municipioId,
      areaTotal: p.areaTotal,
      areaExplorada: p.areaExplorada,
      areaCultivada: p.areaCultivada,
      geoLocalizacao: p.geoLocalizacao ?? '0,0',
      pronaf: p.pronaf,
      tipoPosse: p.tipoPosse,
      proprietarioId: p.proprietarioId,
    }),
  });
  const { control } = f.form;
  const pessoas = usePessoaOpcoes();
  const municipios = useMunicipioOpcoes();

  return (
    <FormPage form={f} titulo={f.editando ? 'Editar Propriedade' : 'Nova Propriedade'}>
      <SelectField
        control={control}
        name="proprietarioId"
        label="Proprietário"
        options={opcoesPessoas(pessoas.data)}
        loading={pessoas.isLoading}
        emptyMessage="Nenhuma pessoa encontrada"
      />
      <TextField control={control} name="nome" label="Nome" maxLength={200} />
      <TextField control={control} name="endereco" label="Endereço" maxLength={200} />
      <TextField control={control} name="numero" label="Número" maxLength={200} />
      <TextField control={control} name="complemento" label="Complemento" maxLength={200} />
      <MaskField control={control} name="cep" label="CEP" mascara={mascaraCep} unmask />
      <SelectField
        control={control}
        name="municipioId"
        label="Município"
        options={municipios.opcoes}
        loading={municipios.isLoading}
        emptyMessage="Nenhum município encontrado"
      />
      <NumberField control={control} name="areaTotal" label="Área Total" decimais={2} />
      <NumberField control={control} name="areaExplorada" label="Explorada" decimais={2} />
      <NumberField control={control} name="areaCultivada" label="Cultivada" decimais={2} />
      <TextField control={control} name="geoLocalizacao" label="Geo Localização" maxLength={200} />
      <SelectField control={control} name="pronaf" label="Pronaf" options={PRONAF} />
      <SelectField control={control} name="tipoPosse" label="Tipo de Posse" options={POSSES} />
    </FormPage>
  );
}
