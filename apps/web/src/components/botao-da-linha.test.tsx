import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BotaoDaLinha } from './botao-da-linha';

afterEach(cleanup);

describe('BotaoDaLinha', () => {
  it('is a round icon button named for screen readers that runs its action', async () => {
    const acao = vi.fn();
    render(<BotaoDaLinha icon="pi pi-print" aria-label="Imprimir boletins do grupo Frutas" dica="Boletins do grupo" onClick={acao} />);
    const b = screen.getByRole('button', { name: 'Imprimir boletins do grupo Frutas' });
    expect(b).toHaveClass('p-button-rounded', 'p-button-text', 'p-button-icon-only');
    expect(b).not.toHaveAttribute('aria-busy');
    await userEvent.click(b);
    expect(acao).toHaveBeenCalledOnce();
  });

  it('says it is busy and takes no click while its action runs', () => {
    render(<BotaoDaLinha icon="pi pi-ticket" aria-label="Imprimir ticket 3" dica="Imprimir ticket" ocupado onClick={() => undefined} />);
    const b = screen.getByRole('button', { name: 'Imprimir ticket 3' });
    expect(b).toHaveAttribute('aria-busy', 'true');
    expect(b).toBeDisabled();
  });
});
