import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DialogoDasPerguntas } from '../../../lib/confirmacao';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { editorCheckbox, editorData, editorNumero, editorOpcoes, editorTexto, ItemsField, type ItemColumn } from '../items-field';

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
const corpo = () => screen.getByRole('table').querySelector('tbody')!;
const linhas = () => [...corpo().querySelectorAll('tr')].filter((tr) => !tr.classList.contains('p-datatable-emptymessage'));
afterEach(cleanup);

function Linhas({ linhas = [], desabilitado = false }: { linhas?: Linha[]; desabilitado?: boolean }) {
  formL = useForm<FormLinhas>({ resolver: zodResolver(schemaLinhas), defaultValues: { linhas } });
  return (
    <>
      <DialogoDasPerguntas />
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
              editor: editorCheckbox(),
              rotulo: (_, i) => `Linha ${i + 1} não necessária`,
              aoMudar: (v, i) => v && formL.setValue(`linhas.${i}`, { ...nova(), naoNecessarias: true }),
            },
            ...(
              [
                { field: 'data', header: 'Data', editor: editorData({ yearRange: '2020:2030' }) },
                { field: 'dose', header: 'Dose', editor: editorNumero({ agrupar: false, sufixo: (l: Linha) => (l.dose === 1 ? ' dia' : ' dias') }) },
                { field: 'forma', header: 'Forma', editor: editorOpcoes({ opcoes: [{ label: 'Kg/m²', value: 'KG_M' }] }) },
                { field: 'nota', header: 'Nota', editor: editorTexto({ maxLength: 5 }), desabilitada: (l: Linha) => !l.dose },
              ] satisfies ItemColumn<Linha>[]
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
