import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIRMAR_REMOCAO, ItemsField } from './items-field';

/** A parent schema holding its child array, as the shared schemas of bulletins and romaneios will. */
const item = z.object({
  id: z.number().optional(),
  produto: z.string().trim().min(1, 'O produto é obrigatório'),
  lote: z.string().max(5, 'O lote deve ter no máximo 5 caracteres'),
});
const schema = z.object({ itens: z.array(item).min(1, 'É obrigatório adicionar ao menos um produto.') });
type Form = z.input<typeof schema>;
type Item = z.input<typeof item>;

let form: UseFormReturn<Form>;
let enviado: Form | null = null;
afterEach(() => {
  cleanup();
  enviado = null;
});

function Pai({ itens = [] }: { itens?: Item[] }) {
  form = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { itens } });
  return (
    <>
      <ConfirmDialog />
      <form onSubmit={form.handleSubmit((v) => (enviado = v))}>
        <ItemsField<Form, Item>
          control={form.control}
          name="itens"
          titulo="Itens"
          colunas={[
            { field: 'produto', header: 'Produto', editor: 'texto' },
            { field: 'lote', header: 'Lote', editor: 'texto' },
          ]}
          novo={{
            campos: [
              { field: 'produto', header: 'Produto', editor: 'texto' },
              { field: 'lote', header: 'Lote', editor: 'texto' },
            ],
            padrao: { produto: '', lote: '' },
            schema: item,
          }}
          rotuloDaLinha={(i) => i.produto}
        />
        <button type="submit">Salvar</button>
      </form>
    </>
  );
}

const corpo = () => screen.getByRole('table').querySelector('tbody')!;
const linhas = () => [...corpo().querySelectorAll('tr')].filter((tr) => !tr.classList.contains('p-datatable-emptymessage'));

describe('ItemsField (the child rows of a master-detail form)', () => {
  it('adds rows from the row editor (button and Enter), checks them with the row schema, keeps them in the form until saved', async () => {
    const u = userEvent.setup();
    render(<Pai />);
    expect(screen.getByText('Nenhum item adicionado')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Adicionar item' }));
    expect(screen.getByText('O produto é obrigatório')).toBeInTheDocument();
    expect(linhas()).toHaveLength(0);

    await u.type(screen.getByLabelText('Produto', { selector: '#novo-itens-produto' }), 'Açúcar');
    await u.type(screen.getByLabelText('Lote', { selector: '#novo-itens-lote' }), 'L1{Enter}');
    expect(linhas()).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Produto 1' })).toHaveValue('Açúcar');
    // The editor is cleared for the next row; Enter did not submit the parent.
    expect(screen.getByLabelText('Produto', { selector: '#novo-itens-produto' })).toHaveValue('');
    expect(enviado).toBeNull();

    // Inline edit, then the parent's save carries the rows.
    await u.clear(screen.getByRole('textbox', { name: 'Lote 1' }));
    await u.type(screen.getByRole('textbox', { name: 'Lote 1' }), 'L9');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(enviado).toEqual({ itens: [{ produto: 'Açúcar', lote: 'L9' }] }));
  }, 30_000);

  it('shows 10 rows a page (10/20/30) and an error of the parent schema on its row, turning to that page', async () => {
    const itens = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, produto: `Produto ${i + 1}`, lote: 'L' }));
    itens[11].lote = 'longo demais';
    render(<Pai itens={itens} />);
    expect(linhas()).toHaveLength(10);
    expect(screen.getByText('1 a 10 de 12')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByText('O lote deve ter no máximo 5 caracteres')).toBeInTheDocument());
    expect(screen.getByText('11 a 12 de 12')).toBeInTheDocument();
    // A server error reported as 'itens[2].produto' lands on the form's 'itens.2.produto'.
    act(() => form.setError('itens.2.produto', { type: 'server', message: 'Item 3: já existe um registro com estes dados.' }));
    await waitFor(() => expect(screen.getByText('1 a 10 de 12')).toBeInTheDocument());
    const terceira = linhas()[2];
    expect(within(terceira).getByText('Item 3: já existe um registro com estes dados.')).toBeInTheDocument();
  }, 30_000);

  it("removes a row only after 'Sim' to the confirmation; an empty list fails the parent's rule", async () => {
    const u = userEvent.setup();
    render(<Pai itens={[{ id: 7, produto: 'Tomate', lote: 'A' }]} />);
    await u.click(screen.getByRole('button', { name: 'Remover Tomate' }));
    expect(await screen.findByText(CONFIRMAR_REMOCAO)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Não' }));
    expect(linhas()).toHaveLength(1);
    await u.click(screen.getByRole('button', { name: 'Remover Tomate' }));
    await u.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(linhas()).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('É obrigatório adicionar ao menos um produto.')).toBeInTheDocument();
  }, 30_000);
});
