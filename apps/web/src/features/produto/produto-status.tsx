import './produto.css';

/** ATIVO in green, anything else in red (colours with AA contrast on white text). */
export function StatusTag({ status }: { status: string }) {
  const ativo = status?.toUpperCase() === 'ATIVO';
  return <span className={`status-tag ${ativo ? 'status-ativo' : 'status-inativo'}`}>{status}</span>;
}
