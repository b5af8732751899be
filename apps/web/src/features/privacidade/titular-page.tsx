import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { TIPOS_DE_SOLICITACAO, diasEntre, formatDate, formatDateTime, hojeNoMercado, type TitularSolicitacao } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { baixar } from '../../lib/baixar';
import './privacidade.css';

/** Days left before a request's deadline under which it shows in red. */
const DIAS_DE_ALERTA = 3;

interface Leitura {
  id: number;
  usuario: string;
  em: string;
  cadastro: string;
  cadastroId: string;
}

/** The queue and the open request: the answer, a person's data (JSON or ZIP), who read it, and the anonymisation. */
function useTitular() {
  const toast = useToast();
  const qc = useQueryClient();
  const fila = useQuery({ queryKey: ['titular'], queryFn: () => api<TitularSolicitacao[]>('titular') });
  const [aberta, setAberta] = useState<TitularSolicitacao | null>(null);
  const [resposta, setResposta] = useState('');
  const [erro, setErro] = useState('');
  const [leituras, setLeituras] = useState<{ pessoa: string; linhas: Leitura[] } | null>(null);
  const [motivo, setMotivo] = useState('');
  const [enviando, setEnviando] = useState(false);

  const abrir = (s: TitularSolicitacao) => (setAberta(s), setResposta(s.resposta ?? ''), setErro(''));
  const responder = async () => {
    if (!aberta) return;
    setEnviando(true);
    setErro('');
    try {
      await api(`titular/solicitacoes/${aberta.id}/resposta`, { method: 'PUT', body: { resposta } });
      toast.show('success', 'Resposta enviada ao titular por e-mail');
      setAberta(null);
      setResposta('');
      await qc.invalidateQueries({ queryKey: ['titular'] });
    } catch (e) {
      setErro(e instanceof ApiError ? (e.body?.fieldErrors?.[0]?.message ?? e.message) : 'Não foi possível enviar a resposta.');
    } finally {
      setEnviando(false);
    }
  };
  const exportar = async (s: TitularSolicitacao, formato: 'json' | 'zip') => {
    try {
      const r = await api<Response>(`titular/dados/${s.cpfcnpj}`, { query: { formato }, raw: true });
      baixar(`dados-pessoa-${s.pessoaId}.${formato}`, await r.blob());
    } catch (e) {
      toast.show('error', e instanceof ApiError && e.status === 404 ? 'Pessoa não encontrada' : 'Erro ao exportar os dados');
    }
  };
  const verLeituras = async (s: TitularSolicitacao) => {
    const linhas = await api<Leitura[]>('titular/acessos', { query: { pessoaId: s.pessoaId } });
    setLeituras({ pessoa: s.pessoaNome ?? '', linhas });
  };
  const anonimizar = async () => {
    if (!aberta?.pessoaId) return;
    setErro('');
    try {
      await api('titular/anonimizar', { method: 'POST', body: { pessoaId: aberta.pessoaId, motivo } });
      toast.show('success', 'Pessoa anonimizada');
      await qc.invalidateQueries({ queryKey: ['titular'] });
      setMotivo('');
    } catch (e) {
      setErro(e instanceof ApiError ? (e.body?.fieldErrors?.[0]?.message ?? e.message) : 'Não foi possível anonimizar.');
    }
  };

  return {
    fila,
    aberta,
    abrir,
    fechar: () => setAberta(null),
    resposta,
    setResposta,
    erro,
    leituras,
    setLeituras,
    motivo,
    setMotivo,
    enviando,
    responder,
    exportar,
    verLeituras,
    anonimizar,
  };
}

/** The open request's dialog body: its data, the person's buttons, the answer and the anonymisation. */
function SolicitacaoAberta({ t, aberta }: { t: ReturnType<typeof useTitular>; aberta: TitularSolicitacao }) {
  return (
    <div className="form-stack">
      <p>
        <strong>{TIPOS_DE_SOLICITACAO[aberta.tipo]}</strong> - CPF/CNPJ {aberta.cpfcnpj} - {aberta.email} - prazo {formatDate(aberta.prazo)}
      </p>
      {aberta.texto && <p>{aberta.texto}</p>}
      {aberta.pessoaId ? (
        <div className="titular-acoes">
          <Button type="button" label="Dados (JSON)" icon="pi pi-download" outlined onClick={() => void t.exportar(aberta, 'json')} />
          <Button type="button" label="Dados (ZIP)" icon="pi pi-download" outlined onClick={() => void t.exportar(aberta, 'zip')} />
          <Button type="button" label="Quem leu" icon="pi pi-eye" outlined onClick={() => void t.verLeituras(aberta)} />
        </div>
      ) : (
        <p>Nenhuma pessoa cadastrada com este CPF/CNPJ.</p>
      )}
      <label htmlFor="titular-resposta">Resposta</label>
      <textarea
        id="titular-resposta"
        rows={6}
        className="p-inputtext p-component w-full"
        value={t.resposta}
        disabled={aberta.estado === 'respondida'}
        onChange={(e) => t.setResposta(e.target.value)}
      />
      {aberta.estado === 'pendente' && (
        <Button type="button" label="Enviar resposta" icon="pi pi-send" loading={t.enviando} onClick={() => void t.responder()} />
      )}
      {aberta.pessoaId && (
        <>
          <label htmlFor="titular-motivo">Motivo da anonimização</label>
          <input id="titular-motivo" className="p-inputtext p-component w-full" value={t.motivo} onChange={(e) => t.setMotivo(e.target.value)} />
          <Button type="button" label="Anonimizar a pessoa" icon="pi pi-user-minus" severity="danger" outlined onClick={() => void t.anonimizar()} />
        </>
      )}
      {t.erro && (
        <p role="alert" className="p-error">
          {t.erro}
        </p>
      )}
    </div>
  );
}

/**
 * /titular: the encarregado's queue of the holders' requests (type, person, state, deadline in red when near), the
 * answer (e-mailed and audited), a person's data (JSON or ZIP), who read it, and the anonymisation.
 */
export default function TitularPage() {
  const t = useTitular();
  const { fila, aberta, leituras } = t;
  const hoje = hojeNoMercado();

  const prazo = (s: TitularSolicitacao) => {
    const perto = s.estado === 'pendente' && diasEntre(hoje, s.prazo) <= DIAS_DE_ALERTA;
    return <span className={perto ? 'prazo-perto' : undefined}>{formatDate(s.prazo)}</span>;
  };
  return (
    <div className="page">
      <div className="page-header">
        <h1>Solicitações dos titulares</h1>
        <div className="titular-links">
          <Link to="/incidentes">Incidentes</Link>
          <a href="/privacidade">Aviso de privacidade</a>
        </div>
      </div>
      {fila.isError && <p className="p-error">Erro ao obter as solicitações</p>}
      <DataTable value={fila.data ?? []} loading={fila.isLoading} emptyMessage="Nenhuma solicitação" dataKey="id" size="small">
        <Column field="id" header="Nº" />
        <Column header="Tipo" body={(s: TitularSolicitacao) => TIPOS_DE_SOLICITACAO[s.tipo]} />
        <Column header="Pessoa" body={(s: TitularSolicitacao) => s.pessoaNome ?? 'Nenhuma pessoa com este CPF/CNPJ'} />
        <Column field="email" header="E-mail" />
        <Column header="Confirmada em" body={(s: TitularSolicitacao) => formatDateTime(s.confirmadaEm)} />
        <Column header="Prazo" body={prazo} />
        <Column
          header="Situação"
          body={(s: TitularSolicitacao) => (s.estado === 'pendente' ? 'Pendente' : `Respondida em ${formatDateTime(s.respondidaEm)}`)}
        />
        <Column
          header="Ações"
          body={(s: TitularSolicitacao) => (
            <Button type="button" label="Abrir" size="small" onClick={() => t.abrir(s)} aria-label={`Abrir a solicitação ${s.id}`} />
          )}
        />
      </DataTable>
      <Dialog
        header={aberta ? `Solicitação nº ${aberta.id}` : ''}
        visible={!!aberta}
        onHide={t.fechar}
        style={{ width: '48rem' }}
        breakpoints={{ '960px': '95vw' }}
      >
        {aberta && <SolicitacaoAberta t={t} aberta={aberta} />}
      </Dialog>
      <Dialog
        header={leituras ? `Quem leu os dados de ${leituras.pessoa}` : ''}
        visible={!!leituras}
        onHide={() => t.setLeituras(null)}
        style={{ width: '40rem' }}
      >
        <DataTable value={leituras?.linhas ?? []} emptyMessage="Nenhuma leitura registrada" size="small">
          <Column header="Quando" body={(l: Leitura) => formatDateTime(l.em)} />
          <Column field="usuario" header="Quem" />
          <Column header="O quê" body={(l: Leitura) => `${l.cadastro} ${l.cadastroId}`} />
        </DataTable>
      </Dialog>
    </div>
  );
}
