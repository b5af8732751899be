import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editorNumero, editorOpcoes, ItemsField, type NovasLinhas } from '../items-field';

/** The keyboard protocol of the new-row editor: a pick list typed into, then a quantity. */
const corpo = () => screen.getByRole('table').querySelector('tbody')!;
const linhas = () => [...corpo().querySelectorAll('tr')].filter((tr) => !tr.classList.contains('p-datatable-emptymessage'));

const PRODUTOS = [
  { label: 'Lucas Alves', value: 1 },
  { label: 'Lucas Dias', value: 2 },
  { label: 'Lúcia Dias', value: 3 },
  { label: 'Tomate Cereja', value: 4 },
];
const itemQ = z.object({
  produtoId: z.number({ error: 'O produto é obrigatório' }),
  quantidade: z.number({ error: 'A quantidade é obrigatório' }).max(10_000, 'A quantidade deve ser no máximo 10.000'),
});
const schemaQ = z.object({ itens: z.array(itemQ) });
type FormQ = z.input<typeof schemaQ>;
type ItemQ = z.input<typeof itemQ>;
let formQ: UseFormReturn<FormQ>;
let enviadoQ: FormQ | null = null;
afterEach(() => {
  cleanup();
  enviadoQ = null;
});

function Balcao() {
  formQ = useForm<FormQ>({ resolver: zodResolver(schemaQ), defaultValues: { itens: [] } });
  return (
    <form onSubmit={formQ.handleSubmit((v) => (enviadoQ = v))}>
      <ItemsField<FormQ, ItemQ>
        control={formQ.control}
        name="itens"
        titulo="Itens"
        colunas={[
          { field: 'produtoId', header: 'Produto', editor: editorOpcoes({ opcoes: PRODUTOS }) },
          { field: 'quantidade', header: 'Quantidade', editor: editorNumero({ decimais: 2 }) },
        ]}
        novo={{
          campos: [
            { field: 'produtoId', header: 'Produto', editor: editorOpcoes({ opcoes: PRODUTOS }) },
            { field: 'quantidade', header: 'Quantidade', editor: editorNumero({ decimais: 2 }) },
          ],
          padrao: { produtoId: undefined as unknown as number, quantidade: undefined as unknown as number },
          schema: itemQ,
        }}
      />
      <button type="submit">Salvar</button>
    </form>
  );
}

describe('ItemsField keyboard protocol (new-row editor)', () => {
  it('typed at full speed: every word in any order, no case or accents; Enter chooses the first match, moves on, adds exactly what was typed and returns', async () => {
    const u = userEvent.setup({ delay: null });
    render(<Balcao />);
    const produto = screen.getByLabelText('Produto');
    expect(produto).toHaveAttribute('role', 'combobox');
    expect(screen.getByLabelText('Quantidade')).toHaveAttribute('id', 'novo-itens-quantidade');
    await u.click(produto);
    await u.keyboard('dias lucia{Enter}40{Enter}LUCAS dias{Enter}25{Enter}cereja{Enter}60{Enter}alves{Enter}35,5{Enter}');
    expect(formQ.getValues('itens')).toEqual([
      { produtoId: 3, quantidade: 40 },
      { produtoId: 2, quantidade: 25 },
      { produtoId: 4, quantidade: 60 },
      { produtoId: 1, quantidade: 35.5 },
    ]);
    expect(linhas()).toHaveLength(4);
    expect(screen.getByLabelText('Produto')).toHaveFocus();
    expect(screen.getByLabelText('Produto')).toHaveValue('');
    expect(screen.getByLabelText('Quantidade')).toHaveValue('');
    expect(enviadoQ).toBeNull();
  }, 30_000);

  it('filters as typed and highlights the first match; no key but Enter chooses (not Space, not Tab); no match chooses nothing and stays', async () => {
    const u = userEvent.setup({ delay: null });
    render(<Balcao />);
    const produto = screen.getByLabelText('Produto');
    await u.click(produto);
    await u.keyboard('lu');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Lucas Alves', 'Lucas Dias', 'Lúcia Dias']);
    expect(produto).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0].id);
    await u.keyboard('cas ');
    await u.tab();
    // Tab chooses nothing; what was typed stays in the box (never dropped unseen: the form's save stops on it).
    expect(produto).toHaveValue('lucas ');
    expect(produto).toHaveAttribute('data-nao-lido');
    expect(screen.getByLabelText('Quantidade')).toHaveFocus();
    await u.click(produto);
    await u.keyboard('xyz{Enter}');
    expect(produto).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Nenhum registro encontrado');
    // Escape closes the list and keeps the focus here.
    await u.keyboard('{Escape}');
    expect(produto).toHaveFocus();
    expect(screen.queryByRole('option')).toBeNull();
    // ArrowDown moves the highlight; Enter takes the highlighted one.
    await u.keyboard('dias{ArrowDown}{Enter}');
    expect(produto).toHaveValue('Lúcia Dias');
    expect(screen.getByLabelText('Quantidade')).toHaveFocus();
    expect(linhas()).toHaveLength(0);
  }, 30_000);

  it("Enter in a row's cell never submits the form; a quantity beyond the limit is refused with its message, never clamped", async () => {
    const u = userEvent.setup({ delay: null });
    render(<Balcao />);
    await u.click(screen.getByLabelText('Produto'));
    await u.keyboard('tomate{Enter}20000{Enter}');
    expect(await screen.findByText('A quantidade deve ser no máximo 10.000')).toBeInTheDocument();
    // The number stays as typed while the field has the focus (nothing reformats it under the caret).
    expect(screen.getByLabelText('Quantidade')).toHaveValue('20000');
    expect(linhas()).toHaveLength(0);
    await u.clear(screen.getByLabelText('Quantidade'));
    await u.keyboard('12{Enter}');
    expect(linhas()).toHaveLength(1);
    const celula = screen.getByRole('textbox', { name: 'Quantidade 1' });
    await u.clear(celula);
    await u.keyboard('123{Enter}');
    expect(formQ.getValues('itens.0.quantidade')).toBe(123);
    await u.click(screen.getByRole('combobox', { name: 'Produto 1' }));
    await u.keyboard('alves{Enter}');
    expect(enviadoQ).toBeNull();
    expect(formQ.getValues('itens')).toEqual([{ produtoId: 1, quantidade: 123 }]);
  }, 30_000);
});

/** The new-row editor with editors of the form's own (the gate's), a hint, a button adding several rows, and rows under their own title. */
let formP: UseFormReturn<FormQ>;
/** The draft as typed: the product picked (none yet) and the quantity's text. */
type Rascunho = { produtoId: number | null; quantidade: string };
const OFERTA = [
  { label: 'Tomate', value: 1 },
  { label: 'Alface', value: 2 },
  { label: 'Batata', value: 3 },
];
function Portaria() {
  formP = useForm<FormQ>({ resolver: zodResolver(schemaQ), defaultValues: { itens: [] } });
  const itens = formP.watch('itens');
  const ja = new Set(itens.map((i) => i.produtoId));
  /** The draft's quantity is the text typed; 'todos' adds every product not yet added. */
  const montar =
    (todos: boolean) =>
    (r: Rascunho): NovasLinhas<ItemQ, Rascunho> => {
      const q = Number(r.quantidade.replace(',', '.'));
      const escolhidos = todos ? OFERTA.filter((o) => !ja.has(o.value)) : OFERTA.filter((o) => o.value === r.produtoId);
      const erros = {
        produtoId: !escolhidos.length ? (todos ? 'Todos os produtos já foram adicionados' : 'O produto é obrigatório') : undefined,
        quantidade: !q ? 'A quantidade é obrigatória' : undefined,
      };
      if (erros.produtoId || erros.quantidade) return { erros };
      return { linhas: escolhidos.map((o) => ({ produtoId: o.value, quantidade: q })) };
    };
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <ItemsField<FormQ, ItemQ, Rascunho>
        control={formP.control}
        name="itens"
        titulo="Itens"
        ajuda={<p>Ao menos um produto.</p>}
        tituloDasLinhas="Produtos adicionados"
        colunas={[
          { field: 'produtoId', header: 'Produto', body: (i) => OFERTA.find((o) => o.value === i.produtoId)?.label },
          { field: 'quantidade', header: 'Quantidade' },
        ]}
        novo={{
          padrao: { produtoId: null, quantidade: '' },
          linhas: montar(false),
          rotuloBotao: 'Adicionar',
          outros: [{ rotulo: 'Adicionar todos', linhas: montar(true) }],
          campos: [
            {
              field: 'produtoId',
              header: 'Produto',
              idNovo: 'novo-produto',
              editor: (e) => (
                <select id={e.id} value={String(e.valor ?? '')} onChange={(ev) => e.mudar(ev.target.value ? Number(ev.target.value) : null)}>
                  <option value="">Escolha</option>
                  {OFERTA.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ),
            },
            {
              field: 'quantidade',
              header: 'Quantidade',
              idNovo: 'novo-quantidade',
              editor: (e) => <input id={e.id} value={String(e.valor ?? '')} aria-describedby={e.descritoPor} onChange={(ev) => e.mudar(ev.target.value)} />,
              dica: (r) => (r.quantidade ? `${String(r.quantidade)} caixas` : 'Digite a quantidade'),
            },
          ],
        }}
      />
    </form>
  );
}

describe('ItemsField new-row editor with editors of the form own (the gate form)', () => {
  it('adds what its own editors hold, shows the hint and the refusals on the fields, and adds every product left with the second button', async () => {
    const u = userEvent.setup();
    render(<Portaria />);
    expect(screen.getByText('Ao menos um produto.')).toBeInTheDocument();
    expect(document.querySelector('.p-datatable[aria-label="Produtos adicionados"] table')).toBeInTheDocument();
    const quantidade = screen.getByLabelText('Quantidade');
    expect(quantidade).toHaveAttribute('id', 'novo-quantidade');
    expect(quantidade).toHaveAccessibleDescription('Digite a quantidade');

    // Nothing chosen: both fields say why, and a change drops its field's message.
    await u.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['O produto é obrigatório', 'A quantidade é obrigatória']);
    await u.selectOptions(screen.getByLabelText('Produto'), 'Alface');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['A quantidade é obrigatória']);
    await u.type(quantidade, '12,5');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(quantidade).toHaveAccessibleDescription('12,5 caixas');
    await u.keyboard('{Enter}');
    expect(formP.getValues('itens')).toEqual([{ produtoId: 2, quantidade: 12.5 }]);
    // The same elements, emptied, the focus back on the first field.
    expect(quantidade).toHaveValue('');
    expect(screen.getByLabelText('Produto')).toHaveFocus();

    await u.type(quantidade, '3');
    await u.click(screen.getByRole('button', { name: 'Adicionar todos' }));
    expect(formP.getValues('itens')).toEqual([
      { produtoId: 2, quantidade: 12.5 },
      { produtoId: 1, quantidade: 3 },
      { produtoId: 3, quantidade: 3 },
    ]);
    await u.type(quantidade, '3');
    await u.click(screen.getByRole('button', { name: 'Adicionar todos' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Todos os produtos já foram adicionados');
  });

  it("shows a message set on a row itself in the row's first cell, and one on a field shown as text under it", async () => {
    render(<Portaria />);
    act(() =>
      formP.setValue('itens', [
        { produtoId: 1, quantidade: 3 },
        { produtoId: 2, quantidade: 4 },
      ]),
    );
    act(() => formP.setError('itens.1' as never, { type: 'server', message: 'Aplicação com carência até 30/11/2026' }));
    act(() => formP.setError('itens.0.produtoId', { type: 'server', message: 'O produto não está no boletim' }));
    const [primeira, segunda] = within(document.querySelector<HTMLElement>('.p-datatable[aria-label="Produtos adicionados"]')!).getAllByRole('row').slice(1);
    expect(await within(segunda).findByRole('alert')).toHaveTextContent('Aplicação com carência até 30/11/2026');
    expect(within(segunda).getAllByRole('cell')[0]).toHaveTextContent('Alface');
    expect(within(primeira).getByRole('alert')).toHaveTextContent('O produto não está no boletim');
  });
});

/** A shop sheet's row: product and quantity in the Enter chain, the sold lot out of it, its list still loading (the day's lots). */
const itemL = itemQ.extend({ lote: z.string().nullable() });
const schemaL = z.object({ itens: z.array(itemL) });
type FormL = z.input<typeof schemaL>;
type ItemL = z.input<typeof itemL>;
let formL: UseFormReturn<FormL>;
const LOTES = [
  { label: 'K7M2P9QX4RTA — Tomate Cereja — João', value: 'K7M2P9QX4RTA' },
  { label: 'H3N8W2ZC5LBE — Lucas Dias — Maria', value: 'H3N8W2ZC5LBE' },
];
function Loja({ lotes, carregando }: { lotes: typeof LOTES; carregando: boolean }) {
  formL = useForm<FormL>({ resolver: zodResolver(schemaL), defaultValues: { itens: [] } });
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <ItemsField<FormL, ItemL>
        control={formL.control}
        name="itens"
        titulo="Itens"
        colunas={[
          { field: 'produtoId', header: 'Produto', body: (i) => PRODUTOS.find((p) => p.value === i.produtoId)?.label },
          { field: 'lote', header: 'Lote vendido' },
        ]}
        novo={{
          campos: [
            { field: 'produtoId', header: 'Produto', editor: editorOpcoes({ opcoes: PRODUTOS }) },
            { field: 'quantidade', header: 'Quantidade', editor: editorNumero({ decimais: 2 }) },
            { field: 'lote', header: 'Lote vendido', foraDoEnter: true, editor: editorOpcoes({ opcoes: lotes, carregando, vazio: 'Nenhum lote nesta data' }) },
          ],
          padrao: { produtoId: undefined as unknown as number, quantidade: undefined as unknown as number, lote: null },
          schema: itemL,
        }}
      />
    </form>
  );
}

describe('ItemsField: a pick typed while its list loads', () => {
  it('the row waits for the sold lot typed before its list came, and is added with it; typed at full speed, Tab into the lot', async () => {
    const u = userEvent.setup({ delay: null });
    const { rerender } = render(<Loja lotes={[]} carregando />);
    await u.click(screen.getByLabelText('Produto'));
    await u.keyboard('cereja{Enter}12{Tab}k7m2{Enter}');
    // Nothing added without the lot typed.
    expect(linhas()).toHaveLength(0);
    expect(formL.getValues('itens')).toEqual([]);
    await act(async () => rerender(<Loja lotes={LOTES} carregando={false} />));
    expect(formL.getValues('itens')).toEqual([{ produtoId: 4, quantidade: 12, lote: 'K7M2P9QX4RTA' }]);
    expect(linhas()).toHaveLength(1);
    expect(screen.getByLabelText('Produto')).toHaveFocus();
    // With the list here, the next row is added at once.
    await u.keyboard('lucas dias{Enter}3,5{Tab}h3n8{Enter}');
    expect(formL.getValues('itens')).toEqual([
      { produtoId: 4, quantidade: 12, lote: 'K7M2P9QX4RTA' },
      { produtoId: 2, quantidade: 3.5, lote: 'H3N8W2ZC5LBE' },
    ]);
  }, 30_000);

  it('a lot typed while the list loads that matches nothing adds no row: the focus stays on it and the list says so', async () => {
    const u = userEvent.setup({ delay: null });
    const { rerender } = render(<Loja lotes={[]} carregando />);
    await u.click(screen.getByLabelText('Produto'));
    await u.keyboard('cereja{Enter}12{Tab}zzzz{Enter}');
    await act(async () => rerender(<Loja lotes={LOTES} carregando={false} />));
    expect(linhas()).toHaveLength(0);
    const lote = screen.getByLabelText('Lote vendido');
    expect(lote).toHaveFocus();
    expect(lote).toHaveValue('zzzz');
    expect(screen.getByText('Nenhum lote nesta data')).toBeVisible();
    // Corrected, Enter adds the row with it.
    await u.clear(lote);
    await u.keyboard('K7M2{Enter}');
    expect(formL.getValues('itens')).toEqual([{ produtoId: 4, quantidade: 12, lote: 'K7M2P9QX4RTA' }]);
  }, 30_000);
});
