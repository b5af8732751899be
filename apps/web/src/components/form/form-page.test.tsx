import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CampoBusca } from './campo-busca';
import { FormPage } from './form-page';

const TIPOS = [
  { label: 'Caminhão', value: 1 },
  { label: 'Carro', value: 2 },
];
afterEach(cleanup);

/** A form page with one pick list; `enviados` gets the value each save found in the field. */
function Tela({ carregando, enviados }: { carregando: boolean; enviados: (number | null)[] }) {
  const [v, setV] = useState<number | null>(null);
  return (
    <MemoryRouter>
      <FormPage
        titulo="Novo Estacionamento"
        caminhoDaLista="/estacionamento"
        onSubmit={(e) => {
          e.preventDefault();
          enviados.push(v);
        }}
        botoes={<button type="submit">Salvar</button>}
      >
        <label htmlFor="t">Tipo de Veículo</label>
        <CampoBusca id="t" opcoes={carregando ? [] : TIPOS} carregando={carregando} value={v} onChange={setV} />
      </FormPage>
    </MemoryRouter>
  );
}

describe('FormPage: a save asked for while a pick waits for its list', () => {
  it('Ctrl+Enter while the typed pick waits: nothing is sent then; once the list comes, the save goes with the pick', async () => {
    const enviados: (number | null)[] = [];
    const { rerender } = render(<Tela carregando enviados={enviados} />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Tipo de Veículo'), 'caminhao{Enter}');
    await u.keyboard('{Control>}{Enter}{/Control}');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(enviados).toEqual([]);
    await act(async () => rerender(<Tela carregando={false} enviados={enviados} />));
    await vi.waitFor(() => expect(enviados).toEqual([1]));
  });
  it('with nothing waiting, Salvar sends at once', async () => {
    const enviados: (number | null)[] = [];
    render(<Tela carregando={false} enviados={enviados} />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Tipo de Veículo'), 'carro{Enter}');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(enviados).toEqual([2]);
  });
});
