import { zodResolver } from '@hookform/resolvers/zod';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIRMAR_REMOCAO, ItemsField, REMOCAO_RECUSADA, type ItemColumn } from './items-field';

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
      <ConfirmDialog />
      <form onSubmit={form.handleSubmit((v) => (enviado = v))}>
        <ItemsField<Form, Item>
          control={form.control}
          name="itens"
          titulo="Itens"
          colunas={[
            { field: 'produto', header: 'Produto', editor: 'texto' },
            { field: 'lote', header: 'Lote', editor: 'texto', aoSair: (v, i) => saidas.push([v, i.produto]) },
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

/** Rows added blank and edited in the table, as the bulletin's items and the notebook's rows are. */
const linha = z.object({
  naoNecessarias: z.boolean(),
  data: z.string().nullable(),
  dose: z.number().nullable(),
  forma: z.string().nullable(),
  nota: z.string(),
});
const schemaLinhas = z.object({ linhas: z.array(linha) });
type FormLinhas = z.input<typeof schemaLinhas>;
type Linha = z.input<typeof linha>;
const nova = (): Linha => ({ naoNecessarias: false, data: null, dose: null, forma: null, nota: '' });
let formL: UseFormReturn<FormLinhas>;

function Linhas({ linhas = [], desabilitado = false }: { linhas?: Linha[]; desabilitado?: boolean }) {
  formL = useForm<FormLinhas>({ resolver: zodResolver(schemaLinhas), defaultValues: { linhas } });
  return (
    <>
      <ConfirmDialog />
      <form>
        <ItemsField<FormLinhas, Linha>
          control={formL.control}
          name="linhas"
          titulo="Adubação"
          rotuloAdicionar="Adicionar adubação"
          nova={nova}
          desabilitado={desabilitado}
          acoes={(_, i) => <button type="button">Caderno {i + 1}</button>}
          colunas={[
            {
              field: 'naoNecessarias',
              header: 'Não necessárias',
              editor: 'checkbox',
              rotulo: (_, i) => `Linha ${i + 1} não necessária`,
              aoMudar: (v, i) => v && formL.setValue(`linhas.${i}`, { ...nova(), naoNecessarias: true }),
            },
            ...(
              [
                { field: 'data', header: 'Data', editor: 'data', yearRange: '2020:2030' },
                { field: 'dose', header: 'Dose', editor: 'numero', max: 100, agrupar: false, sufixo: (l: Linha) => (l.dose === 1 ? ' dia' : ' dias') },
                { field: 'forma', header: 'Forma', editor: { opcoes: [{ label: 'Kg/m²', value: 'KG_M' }] } },
                { field: 'nota', header: 'Nota', editor: 'texto', maxLength: 5, desabilitada: (l: Linha) => !l.dose },
              ] as ItemColumn<Linha>[]
            ).map((c) => ({ ...c, na: (l: Linha) => l.naoNecessarias })),
          ]}
        />
      </form>
    </>
  );
}

describe('ItemsField with blank rows (nova), N/A and disabled cells', () => {
  it('adds blank rows beside the title, edits them inline (a date typed fast), with per-row actions', async () => {
    const u = userEvent.setup({ delay: null });
    render(<Linhas />);
    expect(screen.getByRole('group', { name: 'Adubação' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Adicionar adubação' }));
    await u.click(screen.getByRole('button', { name: 'Adicionar adubação' }));
    expect(linhas()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Caderno 2' })).toBeInTheDocument();

    // The masked date takes digits at full speed; the form holds 'yyyy-mm-dd'.
    const data = document.getElementById('celula-linhas-0-data') as HTMLInputElement;
    expect(data).toHaveAccessibleName('Data 1');
    await u.type(data, '05032026');
    expect(data).toHaveValue('05/03/2026');
    expect(formL.getValues('linhas.0.data')).toBe('2026-03-05');

    // Number with its suffix following the value; the text cell is enabled once there is a dose.
    const nota = screen.getByRole('textbox', { name: 'Nota 1' });
    expect(nota).toBeDisabled();
    await u.type(screen.getByRole('textbox', { name: 'Dose 1' }), '1');
    await u.tab();
    expect(formL.getValues('linhas.0.dose')).toBe(1);
    expect(screen.getByRole('textbox', { name: 'Dose 1' })).toHaveValue('1 dia');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Nota 1' })).toBeEnabled());
    await u.type(screen.getByRole('textbox', { name: 'Nota 1' }), 'abcdefgh');
    expect(formL.getValues('linhas.0.nota')).toBe('abcde');

    // Removal asks first.
    await u.click(screen.getByRole('button', { name: 'Remover item 2' }));
    await u.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(linhas()).toHaveLength(1));
  }, 30_000);

  it("a row marked 'não necessárias' is cleared by the form's rule and its cells read N/A", async () => {
    const u = userEvent.setup({ delay: null });
    render(<Linhas linhas={[{ ...nova(), dose: 5, nota: 'x' }, nova()]} />);
    const primeira = () => linhas()[0];
    expect(within(primeira()).queryByText('N/A')).toBeNull();
    await u.click(screen.getByRole('checkbox', { name: 'Linha 1 não necessária' }));
    await waitFor(() => expect(within(primeira()).getAllByText('N/A')).toHaveLength(4));
    expect(formL.getValues('linhas.0')).toEqual({ ...nova(), naoNecessarias: true });
    expect(within(primeira()).queryByRole('textbox')).toBeNull();
    // The other row is untouched.
    expect(within(linhas()[1]).queryByText('N/A')).toBeNull();
    expect(within(linhas()[1]).getByRole('textbox', { name: 'Data 2' })).toBeEnabled();
  }, 30_000);

  it('read-only (desabilitado): rows shown with every editor disabled, nothing to add or remove, row actions kept', () => {
    render(
      <Linhas
        desabilitado
        linhas={[
          { ...nova(), dose: 5, data: '2026-03-05', nota: 'ok' },
          { ...nova(), naoNecessarias: true },
        ]}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Adicionar adubação' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remover/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Caderno 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Data 1' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Data 1' })).toHaveValue('05/03/2026');
    expect(screen.getByRole('textbox', { name: 'Dose 1' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Nota 1' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Linha 1 não necessária' })).toBeDisabled();
    expect(within(linhas()[1]).getAllByText('N/A')).toHaveLength(4);
  });
});

/** The keyboard protocol of the new-row editor (issue 21): a pick list typed into, then a quantity. */
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
afterEach(() => (enviadoQ = null));

function Balcao() {
  formQ = useForm<FormQ>({ resolver: zodResolver(schemaQ), defaultValues: { itens: [] } });
  return (
    <form onSubmit={formQ.handleSubmit((v) => (enviadoQ = v))}>
      <ItemsField<FormQ, ItemQ>
        control={formQ.control}
        name="itens"
        titulo="Itens"
        colunas={[
          { field: 'produtoId', header: 'Produto', editor: { opcoes: PRODUTOS } },
          { field: 'quantidade', header: 'Quantidade', editor: 'numero', decimais: 2 },
        ]}
        novo={{
          campos: [
            { field: 'produtoId', header: 'Produto', editor: { opcoes: PRODUTOS } },
            { field: 'quantidade', header: 'Quantidade', editor: 'numero', decimais: 2 },
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
    expect(produto).toHaveValue('');
    expect(screen.getByLabelText('Quantidade')).toHaveFocus();
    await u.click(produto);
    await u.keyboard('xyz{Enter}');
    expect(produto).toHaveFocus();
    expect(screen.getByRole('option')).toHaveTextContent('Nenhum registro encontrado');
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
    (r: ItemQ): { linhas: ItemQ[] } | { erros: Partial<Record<keyof ItemQ, string>> } => {
      const q = Number(String(r.quantidade ?? '').replace(',', '.'));
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
      <ItemsField<FormQ, ItemQ>
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
          padrao: { produtoId: null as unknown as number, quantidade: '' as unknown as number },
          linhas: montar(false),
          rotuloBotao: 'Adicionar',
          outros: [{ rotulo: 'Adicionar todos', linhas: montar(true) }],
          campos: [
            {
              field: 'produtoId',
              header: 'Produto',
              idNovo: 'novo-produto',
              editor: {
                render: (e) => (
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
            },
            {
              field: 'quantidade',
              header: 'Quantidade',
              idNovo: 'novo-quantidade',
              editor: {
                render: (e) => <input id={e.id} value={String(e.valor ?? '')} aria-describedby={e.descritoPor} onChange={(ev) => e.mudar(ev.target.value)} />,
              },
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
