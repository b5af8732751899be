import { z } from 'zod';
import { declararRecurso } from '../recurso';

/** A scheduled backup's run (read-only: written by the server that made it). */
export const backupRegistro = z.object({
  id: z.number().int(),
  agendadoPara: z.string(),
  servidor: z.string(),
  inicio: z.string(),
  fim: z.string().nullable(),
  arquivo: z.string().nullable(),
  bytes: z.number().nullable(),
  erro: z.string().nullable(),
});
export type Backup = z.infer<typeof backupRegistro>;

/** What a run came to: written, failed, or still running (or cut short by a stop). */
export function situacaoDoBackup(b: Pick<Backup, 'fim' | 'erro'>): 'Gravado' | 'Falhou' | 'Em andamento' {
  return b.erro ? 'Falhou' : b.fim ? 'Gravado' : 'Em andamento';
}

/** The scheduled backups (BACKUP_DIR): the super-admin's read-only list of the last runs, their size and failures. */
export const backupsRecurso = declararRecurso({
  rota: 'backups',
  nome: { singular: 'Backup', plural: 'Backups', genero: 'm' },
  icone: 'pi pi-database',
  menu: 'Backups',
  api: { registro: backupRegistro },
  ordem: { campo: 'id', dir: 'desc' },
  rotulos: { vazio: 'Nenhum backup agendado registrado' },
  // The situation, the file's name and its size are drawn by the feature (backups-list-page.tsx).
  campos: {
    inicio: { rotulo: 'Início', formato: 'dataHora' },
    fim: { rotulo: 'Fim', formato: 'dataHora', filtro: false },
    erro: { rotulo: 'Situação', filtro: false },
    arquivo: { rotulo: 'Arquivo' },
    bytes: { rotulo: 'Tamanho' },
    servidor: { rotulo: 'Servidor', relatorio: false },
  },
  lista: { relatorio: {} },
});
