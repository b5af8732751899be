import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paraIso } from '../../components/form/mascaras';
import { HistoricoChart, passoRedondo } from './historico-chart';

describe('HistoricoChart', () => {
  const pontos = [
    { data: '2026-03-01', valorMinimo: 12, valorMedio: 25, valorMaximo: 38 },
    { data: '2026-01-15', valorMinimo: 10, valorMedio: 20, valorMaximo: 30 },
    { data: '2026-03-20', valorMinimo: 18, valorMedio: 46, valorMaximo: 70 },
  ];

  it('draws min, average and max lines with round R$ ticks and dd/mm labels (no time-zone shift)', () => {
    const { container, getByRole } = render(<HistoricoChart pontos={pontos} titulo="Histórico de preços de Tomate" />);
    const svg = getByRole('img', { name: /Histórico de preços de Tomate/ });
    expect(svg).toHaveAccessibleDescription(/3 dia\(s\) com preço entre 15\/01\/2026 e 20\/03\/2026/);
    expect(container.querySelectorAll('path')).toHaveLength(4); // band + 3 lines
    expect(container.querySelectorAll('circle')).toHaveLength(3);
    const textos = [...container.querySelectorAll('text')].map((t) => t.textContent?.replace(/\u00a0/g, ' '));
    expect(textos).toEqual(expect.arrayContaining(['R$ 0,00', 'R$ 20,00', 'R$ 80,00', '15/01', '20/03']));
    // The points come out in date order whatever the input order.
    const cx = [...container.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cx')));
    expect([...cx].sort((a, b) => a - b)).toEqual(cx);
  });

  it('shows a single day as dots, with room around the value', () => {
    const { container } = render(<HistoricoChart pontos={[{ data: '2026-03-20', valorMinimo: 5, valorMedio: 5, valorMaximo: 5 }]} titulo="Um dia" />);
    expect(container.querySelectorAll('path')).toHaveLength(0);
    expect(container.querySelectorAll('circle')).toHaveLength(3);
  });
});

describe('helpers', () => {
  it('passoRedondo gives 1/2/2.5/5 × 10^n', () => {
    expect(passoRedondo(14.5)).toBe(20);
    expect(passoRedondo(0.3)).toBeCloseTo(0.5);
    expect(passoRedondo(2.2)).toBe(2.5);
    expect(passoRedondo(7)).toBe(10);
  });
  it('paraIso accepts only real calendar days', () => {
    expect(paraIso('21/11/2026')).toBe('2026-11-21');
    expect(paraIso('31/02/2026')).toBeNull();
    expect(paraIso('21/11/26')).toBeNull();
  });
});

describe('constantes of /home', () => {
  it('equal the shared ones (copied to keep zod out of the public page)', async () => {
    const shared = await import('@ceasa/shared');
    const c = await import('./constantes');
    expect(c.LINHAS_PRECOS).toBe(shared.PAGE_SIZE);
    expect(c.MAX_LINHAS_RELATORIO).toBe(shared.MAX_PAGE_SIZE);
    expect(c.HISTORICO_DIAS).toBe(shared.PRECO_HISTORICO_DIAS);
  });
});
