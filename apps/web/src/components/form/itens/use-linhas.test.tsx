import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogoDasPerguntas } from '../../../lib/confirmacao';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIRMAR_REMOCAO, editorTexto, ItemsField, REMOCAO_RECUSADA } from '../items-field';

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
/** What the 'Lote' cell reported on losing focus: [value, row's product]. */
let saidas: [unknown, string][] = [];
afterEach(() => {
  cleanup();
  enviado = null;
  saidas = [];
});

function Pai({
  itens = [],
  aoRemover,
  podeRemover,
}: {
  itens?: Item[];
  aoRemover?: (item: Item, index: number) => Promise<boolean>;
  podeRemover?: (item: Item, index: number) => string | null;
}) {
  form = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { itens } });
  return (
    <>
      <DialogoDasPerguntas />
      <form onSubmit={form.handleSubmit((v) => (enviado = v))}>
        <ItemsField<Form, Item>
          control={form.control}
          name="itens"
          titulo="Itens"
          colunas={[
            { field: 'produto', header: 'Produto', editor: editorTexto() },
            { field: 'lote', header: 'Lote', editor: editorTexto(), aoSair: (v, i) => saidas.push([v, i.produto]) },
          ]}
          novo={{
            campos: [
              { field: 'produto', header: 'Produto', editor: editorTexto() },
              { field: 'lote', header: 'Lote', editor: editorTexto() },
            ],
            padrao: { produto: '', lote: '' },
            schema: item,
          }}
          rotuloDaLinha={(i) => i.produto}
          aoRemover={aoRemover}
          podeRemover={podeRemover}
        />
        <button type="submit">Salvar</button>
      </form>
    </>
  );
}

const corpo = () => screen.getByRole('table').querySelector('tbody')!;
const linhas = () => [...corpo().querySelectorAll('tr')].filter((tr) => !tr.classList.contains('p-datatable-emptymessage'));

describe('ItemsField (the child rows of a master-detail form)', () => {
  it("reports a cell's value when its editor loses focus (a quantity saved at once on the server)", async () => {
    const u = userEvent.setup();
    render(<Pai itens={[{ id: 7, produto: 'Tomate', lote: 'A' }]} />);
    await u.type(screen.getByRole('textbox', { name: 'Lote 1' }), 'B');
    expect(saidas).toEqual([]);
    await u.tab();
    expect(saidas).toEqual([['AB', 'Tomate']]);
    expect(form.getValues('itens.0.lote')).toBe('AB');
  });

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
    // The save's check, then the turn to the row's page: two renders, slow on a loaded machine.
    await waitFor(() => expect(screen.getByText('O lote deve ter no máximo 5 caracteres')).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByText('11 a 12 de 12')).toBeInTheDocument();
    // A server error reported as 'itens[2].produto' lands on the form's 'itens.2.produto'.
    act(() => form.setError('itens.2.produto', { type: 'server', message: 'Item 3: já existe um registro com estes dados.' }));
    await waitFor(() => expect(screen.getByText('1 a 10 de 12')).toBeInTheDocument(), { timeout: 10_000 });
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

  it("with aoRemover, a confirmed row leaves only when it resolves true (e.g. deleted on the server); 'Não' never calls it", async () => {
    const u = userEvent.setup();
    const pedidos: [string, number][] = [];
    // The server refuses Tomate and deletes Alface.
    const aoRemover = async (i: Item, n: number) => {
      pedidos.push([i.produto, n]);
      return i.produto !== 'Tomate';
    };
    render(
      <Pai
        aoRemover={aoRemover}
        itens={[
          { id: 7, produto: 'Tomate', lote: 'A' },
          { id: 8, produto: 'Alface', lote: 'B' },
        ]}
      />,
    );
    await u.click(screen.getByRole('button', { name: 'Remover Tomate' }));
    await u.click(await screen.findByRole('button', { name: 'Não' }));
    expect(pedidos).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Remover Tomate' }));
    await u.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(pedidos).toEqual([['Tomate', 0]]));
    expect(linhas()).toHaveLength(2);
    await u.click(screen.getByRole('button', { name: 'Remover Alface' }));
    await u.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(pedidos).toEqual([
      ['Tomate', 0],
      ['Alface', 1],
    ]);
    expect(form.getValues('itens')).toEqual([{ id: 7, produto: 'Tomate', lote: 'A' }]);
  }, 30_000);

  it('with podeRemover, a refused row shows the refusal instead of the confirmation and stays; the others are asked as usual', async () => {
    const u = userEvent.setup();
    const perguntas: string[] = [];
    const removidos: string[] = [];
    render(
      <Pai
        podeRemover={(i) => {
          perguntas.push(i.produto);
          return i.produto === 'Tomate' ? 'O Tomate não sai.' : null;
        }}
        aoRemover={async (i) => (removidos.push(i.produto), true)}
        itens={[
          { id: 7, produto: 'Tomate', lote: 'A' },
          { id: 8, produto: 'Alface', lote: 'B' },
        ]}
      />,
    );
    await u.click(screen.getByRole('button', { name: 'Remover Tomate' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('O Tomate não sai.')).toBeInTheDocument();
    expect(within(dialogo).getByText(REMOCAO_RECUSADA)).toBeInTheDocument();
    expect(screen.queryByText(CONFIRMAR_REMOCAO)).toBeNull();
    expect(within(dialogo).queryByRole('button', { name: 'Sim' })).toBeNull();
    await u.click(within(dialogo).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('O Tomate não sai.')).toBeNull());
    expect(linhas()).toHaveLength(2);
    expect(removidos).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Remover Alface' }));
    expect(await screen.findByText(CONFIRMAR_REMOCAO)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(perguntas).toEqual(['Tomate', 'Alface']);
    expect(removidos).toEqual(['Alface']);
    expect(form.getValues('itens')).toEqual([{ id: 7, produto: 'Tomate', lote: 'A' }]);
  }, 30_000);
});
