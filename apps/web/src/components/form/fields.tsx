import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { CampoBusca } from './campo-busca';
import { EntradaData } from './entrada-data';
import { EntradaMascarada } from './entrada-mascarada';
import { EntradaNumero } from './entrada-numero';
import type { Mascara } from './mascaras';
import { Campo, useCampo, type Base } from './text-field';

export { Campo, TextField, useCampo, type Base } from './text-field';
export { mascaraCep, mascaraCpfCnpj, mascaraData, mascaraTelefone, type Mascara } from './mascaras';

export function TextAreaField<T extends FieldValues>(p: Base<T> & { rows?: number }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <InputTextarea
        {...aria}
        value={field.value ?? ''}
        onChange={(e) => field.onChange(e.target.value)}
        onBlur={field.onBlur}
        rows={p.rows ?? 3}
        disabled={p.disabled}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

/**
 * A field whose input may say its own message (a text that is not a number, a text typed and not picked): that
 * message, while set, is shown and described instead of the schema's.
 */
function useCampoComMensagemPropria<T extends FieldValues>(p: Base<T>) {
  const { field, erro, id } = useCampo(p);
  const [propria, setPropria] = useState<string>();
  const mensagem = propria ?? erro;
  const aria = { id, 'aria-invalid': !!mensagem || undefined, 'aria-describedby': mensagem ? `${id}-erro` : undefined };
  return { field, id, mensagem, setPropria, aria };
}

/**
 * A number typed in pt-BR ('1.234,56'; currency shown with 'R$'), read exactly (EntradaNumero: '1.055,00' is
 * 1055, '12.50' is refused with a message on the field, never read as 12,5). It takes any value as typed: the
 * limits are the shared schema's, which refuses a value beyond one with its own pt-BR message (docs/produto/validacao.md section
 * 9), never an input that clamps it silently.
 */
export function NumberField<T extends FieldValues>(
  p: Base<T> & { decimais?: number; moeda?: boolean; maxLength?: number; onBlurValue?: (v: number | null) => void },
) {
  // A text that is not a pt-BR number: its message wins over the schema's (which only knows it is not a number).
  const { field, id, mensagem, setPropria: setLeitura, aria } = useCampoComMensagemPropria(p);
  return (
    <Campo id={id} label={p.label} erro={mensagem} className={p.className}>
      <EntradaNumero
        {...aria}
        value={field.value ?? null}
        onChange={field.onChange}
        aoLer={setLeitura}
        aoNaoLer={setLeitura}
        onBlur={(v) => {
          field.onBlur();
          p.onBlurValue?.(typeof v === 'number' ? v : null);
        }}
        inputRef={field.ref}
        moeda={p.moeda}
        decimais={p.decimais ?? 0}
        agrupar={p.moeda || (p.decimais ?? 0) > 0}
        maxLength={p.maxLength}
        disabled={p.disabled}
        className={mensagem ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

/**
 * A date typed as digits into dd/mm/aaaa (at any speed) with the 'Escolher data' calendar button.
 * The form holds 'yyyy-mm-dd', null when empty, or the half-typed text (which the shared schema
 * refuses with the field's own message, instead of keeping an older date unseen).
 */
export function DateField<T extends FieldValues>(p: Base<T> & { yearRange?: string }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <EntradaData
        {...aria}
        value={field.value ?? null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        yearRange={p.yearRange}
        disabled={p.disabled}
        inputClassName={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

export interface Opcao {
  label: string;
  value: string | number | boolean;
}

/**
 * A pick list typed into (CampoBusca, the gate's keyboard protocol): type words of the option,
 * Enter chooses the best match and moves on; what is typed while the options load is kept and chosen from
 * them when they arrive. Options may hold any value (booleans too): the list works on their positions.
 */
export function SelectField<T extends FieldValues>(p: Base<T> & { options: Opcao[]; placeholder?: string; emptyMessage?: string; loading?: boolean }) {
  // A save stopped on text typed and not picked: its message until the box is typed in again.
  const { field, id, mensagem, setPropria: setNaoEscolhido, aria } = useCampoComMensagemPropria(p);
  const opcoes = p.options.map((o, i) => ({ label: o.label, value: i }));
  const posicao = p.options.findIndex((o) => o.value === field.value);
  return (
    <Campo id={id} label={p.label} erro={mensagem} className={p.className}>
      <CampoBusca
        {...aria}
        aoNaoEscolher={setNaoEscolhido}
        aoDigitar={() => setNaoEscolhido(undefined)}
        value={posicao >= 0 ? posicao : null}
        opcoes={opcoes}
        onChange={(i) => field.onChange(i === null ? null : (p.options[Number(i)]?.value ?? null))}
        onBlur={field.onBlur}
        inputRef={field.ref}
        placeholder={p.placeholder ?? 'Selecione'}
        vazio={p.emptyMessage ?? 'Nenhum registro encontrado'}
        carregando={p.loading}
        disabled={p.disabled}
        className={mensagem ? 'p-invalid' : ''}
      />
    </Campo>
  );
}

/** What a pick list reads from a loaded list (an option hook's answer): its options and whether they are still loading. */
export interface OpcoesCarregadas {
  opcoes: Opcao[];
  isLoading: boolean;
}

/**
 * A pick list of a loaded list (useProdutoOpcoes, useLojistaOpcoes, useTecnicos()…): its options, shown
 * as loading while they arrive; `vazio` when there are none.
 */
export function SelectDaLista<T extends FieldValues>({ lista, vazio, ...p }: Base<T> & { lista: OpcoesCarregadas; vazio?: string; placeholder?: string }) {
  return <SelectField {...p} options={lista.opcoes} loading={lista.isLoading} emptyMessage={vazio} />;
}

/**
 * Digits typed into a mask (mascaras.ts: CEP, CPF/CNPJ, phone; adapting to the length where the
 * mask does). The form holds the digits (`unmask`) or the masked text.
 */
export function MaskField<T extends FieldValues>(p: Base<T> & { mascara: Mascara; unmask?: boolean; placeholder?: string; inputMode?: 'numeric' | 'tel' }) {
  const { field, erro, id, aria } = useCampo(p);
  return (
    <Campo id={id} label={p.label} erro={erro} className={p.className}>
      <EntradaMascarada
        {...aria}
        mascara={p.mascara}
        value={String(field.value ?? '')}
        onChange={(digitos, texto) => field.onChange(p.unmask ? digitos : texto)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        placeholder={p.placeholder}
        inputMode={p.inputMode}
        autoFocus={p.autoFocus}
        disabled={p.disabled}
        className={erro ? 'p-invalid' : ''}
      />
    </Campo>
  );
}
