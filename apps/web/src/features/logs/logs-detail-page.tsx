import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { conteudoParaYaml, formatDateTime, type Log } from '@ceasa/shared';
import { FormPage } from '../../components/form/form-page';
import { api } from '../../lib/api-client';

/** Read-only detail: the audit content as YAML-like text, and the previous values on updates. */
export default function LogsDetailPage() {
  const { id } = useParams();
  const q = useQuery({ queryKey: ['registro', 'logs', id], queryFn: () => api<Log>(`logs/${id}`), retry: false });
  const l = q.data;
  return (
    <FormPage titulo={`Log ${id}`} caminhoDaLista="/logs" carregando={q.isLoading} erroCarregar={q.error as Error | null} onRetry={() => q.refetch()}>
      {l && (
        <dl className="detail-list">
          <dt>Usuário</dt>
          <dd>{l.usuario}</dd>
          <dt>Updated</dt>
          <dd>{formatDateTime(l.updated)}</dd>
          <dt>Cadastro</dt>
          <dd>
            {l.cadastro} {l.cadastroId}
          </dd>
          <dt>Ação</dt>
          <dd>{l.acao}</dd>
          <dt>Conteúdo</dt>
          <dd>
            <pre className="yaml">{conteudoParaYaml(l.conteudo)}</pre>
          </dd>
          {l.conteudoAnterior && (
            <>
              <dt>Conteúdo anterior</dt>
              <dd>
                <pre className="yaml">{conteudoParaYaml(l.conteudoAnterior)}</pre>
              </dd>
            </>
          )}
        </dl>
      )}
    </FormPage>
  );
}
