import type { ApiError } from '../../lib/api-client';
import { perguntar, perguntasDoErro } from '../../lib/confirmacao';

/**
 * The server's questions of a romaneio save (its 409's `perguntas`, decision 0294) as one question: the list of what
 * deserves a second look, 'Salvar' or 'Voltar' (focus on 'Voltar'). True when the clerk saves anyway.
 */
export const confirmarAvisos = (header: string, testId: string) => (err: ApiError) =>
  perguntar(
    <div data-testid={testId}>
      <ul className="romaneio-avisos">
        {perguntasDoErro(err).map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <p>Salvar assim mesmo?</p>
    </div>,
    { header, acceptLabel: 'Salvar', rejectLabel: 'Voltar' },
  );
