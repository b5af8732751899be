import { perguntar } from '../../lib/confirmacao';

/**
 * The gate's and the correction's guard rails as one question: the list of what deserves a
 * second look, 'Salvar' or 'Voltar' (focus on 'Voltar'). True when the clerk saves anyway.
 */
export function confirmarAvisos(header: string, avisos: string[], testId: string): Promise<boolean> {
  return perguntar(
    <div data-testid={testId}>
      <ul className="romaneio-avisos">
        {avisos.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      <p>Salvar assim mesmo?</p>
    </div>,
    { header, acceptLabel: 'Salvar', rejectLabel: 'Voltar' },
  );
}
