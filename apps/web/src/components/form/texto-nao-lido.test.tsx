import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NumberField, SelectField } from './fields';
import { FormPage } from './form-page';

afterEach(cleanup);

const PRODUTOS = [
  { label: 'Tomate Extra - CX 20kg', value: 1 },
  { label: 'Alface Crespa - CX', value: 2 },
];
interface Valores {
  produtoId: number | null;
  valor: number | string | null;
}

/** A form page with a pick and a number (the shared fields and save path); `enviados` gets what each save sent. */
function Tela({ enviados, inicial }: { enviados: Valores[]; inicial?: Partial<Valores> }) {
  const form = useForm<Valores>({ defaultValues: { produtoId: null, valor: null, ...inicial } });
  return (
    <MemoryRouter>
      <FormPage
        titulo="Novo Preço"
        caminhoDaLista="/precos"
        onSubmit={form.handleSubmit((v) => {
          enviados.push(v);
        })}
        botoes={<button type="submit">Salvar</button>}
      >
        <SelectField control={form.control} name="produtoId" label="Produto" options={PRODUTOS} />
        <NumberField control={form.control} name="valor" label="Valor" decimais={2} moeda />
      </FormPage>
    </MemoryRouter>
  );
}

describe('Salvar never saves a field whose text was not turned into a value', () => {
  it('a search typed and not picked stops the save, named on its field, the text selected; picked, the save goes', async () => {
    const enviados: Valores[] = [];
    render(<Tela enviados={enviados} />);
    const u = userEvent.setup({ delay: null });
    const produto = screen.getByLabelText('Produto') as HTMLInputElement;
    await u.type(produto, 'tomat');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(enviados).toEqual([]);
    expect(produto).toHaveValue('tomat');
    expect(produto).toHaveFocus();
    expect([produto.selectionStart, produto.selectionEnd]).toEqual([0, 5]);
    expect(screen.getByRole('alert')).toHaveTextContent('"tomat" foi digitado mas não escolhido da lista: escolha uma opção (Enter) ou apague o texto');
    expect(produto).toHaveAttribute('aria-invalid', 'true');
    await u.keyboard('tomate extra{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    await u.type(screen.getByLabelText('Valor'), '12,50');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(enviados).toEqual([{ produtoId: 1, valor: 12.5 }]);
  });

  it('text typed over a chosen option and left is not saved as the old choice (Ctrl+Enter too)', async () => {
    const enviados: Valores[] = [];
    render(<Tela enviados={enviados} inicial={{ produtoId: 2, valor: 3 }} />);
    const u = userEvent.setup({ delay: null });
    const produto = screen.getByLabelText('Produto');
    await u.click(produto);
    await u.keyboard('toma');
    await u.tab();
    expect(produto).toHaveValue('toma');
    await u.keyboard('{Control>}{Enter}{/Control}');
    expect(enviados).toEqual([]);
    expect(produto).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('"toma" foi digitado mas não escolhido da lista');
  });

  it('a number not read stops the save, named on its field; emptied, the save goes with nothing there', async () => {
    const enviados: Valores[] = [];
    render(<Tela enviados={enviados} inicial={{ produtoId: 1 }} />);
    const u = userEvent.setup({ delay: null });
    const valor = screen.getByLabelText('Valor') as HTMLInputElement;
    await u.type(valor, '1,2,3');
    await u.keyboard('{Control>}{Enter}{/Control}');
    expect(enviados).toEqual([]);
    expect(valor).toHaveFocus();
    expect(valor.value.slice(valor.selectionStart!, valor.selectionEnd!)).toBe('1,2,3');
    expect(screen.getByRole('alert')).toHaveTextContent('"1,2,3" não foi lido como número (Número inválido: use vírgula para os decimais');
    await u.keyboard('{Backspace}');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(enviados).toEqual([{ produtoId: 1, valor: null }]);
  });
});
