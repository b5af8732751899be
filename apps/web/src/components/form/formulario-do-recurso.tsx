import type { ReactNode } from 'react';
import type { Control } from 'react-hook-form';
import type { Recurso } from '@ceasa/shared';
import { camposDoRecurso, type CampoGerado } from '../../lib/campos-do-recurso';
import { useOpcoesDeTextos, useOpcoesDoRecurso } from '../../lib/opcoes-do-recurso';
import { DateField, NumberField, SelectField, TextField } from './fields';
import { FormPage } from './form-page';
import { useResourceForm, type ResourceFormState } from './use-resource-form';

type Valores = Record<string, unknown>;

type Props = { control: Control<Valores>; name: string; label: string; autoFocus?: boolean };

/** A reference's pick list: the records of the resource it names (its `api.opcoes`), its empty list in its words. */
function CampoDeReferencia({ recurso, ...p }: Props & { recurso: Recurso }) {
  const o = useOpcoesDoRecurso(recurso);
  return <SelectField {...p} options={o.opcoes} loading={o.isLoading} emptyMessage={recurso.rotulos?.vazio} />;
}

/** A text picked from the server's list (`opcoesDe`). */
function CampoDeTextos({ caminho, ...p }: Props & { caminho: string }) {
  const o = useOpcoesDeTextos(caminho);
  return <SelectField {...p} options={o.opcoes} loading={o.isLoading} />;
}

function CampoDoFormulario({ c, control, autoFocus }: { c: CampoGerado; control: Control<Valores>; autoFocus: boolean }) {
  const p = { control, name: c.nome, label: c.campo.rotulo, autoFocus };
  if (c.referencia) return <CampoDeReferencia {...p} recurso={c.referencia} />;
  if (c.campo.opcoesDe) return <CampoDeTextos {...p} caminho={c.campo.opcoesDe} />;
  switch (c.forma.tipo) {
    case 'data':
      return <DateField {...p} />;
    case 'inteiro':
    case 'numero':
      return <NumberField {...p} decimais={c.forma.tipo === 'inteiro' ? 0 : 2} />;
    case 'opcao':
      return <SelectField {...p} options={c.forma.valores!.map((v) => ({ value: v, label: c.campo.opcoes![v] }))} />;
    default:
      return <TextField {...p} />;
  }
}

/**
 * The form a declaration's fields make (its `campos`, docs/adding-a-resource.md): useResourceForm in a
 * FormPage, a field per declared field of the form in their order (the first focused), each starting at its `padrao`
 * or, for texts and dates, empty. A feature adds below the fields (`depois`: a warning while a field is typed) and
 * after a save (`aoSalvar`, with the record the server answered).
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
  const defaults = Object.fromEntries(campos.map((c) => [c.nome, c.campo.padrao ?? (c.forma.tipo === 'texto' || c.forma.tipo === 'data' ? '' : undefined)]));
  const f = useResourceForm<Valores, D>({ recurso, defaults });
  const salvar = f.form.handleSubmit(async (v) => {
    const salvo = await f.salvar(v);
    if (salvo) await aoSalvar?.(salvo);
  });
  return (
    <FormPage form={f} onSubmit={salvar}>
      {campos.map((c, i) => (
        <CampoDoFormulario key={c.nome} c={c} control={f.form.control} autoFocus={i === 0} />
      ))}
      {depois?.(f)}
    </FormPage>
  );
}
