import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PedraDoMapa } from '@ceasa/shared';
import { porcentagem } from './comercializado-tabela';
import { blocosDoMapa, diaDoMapa, GRUPOS_RELATORIO, novoRomaneio } from './mapa-layout';
import { MapaDePedras } from './mapa-pedras';

afterEach(cleanup);

const livre = (n: number): PedraDoMapa => ({ id: 1000 + n, numero: String(n), uso: false, ocupante: null, ocupacao: null, romaneioId: null });
const ocupada = (n: number, ocupante: string, ocupacao: string | null = null): PedraDoMapa => ({
  ...livre(n),
  uso: true,
  ocupante,
  ocupacao,
  romaneioId: 7,
});

/** The 252 stalls with 1 (Ana), 2 (Ana) and 100 (Bruno, avulsa) occupied; `sem` left out of the register. */
function mapa(sem: number[] = []): PedraDoMapa[] {
  return Array.from({ length: 252 }, (_, i) => i + 1)
    .filter((n) => !sem.includes(n))
    .map((n) => (n <= 2 ? ocupada(n, 'Ana Produtora') : n === 100 ? ocupada(n, 'Bruno', 'avulsa') : livre(n)));
}

const renderizar = (pedras: PedraDoMapa[], podeCriar = true) =>
  render(
    <MemoryRouter>
      <MapaDePedras pedras={pedras} data="2024-05-02" podeCriar={podeCriar} />
    </MemoryRouter>,
  );

/**
 * A stall by its accessible name: a plain attribute lookup (role queries over the 252 stalls compute every
 * element's role and name, seconds on a loaded machine); its role is checked on the element itself.
 */
function pedra(nome: string, papel: 'link' | 'img'): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[aria-label="${nome}"]`);
  if (!el) throw new Error(`Pedra não encontrada: ${nome}`);
  expect(el.tagName === 'A' ? 'link' : el.getAttribute('role')).toBe(papel);
  return el;
}

/** The numbers shown in an element, in document (and Tab) order. */
const numeros = (el: HTMLElement) => Array.from(el.querySelectorAll('.pedra')).map((e) => Number(e.textContent));

describe('stall map layout', () => {
  it('has three blocks of 84 in odd|even pairs, with a gap after every 28 stalls', () => {
    const blocos = blocosDoMapa();
    expect(blocos.map((b) => [b.inicio, b.fim])).toEqual([
      [1, 84],
      [85, 168],
      [169, 252],
    ]);
    for (const b of blocos) {
      expect(b.secoes).toHaveLength(3);
      for (const s of b.secoes) {
        expect(s).toHaveLength(14);
        for (const [impar, par] of s) {
          expect(impar % 2).toBe(1);
          expect(par).toBe(impar + 1);
        }
      }
    }
    // The last stall before each gap.
    expect(blocos.flatMap((b) => b.secoes.map((s) => s[s.length - 1][1]))).toEqual([28, 56, 84, 112, 140, 168, 196, 224, 252]);
    expect(blocos[1].secoes[0][0]).toEqual([85, 86]);
    expect(blocos.flatMap((b) => b.secoes.flat(2))).toEqual(Array.from({ length: 252 }, (_, i) => i + 1));
  });

  it('renders the blocks and sections with the stalls in pairs, odd on the left', () => {
    const { container } = renderizar(mapa());
    const blocos = Array.from(container.querySelectorAll<HTMLElement>('.mapa-bloco[role="group"]'));
    expect(blocos.map((b) => b.getAttribute('aria-label'))).toEqual(['Pedras 1 a 84', 'Pedras 85 a 168', 'Pedras 169 a 252']);
    const secoes = container.querySelectorAll('.mapa-secao');
    expect(secoes).toHaveLength(9);
    // A two-column grid filled row by row: odd, even, odd, even...
    expect(numeros(secoes[0] as HTMLElement)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(numeros(secoes[4] as HTMLElement)).toEqual(Array.from({ length: 28 }, (_, i) => 113 + i));
    expect(numeros(secoes[8] as HTMLElement).at(-1)).toBe(252);
    expect(numeros(container)).toEqual(Array.from({ length: 252 }, (_, i) => i + 1));
  });

  it('makes free stalls green links to a new romaneio on that stall and day, occupied ones red with the occupant', () => {
    renderizar(mapa());
    const livre3 = pedra('Pedra 3: livre. Criar romaneio', 'link');
    expect(livre3).toHaveClass('pedra', 'pedra-livre');
    expect(livre3).toHaveAttribute('href', '/romaneiocreate?pedra=3&data=2024-05-02');
    expect(document.querySelectorAll('a[href]')).toHaveLength(249);

    const ana = pedra('Pedra 1: ocupada por Ana Produtora', 'img');
    expect(ana).toHaveClass('pedra-ocupada');
    expect(ana).not.toHaveClass('pedra-avulsa');
    expect(ana).toHaveAttribute('data-pr-tooltip', 'Ana Produtora');
    // Focusable, so the tooltip opens from the keyboard too.
    expect(ana).toHaveAttribute('tabindex', '0');
    const bruno = pedra('Pedra 100: ocupada por Bruno (avulsa)', 'img');
    expect(bruno).toHaveClass('pedra-ocupada', 'pedra-avulsa');
    expect(bruno).toHaveAttribute('data-pr-tooltip', 'Bruno (avulsa)');
  });

  it('shows free stalls as plain, unfocusable numbers to whoever may not create romaneios', () => {
    renderizar(mapa(), false);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    const l = pedra('Pedra 3: livre', 'img');
    expect(l).toHaveClass('pedra-livre');
    expect(l).not.toHaveAttribute('tabindex');
  });

  it('marks a stall missing from the register and lists stalls beyond 252 on their own row', () => {
    renderizar([...mapa([5]), livre(253)]);
    expect(pedra('Pedra 5: não cadastrada', 'img')).toHaveClass('pedra-ausente');
    const outras = screen.getByRole('group', { name: 'Outras pedras' });
    expect(within(outras).getByRole('link', { name: 'Pedra 253: livre. Criar romaneio' })).toHaveAttribute('href', novoRomaneio('253', '2024-05-02'));
  });
});

describe('stall page helpers', () => {
  it('opens on today when it is a market day, otherwise on the next one', () => {
    // Monday 2024-05-06, Tuesday 07, Thursday 09, Friday 10.
    expect(diaDoMapa(new Date(2024, 4, 6, 15, 30), [1, 4])).toBe('2024-05-06');
    expect(diaDoMapa(new Date(2024, 4, 7), [1, 4])).toBe('2024-05-09');
    expect(diaDoMapa(new Date(2024, 4, 10), [1, 4])).toBe('2024-05-13');
    expect(diaDoMapa(new Date(2024, 11, 31), [4])).toBe('2025-01-02');
    expect(diaDoMapa(new Date(2024, 4, 7), [])).toBe('2024-05-07');
  });

  it('groups the report as the spec lists, every stall once', () => {
    expect(GRUPOS_RELATORIO.flatMap(([de, ate]) => Array.from({ length: ate - de + 1 }, (_, i) => de + i))).toEqual(
      Array.from({ length: 252 }, (_, i) => i + 1),
    );
  });

  it('shows the commercialised fraction as a percentage with 2 decimals', () => {
    expect(porcentagem(0.3505)).toBe('35,05%');
    expect(porcentagem(1)).toBe('100,00%');
    expect(porcentagem(0)).toBe('0,00%');
    expect(porcentagem(null)).toBe('');
  });
});
