import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { pessoaInput } from '@ceasa/shared';
import { EntradaMascarada } from './entrada-mascarada';
import { mascaraCpfCnpj } from './mascaras';

function Campo({ aoMudar }: { aoMudar: (v: string) => void }) {
  const [valor, setValor] = useState('');
  return (
    <EntradaMascarada
      aria-label="CPF/CNPJ"
      mascara={mascaraCpfCnpj}
      value={valor}
      onChange={(v) => {
        setValor(v);
        aoMudar(v);
      }}
    />
  );
}

describe('EntradaMascarada with the CPF/CNPJ mask', () => {
  afterEach(cleanup);

  it('keeps an alphanumeric CNPJ typed at full speed in the order typed, and the schema stores it upper case', async () => {
    let ultimo = '';
    render(<Campo aoMudar={(v) => (ultimo = v)} />);
    const campo = screen.getByLabelText('CPF/CNPJ');
    await userEvent.type(campo, 'ab513819c0d119', { delay: null });
    // Separators deleted with Backspace take the character before them; an edit in the middle keeps its place.

    expect(campo).toHaveValue('ab.513.819/c0d1-19');
    expect(campo).toHaveClass('entrada-maiusculas');
    expect(ultimo).toBe('ab513819c0d119');
    // What the API stores: the shared schema's value, bare and upper case (here the official example's shape).
    await userEvent.clear(campo);
    await userEvent.type(campo, '12abc34501de35', { delay: null });
    expect(ultimo).toBe('12abc34501de35');
    const r = pessoaInput.safeParse({ nome: 'Comprador Alfa', cpfcnpj: ultimo, tipoId: 3 });
    expect(r.success && r.data.cpfcnpj).toBe('12ABC34501DE35');
  });

  it('Backspace over a separator deletes the character before it', async () => {
    let ultimo = '';
    render(<Campo aoMudar={(v) => (ultimo = v)} />);
    const campo = screen.getByLabelText('CPF/CNPJ');
    await userEvent.type(campo, '12abc', { delay: null });
    expect(campo).toHaveValue('12.abc');
    await userEvent.type(campo, '{Backspace}{Backspace}{Backspace}', { delay: null });
    expect(campo).toHaveValue('12');
    expect(ultimo).toBe('12');
  });

  it('keeps a CPF typed with its digits only', async () => {
    let ultimo = '';
    render(<Campo aoMudar={(v) => (ultimo = v)} />);
    await userEvent.type(screen.getByLabelText('CPF/CNPJ'), '52998224725', { delay: null });
    expect(screen.getByLabelText('CPF/CNPJ')).toHaveValue('529.982.247-25');
    expect(ultimo).toBe('52998224725');
  });
});
