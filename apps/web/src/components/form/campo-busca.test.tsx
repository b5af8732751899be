import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { buscarOpcoes } from './busca-de-opcoes';
import { CampoBusca, type OpcaoBusca } from './campo-busca';
import { FIM_DA_ESPERA } from './espera-da-escolha';
import { textoNaoEscolhido } from './texto-nao-lido';

const TOMATES = [
  'Tomate Especial - CX 20kg',
  'Tomate Extra Fino - CX 20kg',
  'Tomate Extra - CX 20kg',
  'Tomate Segunda - CX 20kg',
  'Açúcar Cristal - SC 50kg',
].map((label, value) => ({ label, value }));

afterEach(cleanup);

describe('buscarOpcoes', () => {
  it('todas as palavras, sem acento nem caixa; a que é o texto digitado primeiro', () => {
    expect(buscarOpcoes(TOMATES, 'tomate extra').map((o) => o.label)).toEqual(['Tomate Extra - CX 20kg', 'Tomate Extra Fino - CX 20kg']);
    expect(buscarOpcoes(TOMATES, 'Tomate Extra - CX 20kg')[0].label).toBe('Tomate Extra - CX 20kg');
    expect(buscarOpcoes(TOMATES, 'acucar').map((o) => o.label)).toEqual(['Açúcar Cristal - SC 50kg']);
    expect(buscarOpcoes(TOMATES, 'extra tomate').map((o) => o.label)).toEqual(['Tomate Extra Fino - CX 20kg', 'Tomate Extra - CX 20kg']);
    expect(buscarOpcoes(TOMATES, '')).toEqual(TOMATES);
  });
});

let escolhido: unknown = null;
function Campo({ opcoes, carregando, aoEsperar }: { opcoes: OpcaoBusca[]; carregando?: boolean; aoEsperar?: (estado: string) => void }) {
  const [v, setV] = useState<string | number | null>(null);
  escolhido = v;
  return (
    <form onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}>
      <label htmlFor="p">Produto</label>
      <CampoBusca id="p" opcoes={opcoes} value={v} onChange={setV} carregando={carregando} aoEsperar={aoEsperar} />
      <label htmlFor="v">Valor</label>
      <input id="v" />
    </form>
  );
}

describe('CampoBusca', () => {
  it('Enter escolhe a opção igual ao texto, não a primeira da lista', async () => {
    render(<Campo opcoes={TOMATES} />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produto'), 'Tomate Extra{Enter}');
    expect(escolhido).toBe(2);
    expect(screen.getByLabelText('Produto')).toHaveValue('Tomate Extra - CX 20kg');
  });
  it('o que se digita sobre uma opção escolhida começa uma busca nova', async () => {
    render(<Campo opcoes={TOMATES} />);
    const u = userEvent.setup({ delay: null });
    const caixa = screen.getByLabelText('Produto');
    await u.type(caixa, 'segunda{Enter}');
    expect(escolhido).toBe(3);
    // The caret at the end of the chosen label, nothing selected (a click's mouseup): typing does not append to it.
    (caixa as HTMLInputElement).setSelectionRange(99, 99);
    await u.keyboard('acucar');
    expect(caixa).toHaveValue('acucar');
    await u.keyboard('{Enter}');
    expect(escolhido).toBe(4);
  });
  it('ArrowDown e Enter logo depois de digitar escolhem na lista já filtrada', async () => {
    render(<Campo opcoes={TOMATES} />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produto'), 'tomate extra{ArrowDown}{Enter}');
    expect(escolhido).toBe(1);
  });
  it('o digitado enquanto a lista carrega espera por ela e é escolhido nela', async () => {
    const { rerender } = render(<Campo opcoes={[]} carregando />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produto'), 'tomate especial{Enter}');
    expect(escolhido).toBeNull();
    expect(screen.getByLabelText('Produto')).toHaveValue('tomate especial');
    await act(async () => rerender(<Campo opcoes={TOMATES} />));
    expect(escolhido).toBe(0);
    expect(screen.getByLabelText('Produto')).toHaveValue('Tomate Especial - CX 20kg');
  });
  it('quando a espera acaba, as marcas da caixa já dizem o que ela guarda: escolhido, sem "não escolhido"; sem achado, com ele', async () => {
    // A save that waited for the list reads the marks as soon as it hears the end (form-page.tsx): a producer just
    // chosen must not still be marked as typed and not picked, nor a text the list does not have be unmarked.
    const marcas: (string | null)[] = [];
    const { rerender } = render(<Campo opcoes={[]} carregando />);
    const entrada = screen.getByLabelText('Produto');
    entrada.addEventListener(FIM_DA_ESPERA, () => marcas.push(entrada.getAttribute('data-nao-lido')));
    const u = userEvent.setup({ delay: null });
    await u.type(entrada, 'tomate especial{Enter}');
    await act(async () => rerender(<Campo opcoes={TOMATES} />));
    expect(escolhido).toBe(0);
    expect(marcas).toEqual([null]);
    await u.clear(entrada);
    await act(async () => rerender(<Campo opcoes={[]} carregando />));
    await u.type(entrada, 'banana{Enter}');
    await act(async () => rerender(<Campo opcoes={TOMATES} />));
    expect(marcas).toEqual([null, textoNaoEscolhido('banana')]);
  });
  it('uma opção clicada enquanto o digitado espera pela lista acaba a espera (aoEsperar: escolhido)', async () => {
    // The list shown again while it reloads: what waits for it (the gate's products, a shop item's row) must hear the pick.
    const estados: string[] = [];
    const { rerender } = render(<Campo opcoes={TOMATES} carregando aoEsperar={(e) => estados.push(e)} />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produto'), 'tomate extra{Enter}');
    expect(estados).toEqual(['esperando']);
    await u.keyboard('{ArrowDown}');
    await u.click(screen.getByRole('option', { name: 'Tomate Extra Fino - CX 20kg' }));
    expect(escolhido).toBe(1);
    expect(estados).toEqual(['esperando', 'escolhido']);
    // The list in: nothing waits any more, the pick stays.
    await act(async () => rerender(<Campo opcoes={TOMATES} aoEsperar={(e) => estados.push(e)} />));
    expect(escolhido).toBe(1);
    expect(estados).toEqual(['esperando', 'escolhido']);
  });
  it('palavras que nada acham: nada escolhido, o texto fica', async () => {
    render(<Campo opcoes={TOMATES} />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produto'), 'banana{Enter}');
    expect(escolhido).toBeNull();
    expect(screen.getByLabelText('Produto')).toHaveValue('banana');
  });
});

/** A box with the gate's options (features/romaneio/busca.ts); `enters` counts the Enters that reached the form. */
let enters = 0;
let digitado: string | null = null;
function Portaria({ opcoes, carregando }: { opcoes: OpcaoBusca<number>[]; carregando?: boolean }) {
  const [v, setV] = useState<number | null>(null);
  escolhido = v;
  return (
    <form onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), enters++)}>
      <label htmlFor="p">Produto</label>
      <CampoBusca
        id="p"
        opcoes={opcoes}
        value={v}
        onChange={setV}
        carregando={carregando}
        guardarTexto
        obrigatorio
        seguirSemEscolha
        aoDigitar={(t) => (digitado = t)}
      />
    </form>
  );
}

describe('CampoBusca com as opções da portaria', () => {
  it('o texto digitado derruba a escolha e fica ao sair e no Escape; Enter na caixa vazia não sai dela', async () => {
    enters = 0;
    render(<Portaria opcoes={TOMATES} />);
    const u = userEvent.setup({ delay: null });
    const caixa = screen.getByLabelText('Produto');
    await u.click(caixa);
    await u.keyboard('{Enter}');
    expect(enters).toBe(0);
    expect(caixa).toHaveFocus();
    await u.keyboard('segunda{Enter}');
    expect(escolhido).toBe(3);
    expect(enters).toBe(1);
    await u.keyboard('tomate ex');
    expect(escolhido).toBeNull();
    await u.tab();
    expect(caixa).toHaveValue('tomate ex');
    await u.click(caixa);
    await u.keyboard('{Escape}');
    expect(caixa).toHaveValue('tomate ex');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
  it('Enter com a lista carregando deixa o texto ao formulário e segue, sem escolher quando ela chega', async () => {
    enters = 0;
    const { rerender } = render(<Portaria opcoes={[]} carregando />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produto'), 'tomate extra{Enter}');
    expect(enters).toBe(1);
    expect(digitado).toBe('tomate extra');
    await act(async () => rerender(<Portaria opcoes={TOMATES} />));
    expect(escolhido).toBeNull();
    // With the list in, words that match nothing go on to the form too, said under the box.
    await u.type(screen.getByLabelText('Produto'), ' banana{Enter}');
    expect(enters).toBe(2);
    expect(screen.getByRole('status')).toHaveTextContent('Nenhum registro encontrado');
  });
});

/** A required pick in a form that checks a field when it is left (react-hook-form's `onTouched`, as the forms do). */
function Obrigatorio({ opcoes, carregando }: { opcoes: OpcaoBusca<number>[]; carregando?: boolean }) {
  const { control } = useForm<{ produtor: number | null }>({ mode: 'onTouched', defaultValues: { produtor: null } });
  return (
    <form onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}>
      <label htmlFor="p">Produtor</label>
      <Controller
        name="produtor"
        control={control}
        rules={{ required: 'O produtor é obrigatório' }}
        render={({ field, fieldState }) => (
          <>
            <CampoBusca id="p" opcoes={opcoes} value={field.value} onChange={field.onChange} onBlur={field.onBlur} carregando={carregando} />
            {fieldState.error && <small role="alert">{fieldState.error.message}</small>}
          </>
        )}
      />
      <label htmlFor="v">Valor</label>
      <input id="v" />
    </form>
  );
}

describe('CampoBusca obrigatório num formulário', () => {
  it('sair da caixa enquanto o digitado espera pela lista não diz "obrigatório"; escolhido na chegada, nada é dito', async () => {
    const { rerender } = render(<Obrigatorio opcoes={[]} carregando />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produtor'), 'tomate extra{Enter}');
    await u.tab();
    expect(screen.getByLabelText('Valor')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => rerender(<Obrigatorio opcoes={TOMATES} />));
    expect(screen.getByLabelText('Produtor')).toHaveValue('Tomate Extra - CX 20kg');
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('o digitado que a lista não tem: "obrigatório" quando ela chega, pois a caixa já foi deixada', async () => {
    const { rerender } = render(<Obrigatorio opcoes={[]} carregando />);
    const u = userEvent.setup({ delay: null });
    await u.type(screen.getByLabelText('Produtor'), 'banana{Enter}');
    await u.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => rerender(<Obrigatorio opcoes={TOMATES} />));
    expect(await screen.findByRole('alert')).toHaveTextContent('O produtor é obrigatório');
  });
  it('sem espera, deixar a caixa vazia diz "obrigatório" na hora', async () => {
    render(<Obrigatorio opcoes={TOMATES} />);
    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByLabelText('Produtor'));
    await u.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('O produtor é obrigatório');
  });
});
