import { Message } from 'primereact/message';
import { PublicShell } from '../../components/layout/PublicShell';
import { useAuth } from '../../lib/auth';
import { CotacaoTable } from './cotacao-table';
import './home.css';

export const AVISO_SEM_PERFIL =
  'Desculpe, mas ainda não foi atribuído perfil para o seu usuário. Favor entrar em contato com a TI da prefeitura para ajuste.';

/** Public quotation page; a signed-in user without a profile also sees the notice. */
export default function HomePage() {
  const { sessao, grupo } = useAuth();
  return (
    <PublicShell>
      {sessao && grupo === null && <Message severity="warn" text={AVISO_SEM_PERFIL} className="w-full mb-3" />}
      <CotacaoTable />
    </PublicShell>
  );
}
