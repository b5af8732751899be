import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { MSG_VERSAO_DESATUALIZADA } from '@ceasa/shared';
import { ApiError } from '../../lib/api-client';

/** Whether a save was refused because someone else saved the record since it was opened (409, decision 0085). */
export const versaoDesatualizada = (err: unknown) => err instanceof ApiError && err.status === 409 && err.message === MSG_VERSAO_DESATUALIZADA;

/** The `versao` a record was loaded with, to send back on its save (none: the save is not checked). */
export const versaoDe = (registro: unknown): { versao?: number } => {
  const v = (registro as { versao?: unknown } | null | undefined)?.versao;
  return typeof v === 'number' ? { versao: v } : {};
};

/** The form's notice after a stale save: the server's message and a button that reloads the record into the form. */
export function AvisoVersaoDesatualizada({ onRecarregar, recarregando }: { onRecarregar: () => void; recarregando?: boolean }) {
  return (
    <div className="error-panel" role="alert" data-testid="versao-desatualizada">
      <Message severity="warn" text={MSG_VERSAO_DESATUALIZADA} />
      <Button type="button" label="Recarregar" icon="pi pi-refresh" outlined loading={recarregando} onClick={onRecarregar} />
    </div>
  );
}
