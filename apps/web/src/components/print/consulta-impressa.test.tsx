import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsultaImpressa } from './print-dialog';

afterEach(cleanup);

const consulta = (q: Partial<UseQueryResult<string[]>>) => q as UseQueryResult<string[]>;
const desenhar = (q: Partial<UseQueryResult<string[]>>) =>
  render(
    <ConsultaImpressa q={consulta(q)} erro="Erro ao obter boletins">
      {(linhas) => <p>{linhas.length ? linhas.join(', ') : 'Nenhum boletim'}</p>}
    </ConsultaImpressa>,
  );

describe('ConsultaImpressa', () => {
  it("says 'Carregando...' until the report's data comes, then draws it (an empty answer too)", () => {
    desenhar({ isPending: true, isError: false });
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    cleanup();
    desenhar({ isPending: false, isError: false, data: [] });
    expect(screen.getByText('Nenhum boletim')).toBeInTheDocument();
    cleanup();
    desenhar({ isPending: false, isError: false, data: ['Boletim 1', 'Boletim 2'] });
    expect(screen.getByText('Boletim 1, Boletim 2')).toBeInTheDocument();
  });

  it("says a refusal in words with the server's message, never an empty report", () => {
    desenhar({ isPending: false, isError: true, error: new Error('Você não tem permissão para esta ação.') });
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao obter boletins: Você não tem permissão para esta ação.');
    expect(screen.queryByText('Nenhum boletim')).toBeNull();
  });
});
