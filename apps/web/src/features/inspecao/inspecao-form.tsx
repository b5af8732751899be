import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { formatCpfCnpj, formatDate } from '@ceasa/shared/format';
import {
  inspecaoRecurso,
  ITENS_ROTULAGEM,
  RESULTADOS_INSPECAO,
  ROTULOS_RESULTADO,
  ROTULOS_TIPO_INSPECAO,
  TIPOS_INSPECAO,
  type ChecklistRotulagem,
  type Inspecao,
  type ResultadoInspecao,
  type TipoInspecao,
} from '@ceasa/shared';
import { DateField, SelectField, TextAreaField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { api } from '../../lib/api-client';
import { NotificacaoInspecao } from './inspecao-notificacao';
import './inspecao.css';

type FormInspecao = {
  romaneioId: number;
  tipo: TipoInspecao;
  coletaEm: string | null;
  laboratorio: string;
  codigoAmostra: string;
  resultado: ResultadoInspecao | null;
  principioAtivo: string;
  checklist: ChecklistRotulagem;
  observacao: string;
};

const TIPOS = TIPOS_INSPECAO.map((value) => ({ value, label: ROTULOS_TIPO_INSPECAO[value] }));
const RESULTADOS = RESULTADOS_INSPECAO.map((value) => ({ value, label: ROTULOS_RESULTADO[value] }));
const CHECKLIST_VAZIO = Object.fromEntries(ITENS_ROTULAGEM.map(([k]) => [k, false])) as ChecklistRotulagem;

const paraForm = (i: Inspecao): FormInspecao => ({
  romaneioId: i.romaneioId,
  tipo: i.tipo,
  coletaEm: i.coletaEm,
  laboratorio: i.laboratorio ?? '',
  codigoAmostra: i.codigoAmostra ?? '',
  resultado: i.resultado,
  principioAtivo: i.principioAtivo ?? '',
  checklist: i.checklist ?? CHECKLIST_VAZIO,
  observacao: i.observacao ?? '',
});

/** Only what the kind of inspection carries: a residue its sample and result, a label its checklist. */
const paraCorpo = (v: FormInspecao) =>
  v.tipo === 'residuo' ? { ...v, checklist: null } : { ...v, laboratorio: null, codigoAmostra: null, resultado: null, principioAtivo: null };

/**
 * An inspection of a romaneio (decisions 0185–0186): its kind and collection date; for residues the
 * laboratory, the sample's code, the result and the active ingredient found; for the label its checklist.
 * A saved one takes the laboratory's later result, and prints the notification.
 */
export default function InspecaoForm() {
  const [params] = useSearchParams();
  const f = useResourceForm<FormInspecao, Inspecao>({
    recurso: inspecaoRecurso,
    defaults: {
      romaneioId: Number(params.get('romaneioId')) || undefined,
      tipo: 'residuo',
      coletaEm: params.get('data'),
      laboratorio: '',
      codigoAmostra: '',
      resultado: 'pendente',
      principioAtivo: '',
      checklist: CHECKLIST_VAZIO,
      observacao: '',
    },
    toForm: paraForm,
    toBody: paraCorpo,
    caminhoDaLista: `/inspecao${params.get('data') ? `?data=${params.get('data')}` : ''}`,
  });
  const { control } = f.form;
  const [tipo, romaneioId] = useWatch({ control, name: ['tipo', 'romaneioId'] });
  const novoRomaneio = useQuery({
    queryKey: ['inspecao', 'romaneio', romaneioId],
    queryFn: () => api<Inspecao['romaneio']>(`inspecao/romaneio/${romaneioId}`),
    enabled: !f.editando && !!romaneioId,
  });
  const romaneio = f.registro?.romaneio ?? novoRomaneio.data;
  const [imprimindo, setImprimindo] = useState(false);

  return (
    <FormPage
      form={f}
      titulo={f.editando ? 'Editar Inspeção' : 'Nova Inspeção'}
      botoesExtra={f.registro && <Button type="button" label="Imprimir notificação" icon="pi pi-print" outlined onClick={() => setImprimindo(true)} />}
    >
      <p className="inspecao-romaneio" data-testid="inspecao-romaneio">
        {romaneio
          ? `Romaneio ${romaneio.id} de ${formatDate(romaneio.dataEmissao)} · ${romaneio.produtorNome} (${formatCpfCnpj(romaneio.cpfcnpj)}) · ${
              romaneio.municipioNome ?? 'município não informado'
            } · ${romaneio.produtos.join(', ')}`
          : 'Escolha o romaneio na lista do dia (Inspeções).'}
      </p>
      <SelectField control={control} name="tipo" label="Tipo de inspeção" options={TIPOS} disabled={f.editando} autoFocus={!f.editando} />
      <DateField control={control} name="coletaEm" label="Data da coleta" />
      {tipo === 'residuo' ? (
        <>
          <TextField control={control} name="laboratorio" label="Laboratório" />
          <TextField control={control} name="codigoAmostra" label="Código da amostra" />
          <SelectField control={control} name="resultado" label="Resultado" options={RESULTADOS} />
          <TextField control={control} name="principioAtivo" label="Princípio ativo encontrado" />
        </>
      ) : (
        <fieldset className="inspecao-checklist">
          <legend>O rótulo traz (Instrução Normativa Conjunta 02/2018)</legend>
          {ITENS_ROTULAGEM.map(([k, rotulo]) => (
            <Controller
              key={k}
              control={control}
              name={`checklist.${k}`}
              render={({ field }) => (
                <label htmlFor={`checklist-${k}`}>
                  <Checkbox inputId={`checklist-${k}`} checked={!!field.value} onChange={(e) => field.onChange(!!e.checked)} />
                  {rotulo}
                </label>
              )}
            />
          ))}
        </fieldset>
      )}
      <TextAreaField control={control} name="observacao" label="Observação" className="full" />
      {f.registro && <NotificacaoInspecao inspecao={f.registro} visible={imprimindo} onHide={() => setImprimindo(false)} />}
    </FormPage>
  );
}
