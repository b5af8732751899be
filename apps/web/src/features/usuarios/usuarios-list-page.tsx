import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatDateTime, NOME_PAPEL, ROLES, type Usuario, usuariosRecurso } from '@ceasa/shared';
import { ResourceList, type ListColumn } from '../../components/resource-list/resource-list';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { perguntar } from '../../lib/confirmacao';
import { useModoDeEntrada } from '../../lib/settings';
import { useToast } from '../../lib/toast';
import { relerListas } from '../../lib/listas';

/** The users' columns: name, e-mail, roles, status and creation. */
const COLUNAS: ListColumn<Usuario>[] = [
  { field: 'nome', header: 'Nome', filter: 'text' },
  { field: 'email', header: 'E-mail', filter: 'text' },
  {
    field: 'roles',
    header: 'Perfis',
    sortable: false,
    filter: { options: ROLES.map((r) => ({ label: r, value: r })) },
    body: (u) => (u.roles.length ? u.roles.map((r) => <Tag key={r} value={r} className="mr-1" />) : <span className="muted">Sem perfil</span>),
    csv: (u) => u.roles.join(', '),
  },
  {
    field: 'ativo',
    header: 'Situação',
    filter: {
      options: [
        { label: 'Ativo', value: 'true' },
        { label: 'Inativo', value: 'false' },
      ],
    },
    body: (u) => <Tag severity={u.ativo ? 'success' : 'danger'} value={u.ativo ? 'Ativo' : 'Inativo'} />,
    csv: (u) => (u.ativo ? 'Ativo' : 'Inativo'),
  },
  { field: 'criadoEm', header: 'Criado em', body: (u) => formatDateTime(u.criadoEm) },
];

/** Send a password-reset e-mail, and (the super-admin) remove someone's second factor. */
function useAcoesDaConta() {
  const toast = useToast();
  const enviarReset = async (u: Usuario) => {
    try {
      await api(`usuarios/${u.id}/reset`, { method: 'POST' });
      toast.show('success', 'Email enviado com sucesso', u.email);
    } catch (err) {
      toast.show('error', 'Erro ao enviar e-mail', (err as ApiError).message);
    }
  };

  /** The super-admin removes someone's second factor (a lost phone and codes): the person enrols again at the next sign-in. */
  const redefinirFator = async (u: Usuario) => {
    const sim = await perguntar(`Redefinir a verificação em duas etapas de ${u.email}? As sessões dessa pessoa serão encerradas.`, { perigo: true });
    if (!sim) return;
    try {
      await api(`usuarios/${u.id}/segundo-fator`, { method: 'DELETE' });
      toast.show('success', 'Verificação em duas etapas redefinida', u.email);
    } catch (err) {
      toast.show('error', 'Erro ao redefinir a verificação', (err as ApiError).message);
    }
  };
  return { enviarReset, redefinirFator };
}

/** Super-admin screen: give or take roles, enable/disable, send a password-reset e-mail. */
export default function UsuariosListPage() {
  const perfis = useEdicaoDePerfis();
  const { pode, sessao } = useAuth();
  const superAdmin = Boolean(sessao?.perfilUser.includes('super-admin'));
  const modo = useModoDeEntrada();
  const { enviarReset, redefinirFator } = useAcoesDaConta();

  return (
    <>
      <ResourceList<Usuario>
        recurso={usuariosRecurso}
        columns={COLUNAS}
        rowActions={(u) =>
          pode('usuarios', 'editar') && (
            <>
              <Button icon="pi pi-user-edit" rounded text aria-label={`Editar perfis de ${u.email}`} onClick={() => perfis.abrir(u)} />
              {/* In external identity mode the passwords are the provider's: no reset e-mail from here. */}
              {modo === 'senha' && (
                <Button icon="pi pi-envelope" rounded text aria-label={`Enviar redefinição de senha para ${u.email}`} onClick={() => enviarReset(u)} />
              )}
              {modo === 'senha' && superAdmin && (
                <Button
                  icon="pi pi-shield"
                  rounded
                  text
                  aria-label={`Redefinir verificação em duas etapas de ${u.email}`}
                  onClick={() => void redefinirFator(u)}
                />
              )}
            </>
          )
        }
      />
      <PerfisDoUsuario e={perfis} />
    </>
  );
}

/** The account whose roles and status are being edited (the dialog), and their save. */
function useEdicaoDePerfis() {
  const [editando, setEditando] = useState<Usuario | null>(null);
  const [roles, setRoles] = useState<string[]>([]);
  const [ativo, setAtivo] = useState(true);
  const [salvando, setSalvando] = useState(false);
  const toast = useToast();
  const qc = useQueryClient();

  const abrir = (u: Usuario) => {
    setEditando(u);
    setRoles(u.roles);
    setAtivo(u.ativo);
  };

  const salvar = async () => {
    if (!editando) return;
    setSalvando(true);
    try {
      await api(`usuarios/${editando.id}`, { method: 'PUT', body: { roles, ativo } });
      toast.show('success', 'Cadastro atualizado!', `${editando.email} atualizado com sucesso`, 2000);
      setEditando(null);
      await relerListas(qc, 'usuarios');
    } catch (err) {
      toast.show('error', 'Erro ao editar usuário!', (err as ApiError).message);
    } finally {
      setSalvando(false);
    }
  };
  return { editando, abrir, fechar: () => setEditando(null), roles, setRoles, ativo, setAtivo, salvando, salvar };
}

/** The dialog of one account's roles and status, saved together. */
function PerfisDoUsuario({ e }: { e: ReturnType<typeof useEdicaoDePerfis> }) {
  const { roles, setRoles, ativo, setAtivo } = e;
  return (
    <Dialog
      header={`Perfis de ${e.editando?.email ?? ''}`}
      visible={!!e.editando}
      onHide={e.fechar}
      style={{ width: '32rem' }}
      breakpoints={{ '640px': '100vw' }}
      footer={<Button label="Salvar" icon="pi pi-check" onClick={e.salvar} loading={e.salvando} />}
    >
      <fieldset className="plain-fieldset">
        <legend>Perfis</legend>
        {ROLES.map((r) => (
          <div key={r} className="field-checkbox">
            <Checkbox
              inputId={`role-${r}`}
              checked={roles.includes(r)}
              onChange={(e) => setRoles((rs) => (e.checked ? [...rs, r] : rs.filter((x) => x !== r)))}
            />
            <label htmlFor={`role-${r}`}>{NOME_PAPEL[r]}</label>
          </div>
        ))}
      </fieldset>
      <div className="field-checkbox">
        <InputSwitch inputId="usuario-ativo" checked={ativo} onChange={(e) => setAtivo(!!e.value)} />
        <label htmlFor="usuario-ativo">Conta ativa</label>
      </div>
    </Dialog>
  );
}
