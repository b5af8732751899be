import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { conviteInput, formatDateTime, type ConviteCriado, type PortalDaPessoa } from '@ceasa/shared';
import { TextField } from '../../components/form/fields';
import { api, type ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';

/** The invitation's form: only the e-mail (the person is the record's), with the server's own rule and message. */
const emailDoConvite = conviteInput.pick({ email: true });
type EmailDoConvite = { email: string };

/** A person's portal account and invitations, as the desk sees them on his record. */
const chave = (pessoaId: number) => ['portal-convites', pessoaId];

/**
 * 'Portal do produtor' on a person's record (docs/produto/portal.md 'Accounts'): whether he has a portal account (its
 * e-mail, since when, how he got it) or an invitation waiting, and, for whoever may edit people, 'Convidar para o
 * portal', which mails him the link (POST /api/portal/convites).
 */
export function PortalDoProdutor({ pessoaId }: { pessoaId: number }) {
  const { pode } = useAuth();
  const qc = useQueryClient();
  const [aberto, setAberto] = useState(false);
  const q = useQuery({ queryKey: chave(pessoaId), queryFn: () => api<PortalDaPessoa>('portal/convites', { query: { pessoaId } }) });
  const conta = q.data?.conta ?? null;
  const agora = Date.now();
  const pendente = q.data?.convites.find((c) => !c.aceitoEm && new Date(c.expiraEm).getTime() > agora);

  return (
    <section className="card portal-do-produtor" aria-labelledby="portal-do-produtor-titulo">
      <h2 id="portal-do-produtor-titulo">Portal do produtor</h2>
      {q.isLoading ? (
        <ProgressSpinner style={{ width: 32, height: 32 }} aria-label="Carregando o portal do produtor" />
      ) : q.isError ? (
        <Message severity="error" text={`Não foi possível ler a conta do portal: ${(q.error as ApiError).message}`} />
      ) : conta ? (
        <p data-testid="portal-conta">
          Tem conta no portal: <strong>{conta.email}</strong>, desde {formatDateTime(conta.criadaEm)}
          {conta.origem === 'govbr' ? ' (entrou com gov.br)' : ' (pelo convite)'}.{!conta.ativo && ' A conta está desativada.'}
        </p>
      ) : pendente ? (
        <p data-testid="portal-convite">
          Convite enviado para <strong>{pendente.email}</strong> em {formatDateTime(pendente.criadoEm)}, válido até {formatDateTime(pendente.expiraEm)}.
        </p>
      ) : (
        <p data-testid="portal-sem-conta">Ainda não tem conta no portal.</p>
      )}
      {q.isSuccess && !conta && pode('pessoa', 'editar') && (
        <Button type="button" label="Convidar para o portal" icon="pi pi-send" outlined onClick={() => setAberto(true)} />
      )}
      <Dialog header="Convidar para o portal" visible={aberto} onHide={() => setAberto(false)} style={{ width: '28rem' }} breakpoints={{ '640px': '100vw' }}>
        {aberto && (
          <FormularioDoConvite
            pessoaId={pessoaId}
            sugestao={pendente?.email ?? ''}
            onEnviado={() => {
              setAberto(false);
              void qc.invalidateQueries({ queryKey: chave(pessoaId) });
            }}
          />
        )}
      </Dialog>
    </section>
  );
}

function FormularioDoConvite(p: { pessoaId: number; sugestao: string; onEnviado: () => void }) {
  const toast = useToast();
  const { control, handleSubmit, formState } = useForm<EmailDoConvite>({ resolver: zodResolver(emailDoConvite), defaultValues: { email: p.sugestao } });
  const enviar = handleSubmit(async ({ email }) => {
    try {
      const c = await api<ConviteCriado>('portal/convites', { method: 'POST', body: { pessoaId: p.pessoaId, email } });
      toast.show('success', `Convite enviado para ${c.email}.`);
      p.onEnviado();
    } catch (err) {
      toast.show('error', 'Convite não enviado', (err as ApiError).message);
    }
  });
  return (
    <form onSubmit={enviar} noValidate className="form-stack">
      <p>O produtor recebe por e-mail um link para criar a sua senha e entrar no portal.</p>
      <TextField control={control} name="email" label="E-mail do produtor" type="email" autoFocus maxLength={254} />
      <Button type="submit" label="Enviar convite" icon="pi pi-send" loading={formState.isSubmitting} />
    </form>
  );
}
