import { Button } from 'primereact/button';
import { type Backup, backupsRecurso, formatTamanho, situacaoDoBackup } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { perguntar } from '../../lib/confirmacao';
import { useToast } from '../../lib/toast';
import { useAcao } from '../../lib/use-acao';

const nome = (arquivo: string | null) => arquivo?.split(/[\\/]/).pop() ?? '';

/** What the person is told before a backup on demand. */
export const AVISO_DO_BACKUP =
  'Enquanto o backup é gravado, o sistema fica mais lento; no banco embutido ele fica parado até o fim, o que num banco grande leva minutos. Prefira fora do horário do mercado. Fazer o backup agora?';

/**
 * 'Fazer backup agora' (POST backups, the route's 'criar'): one backup now on the server, as the scheduled one; the
 * button waits for the file, then names it and the list reloads. A refusal (no BACKUP_DIR, one already running) is its pt-BR message.
 */
function BackupAgora() {
  const toast = useToast();
  const backup = useAcao({ erro: { titulo: 'Backup não feito', ms: 8000 }, reler: 'backups', relerNoErro: true });
  const fazer = async () => {
    // On the embedded database the backup holds the only connection until it ends (docs/performance.md): asked first.
    if (!(await perguntar(AVISO_DO_BACKUP, { header: 'Fazer backup agora', acceptLabel: 'Fazer backup', rejectLabel: 'Cancelar', icone: 'pi pi-save' })))
      return;
    await backup.executar(true, async () => {
      const b = await api<Backup>('backups', { method: 'POST' });
      toast.show('success', 'Backup gravado', `Arquivo ${nome(b.arquivo)} (${formatTamanho(b.bytes)}).`, 6000);
    });
  };
  return <Button label="Fazer backup agora" icon="pi pi-save" loading={!!backup.ocupado} disabled={!!backup.ocupado} onClick={() => void fazer()} />;
}

/** The declaration's list of the last runs, the situation, file name and size in words; 'Fazer backup agora' with the permission. */
export default function BackupsListPage() {
  const { pode } = useAuth();
  const situacao = (b: Backup) => (b.erro ? `Falhou: ${b.erro}` : situacaoDoBackup(b));
  return (
    <ListaDoRecurso<Backup>
      recurso={backupsRecurso}
      headerActions={() => (pode('backups', 'criar') ? <BackupAgora /> : null)}
      colunas={{
        erro: { body: situacao, csv: situacao },
        arquivo: { body: (b) => nome(b.arquivo), csv: (b) => b.arquivo ?? '' },
        bytes: { body: (b) => formatTamanho(b.bytes), csv: (b) => b.bytes ?? '' },
      }}
    />
  );
}
