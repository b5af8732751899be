import type { Control } from 'react-hook-form';
import type { Recurso } from '@ceasa/shared';
import { camposDoRecurso, type CampoGerado } from '../../lib/campos-do-recurso';
import { useOpcoesDoRecurso } from '../../lib/opcoes-do-recurso';
import { DateField, NumberField, SelectField, TextField } from './fields';
import { FormPage } from './form-page';
import { useResourceForm } from './use-resource-form';

type Valores = Record<string, unknown>;

/** A reference's pick list: the records of the resource it names (its `api.opcoes`). */
function CampoDeReferencia(p: { control: Control<Valores>; name: string; label: string; autoFocus?: boolean; recurso: Recurso }) {
  const o = useOpcoesDoRecurso(p.recurso);
  return <SelectField control={p.control} name={p.name} label={p.label} autoFocus={p.autoFocus} options={o.opcoes} loading={o.isLoading} />;
}

function CampoDoFormulario({ c, control, autoFocus }: { c: CampoGerado; control: Control<Valores>; autoFocus: boolean }) {
  const p = { control, name: c.nome, label: c.campo.rotulo, autoFocus };
  if (c.referencia) return <CampoDeReferencia {...p} recurso={c.referencia} />;
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
 * FormPage, a field per declared field of the form in their order (the first focused), texts and dates starting empty.
 */
export function FormularioDoRecurso({ recurso }: { recurso: Recurso }) {
  const campos = camposDoRecurso(recurso).filter((c) => c.campo.formulario !== false);
  const defaults = Object.fromEntries(campos.map((c) => [c.nome, c.forma.tipo === 'texto' || c.forma.tipo === 'data' ? '' : undefined]));
  const f = useResourceForm<Valores>({ recurso, defaults });
  return (
    <FormPage form={f}>
      {campos.map((c, i) => (
        <CampoDoFormulario key={c.nome} c={c} control={f.form.control} autoFocus={i === 0} />
      ))}
    </FormPage>
  );
}
