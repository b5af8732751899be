import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { Link } from 'react-router';
import { CATEGORIAS_PESSOAIS, formatDate, incidenteEntrada, type CategoriaPessoal, type Incidente } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import './privacidade.css';

const VAZIO = { detectadoEm: '', descricao: '', categorias: [] as CategoriaPessoal[], titularesAfetados: '', medidas: '' };
type FormIncidente = typeof VAZIO;

/** The incidents' list, the form being filled (a new one, or a correction of `editando`) and the notification shown. */
function useIncidentes() {
  const toast = useToast();
  const qc = useQueryClient();
  const lista = useQuery({ queryKey: ['incidentes'], queryFn: () => api<Incidente[]>('incidentes') });
  const [form, setForm] = useState<FormIncidente | null>(null);
  const [editando, setEditando] = useState<number | null>(null);
  const [erros, setErros] = useState<Record<string, string>>({});
  const [notificacao, setNotificacao] = useState<string | null>(null);

  const abrir = (f: FormIncidente, id: number | null) => (setForm(f), setEditando(id), setErros({}));
  const salvar = async () => {
    if (!form) return;
    const corpo = { ...form, titularesAfetados: form.titularesAfetados === '' ? undefined : Number(form.titularesAfetados) };
    const v = incidenteEntrada.safeParse(corpo);
    if (!v.success) {
      const e: Record<string, string> = {};
      for (const i of v.error.issues) e[String(i.path[0])] ??= i.message;
      setErros(e);
      return;
    }
    try {
      await api(editando ? `incidentes/${editando}` : 'incidentes', { method: editando ? 'PUT' : 'POST', body: v.data });
      toast.show('success', editando ? 'Incidente corrigido' : 'Incidente registrado');
      setForm(null);
      await qc.invalidateQueries({ queryKey: ['incidentes'] });
    } catch (e) {
      if (e instanceof ApiError && e.body?.fieldErrors) setErros(Object.fromEntries(e.body.fieldErrors.map((f) => [f.field.split(/[.[]/)[0], f.message])));
      else toast.show('error', e instanceof ApiError ? e.message : 'Erro ao salvar o incidente');
    }
  };
  const imprimir = async (i: Incidente) => {
    const r = await api<Response>(`incidentes/${i.id}/notificacao`, { raw: true });
    setNotificacao(await r.text());
  };
  return { lista, form, setForm, editando, erros, notificacao, setNotificacao, abrir, salvar, imprimir };
}

/** The incident's fields: when it was detected, what happened, the categories of data, how many holders, the measures. */
function FormularioDoIncidente({
  form,
  setForm,
  erros,
  salvar,
}: {
  form: FormIncidente;
  setForm: (mudar: (f: FormIncidente | null) => FormIncidente | null) => void;
  erros: Record<string, string>;
  salvar: () => Promise<void>;
}) {
  const campo = (k: keyof FormIncidente) => ({
    id: `incidente-${k}`,
    value: String(form[k]),
    'aria-invalid': erros[k] ? true : undefined,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => f && { ...f, [k]: e.target.value }),
  });
  const erro = (k: string) => erros[k] && <small className="p-error">{erros[k]}</small>;
  return (
    <div className="form-stack">
      <label htmlFor="incidente-detectadoEm">Detectado em</label>
      <input type="date" className="p-inputtext p-component" {...campo('detectadoEm')} />
      {erro('detectadoEm')}
      <label htmlFor="incidente-descricao">Descrição</label>
      <textarea rows={3} className="p-inputtext p-component" {...campo('descricao')} />
      {erro('descricao')}
      <fieldset>
        <legend>Categorias de dados afetadas</legend>
        {(Object.keys(CATEGORIAS_PESSOAIS) as CategoriaPessoal[]).map((c) => (
          <label key={c} style={{ display: 'block' }}>
            <input
              type="checkbox"
              checked={form.categorias.includes(c)}
              onChange={(e) => setForm((f) => f && { ...f, categorias: e.target.checked ? [...f.categorias, c] : f.categorias.filter((x) => x !== c) })}
            />{' '}
            {CATEGORIAS_PESSOAIS[c].rotulo}
          </label>
        ))}
      </fieldset>
      {erro('categorias')}
      <label htmlFor="incidente-titularesAfetados">Titulares afetados</label>
      <input inputMode="numeric" className="p-inputtext p-component" {...campo('titularesAfetados')} />
      {erro('titularesAfetados')}
      <label htmlFor="incidente-medidas">Medidas tomadas</label>
      <textarea rows={3} className="p-inputtext p-component" {...campo('medidas')} />
      {erro('medidas')}
      <Button type="button" label="Salvar" icon="pi pi-check" onClick={() => void salvar()} />
    </div>
  );
}

/**
 * /incidentes: security incidents with personal data (Res. CD/ANPD 15/2024): record one (its 3-business-day
 * deadline computed by the server), correct it (audited), print its notification. None is ever deleted.
 */
export default function IncidentesPage() {
  const { lista, form, setForm, editando, erros, notificacao, setNotificacao, abrir, salvar, imprimir } = useIncidentes();
  return (
    <div className="page">
      <div className="page-header">
        <h1>Incidentes de segurança</h1>
        <div className="titular-links">
          <Link to="/titular">Solicitações dos titulares</Link>
          <Button type="button" label="Registrar incidente" icon="pi pi-plus" onClick={() => abrir(VAZIO, null)} />
        </div>
      </div>
      <p>Cada incidente com dados pessoais é comunicado à ANPD e aos titulares em até 3 dias úteis e guardado por no mínimo 5 anos; nenhum é removido.</p>
      <DataTable value={lista.data ?? []} loading={lista.isLoading} emptyMessage="Nenhum incidente registrado" dataKey="id" size="small">
        <Column field="id" header="Nº" />
        <Column header="Detectado em" body={(i: Incidente) => formatDate(i.detectadoEm)} />
        <Column header="Prazo (ANPD e titulares)" body={(i: Incidente) => formatDate(i.prazo)} />
        <Column field="descricao" header="Descrição" />
        <Column field="titularesAfetados" header="Titulares" />
        <Column
          header="Ações"
          body={(i: Incidente) => (
            <div className="titular-acoes">
              <Button type="button" size="small" label="Notificação" outlined onClick={() => void imprimir(i)} />
              <Button
                type="button"
                size="small"
                label="Corrigir"
                outlined
                onClick={() =>
                  abrir(
                    {
                      detectadoEm: i.detectadoEm,
                      descricao: i.descricao,
                      categorias: i.categorias,
                      titularesAfetados: String(i.titularesAfetados),
                      medidas: i.medidas,
                    },
                    i.id,
                  )
                }
              />
            </div>
          )}
        />
      </DataTable>
      <Dialog
        header={editando ? `Corrigir o incidente nº ${editando}` : 'Registrar incidente'}
        visible={!!form}
        onHide={() => setForm(null)}
        style={{ width: '44rem' }}
        breakpoints={{ '960px': '95vw' }}
      >
        {form && <FormularioDoIncidente form={form} setForm={setForm} erros={erros} salvar={salvar} />}
      </Dialog>
      <Dialog
        header="Comunicação do incidente"
        visible={notificacao !== null}
        onHide={() => setNotificacao(null)}
        style={{ width: '48rem' }}
        breakpoints={{ '960px': '95vw' }}
      >
        <pre className="incidente-notificacao" data-testid="incidente-notificacao">
          {notificacao}
        </pre>
        <Button type="button" label="Imprimir" icon="pi pi-print" onClick={() => window.print()} />
      </Dialog>
    </div>
  );
}
