import { Checkbox } from 'primereact/checkbox';
import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import { preencherCampos, type ListaDeOpcoes, type Recurso } from '@ceasa/shared';
import { camposDoRecurso, type CampoGerado } from '../../lib/campos-do-recurso';
import { useOpcoes, useOpcoesDeTextos } from '../../lib/opcoes-do-recurso';
import { DividaField } from './divida-field';
import { DateField, MaskField, mascaraCep, NumberField, SelectField, TextField, useCampo } from './fields';
import { FormPage } from './form-page';
import { useResourceForm, type ResourceFormState } from './use-resource-form';
import './formulario-do-recurso.css';

type Valores = Record<string, unknown>;

type Props = { control: Control<Valores>; name: string; label: string; autoFocus?: boolean };

const MASCARAS = { cep: mascaraCep };

/** A reference's pick list: the records of the list it names (a resource's `api.opcoes` or its own), its empty list in its words. */
function CampoDeReferencia({ lista, ...p }: Props & { lista: ListaDeOpcoes }) {
  const o = useOpcoes(lista);
  return <SelectField {...p} options={o.opcoes} loading={o.isLoading} emptyMessage={lista.vazio} />;
}

/** A text picked from the server's list (`opcoesDe`). */
function CampoDeTextos({ caminho, ...p }: Props & { caminho: string }) {
  const o = useOpcoesDeTextos(caminho);
  return <SelectField {...p} options={o.opcoes} loading={o.isLoading} />;
}

/** A yes/no field as a checkbox labelled beside it (`caixa`). */
function CampoDeCaixa(p: Props) {
  const { field, id } = useCampo(p);
  return (
    <div className="field-checkbox campo-caixa">
      <Checkbox inputId={id} checked={!!field.value} onChange={(e) => field.onChange(!!e.checked)} onBlur={field.onBlur} />
      <label htmlFor={id}>{p.label}</label>
    </div>
  );
}

function CampoDoFormulario({ c, control, autoFocus, base }: { c: CampoGerado; control: Control<Valores>; autoFocus: boolean; base: string }) {
  const p = { control, name: c.nome, label: c.campo.rotulo, autoFocus };
  const { opcoes, formato } = c.campo;
  if (c.referencia) return <CampoDeReferencia {...p} lista={c.referencia} />;
  if (c.campo.opcoesDe) return <CampoDeTextos {...p} caminho={c.campo.opcoesDe} />;
  if (c.campo.divida) return <DividaField control={control} name={c.nome} rota={base as Parameters<typeof DividaField>[0]['rota']} />;
  if (c.campo.mascara) return <MaskField {...p} mascara={MASCARAS[c.campo.mascara]} unmask />;
  switch (c.forma.tipo) {
    case 'data':
      return <DateField {...p} yearRange={c.campo.anos?.()} />;
    case 'inteiro':
    case 'numero':
      return <NumberField {...p} moeda={formato === 'moeda'} decimais={c.forma.tipo === 'inteiro' ? 0 : 2} />;
    case 'booleano':
      if (c.campo.caixa) return <CampoDeCaixa {...p} />;
      return <SelectField {...p} options={[true, false].map((v) => ({ value: v, label: opcoes![String(v)] }))} />;
    case 'opcao':
      return <SelectField {...p} options={c.forma.valores!.map((v) => ({ value: v, label: opcoes![v] }))} />;
    default:
      return <TextField {...p} />;
  }
}

/**
 * The form a declaration's fields make (its `campos` and `formulario`, docs/adding-a-resource.md): useResourceForm in a
 * FormPage, a field per declared field of the form in their order (the first focused), each starting at its `padrao`
 * or, for texts and dates, empty (a text the record holds as null is empty too). A feature adds below the fields
 * (`depois`: a warning while a field is typed) and after a save (`aoSalvar`, with the record the server answered).
 */
export function FormularioDoRecurso<D = Valores>({
  recurso,
  depois,
  aoSalvar,
}: {
  recurso: Recurso;
  depois?: (f: ResourceFormState<Valores, D>) => ReactNode;
  aoSalvar?: (salvo: D) => Promise<void> | void;
}) {
  const campos = camposDoRecurso(recurso).filter((c) => c.campo.formulario !== false);
  const vazio = (c: CampoGerado) => (c.forma.tipo === 'texto' || c.forma.tipo === 'data' ? '' : undefined);
  const padrao = (c: CampoGerado) => (typeof c.campo.padrao === 'function' ? c.campo.padrao() : (c.campo.padrao ?? vazio(c)));
  const defaults = Object.fromEntries(campos.map((c) => [c.nome, padrao(c)]));
  const textos = campos.filter((c) => c.forma.tipo === 'texto').map((c) => c.nome);
  const { titulo, mensagens } = recurso.formulario ?? {};
  const f = useResourceForm<Valores, D>({
    recurso,
    defaults,
    toForm: (r) => ({ ...(r as Valores), ...Object.fromEntries(textos.map((t) => [t, (r as Valores)[t] ?? ''])) }),
    ...(mensagens ? { mensagens } : {}),
  });
  const salvar = f.form.handleSubmit(async (v) => {
    const salvo = await f.salvar(v);
    if (salvo) await aoSalvar?.(salvo);
  });
  return (
    <FormPage
      form={f}
      onSubmit={salvar}
      {...(titulo
        ? { titulo: f.editando ? preencherCampos(titulo.editar, (campo) => String((f.registro as Valores | undefined)?.[campo] ?? '')) : titulo.novo }
        : {})}
    >
      {campos.map((c, i) => (
        <CampoDoFormulario key={c.nome} c={c} control={f.form.control} autoFocus={i === 0} base={recurso.api!.base} />
      ))}
      {depois?.(f)}
    </FormPage>
  );
}
