import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { casasDemais, lerNumeroBR, NUMERO_INVALIDO } from '@ceasa/shared/format';
import { NumberField } from './fields';
import { textoDoNumero } from './entrada-numero';

describe('lerNumeroBR: números como o pt-BR escreve, lidos exatamente', () => {
  it('vírgula decimal, ponto de milhar', () => {
    expect(lerNumeroBR('1.055,00')).toEqual({ valor: 1055 });
    expect(lerNumeroBR('20,5')).toEqual({ valor: 20.5 });
    expect(lerNumeroBR('1.055')).toEqual({ valor: 1055 });
    expect(lerNumeroBR('1.234.567,89')).toEqual({ valor: 1234567.89 });
    expect(lerNumeroBR('1055')).toEqual({ valor: 1055 });
    expect(lerNumeroBR(',5')).toEqual({ valor: 0.5 });
    expect(lerNumeroBR('R$ 1.055,00')).toEqual({ valor: 1055 });
    expect(lerNumeroBR('R$\u00a015,50')).toEqual({ valor: 15.5 });
    expect(lerNumeroBR(' 42 ')).toEqual({ valor: 42 });
    expect(lerNumeroBR('-3,5')).toEqual({ valor: -3.5 });
    expect(lerNumeroBR(12.5)).toEqual({ valor: 12.5 });
  });
  it('vazio é nenhum número', () => {
    expect(lerNumeroBR('')).toEqual({ valor: null });
    expect(lerNumeroBR('   ')).toEqual({ valor: null });
    expect(lerNumeroBR(null)).toEqual({ valor: null });
  });
  it('recusa o que não sabe ler, sem reinterpretar', () => {
    for (const t of ['12.50', '1.05', '1.0550', '10.55,0', '1,2,3', 'abc', '12a', ',', '-', '1.', '1,', '1..055', '.5', '1 0 5 5x'])
      expect(lerNumeroBR(t), t).toEqual({ erro: NUMERO_INVALIDO });
    expect(lerNumeroBR(Number.NaN)).toEqual({ erro: NUMERO_INVALIDO });
  });
  it('recusa casas decimais além das do campo, em vez de arredondar', () => {
    expect(lerNumeroBR('1,055', 2)).toEqual({ erro: casasDemais(2) });
    expect(lerNumeroBR('20,5', 0)).toEqual({ erro: 'Digite um número inteiro' });
    expect(lerNumeroBR('20,50', 2)).toEqual({ valor: 20.5 });
    expect(lerNumeroBR('20', 0)).toEqual({ valor: 20 });
  });
  it('o texto do campo fora do foco', () => {
    expect(textoDoNumero(1055, { decimais: 2, moeda: true })).toBe('R$\u00a01.055,00');
    expect(textoDoNumero(20.5, { decimais: 2 })).toBe('20,50');
    expect(textoDoNumero(1055, { decimais: 0, agrupar: false })).toBe('1055');
    expect(textoDoNumero('12.50', { decimais: 2 })).toBe('12.50');
    expect(textoDoNumero(null, { decimais: 2 })).toBe('');
  });
});

const schema = z.object({ valor: z.number({ error: 'O valor é obrigatório' }).positive('O valor deve ser maior que zero') });
type Form = z.input<typeof schema>;
let form: UseFormReturn<Form>;
let enviado: Form | null = null;
afterEach(() => {
  cleanup();
  enviado = null;
});
function Pai() {
  form = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { valor: undefined } });
  return (
    <form onSubmit={form.handleSubmit((v) => (enviado = v))}>
      <NumberField control={form.control} name="valor" label="Valor (R$)" moeda />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('NumberField', () => {
  it('1.055,00 digitado a toda velocidade é 1055, e fora do foco se lê R$ 1.055,00', async () => {
    render(<Pai />);
    const u = userEvent.setup({ delay: null });
    const campo = screen.getByLabelText('Valor (R$)');
    await u.type(campo, '1.055,00');
    expect(campo).toHaveValue('1.055,00');
    expect(form.getValues('valor')).toBe(1055);
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(enviado).toEqual({ valor: 1055 }));
    expect(campo).toHaveValue('R$\u00a01.055,00');
  });
  it('12.50 é recusado com a mensagem do campo e nada é enviado', async () => {
    render(<Pai />);
    const u = userEvent.setup({ delay: null });
    const campo = screen.getByLabelText('Valor (R$)');
    await u.type(campo, '12.50');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NUMERO_INVALIDO);
    expect(campo).toHaveValue('12.50');
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(enviado).toBeNull();
    // Corrected, it is read and saved.
    await u.clear(campo);
    await u.type(campo, '12,50');
    expect(screen.queryByText(NUMERO_INVALIDO)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(enviado).toEqual({ valor: 12.5 }));
  });
  it('um valor vindo de fora (registro carregado, reset) aparece formatado', async () => {
    render(<Pai />);
    form.reset({ valor: 20.5 });
    await waitFor(() => expect(screen.getByLabelText('Valor (R$)')).toHaveValue('R$\u00a020,50'));
  });
});
