import { type Backup, backupRecurso, formatDateTime, situacaoDoBackup } from '@ceasa/shared';
import { ResourceList } from '../../components/resource-list/resource-list';

/** A file's size as a person reads it (pt-BR decimals). */
export function tamanhoDoArquivo(bytes: number | null): string {
  if (bytes === null) return '';
  const [v, u] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${u}`;
}

const nome = (arquivo: string | null) => arquivo?.split(/[\\/]/).pop() ?? '';

/** The scheduled backups' last runs (BACKUP_DIR): when, the file and its size, or why it failed. Read-only. */
export default function BackupsListPage() {
  return (
    <ResourceList<Backup>
      recurso={backupRecurso}
      semRemover
      columns={[
        { field: 'inicio', header: 'Início', filter: 'date', body: (b) => formatDateTime(b.inicio) },
        { field: 'fim', header: 'Fim', body: (b) => formatDateTime(b.fim) },
        {
          field: 'erro',
          header: 'Situação',
          body: (b) => (b.erro ? `Falhou: ${b.erro}` : situacaoDoBackup(b)),
          csv: (b) => (b.erro ? `Falhou: ${b.erro}` : situacaoDoBackup(b)),
        },
        { field: 'arquivo', header: 'Arquivo', filter: 'text', body: (b) => nome(b.arquivo), csv: (b) => b.arquivo ?? '' },
        { field: 'bytes', header: 'Tamanho', body: (b) => tamanhoDoArquivo(b.bytes), csv: (b) => b.bytes ?? '' },
        { field: 'servidor', header: 'Servidor', filter: 'text' },
      ]}
      relatorio={{
        vazio: 'Nenhum backup agendado registrado',
        colunas: [
          { header: 'Início', cell: (b) => formatDateTime(b.inicio) },
          { header: 'Fim', cell: (b) => formatDateTime(b.fim) },
          { header: 'Situação', cell: (b) => (b.erro ? `Falhou: ${b.erro}` : situacaoDoBackup(b)) },
          { header: 'Arquivo', cell: (b) => nome(b.arquivo) },
          { header: 'Tamanho', cell: (b) => tamanhoDoArquivo(b.bytes) },
        ],
      }}
    />
  );
}
