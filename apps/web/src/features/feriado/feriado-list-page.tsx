import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { useState, type FormEvent } from 'react';
import { feriadoRecurso, type Feriado } from '@ceasa/shared';
import { ListaDoRecurso } from '../../components/resource-list/lista-do-recurso';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../lib/toast';
import { useAcao } from '../../lib/use-acao';

/** 'Feriados nacionais': the national holidays of a year, computed by the server (POST feriado/nacionais); the dates already there stay. */
function FeriadosNacionais() {
  const [aberto, setAberto] = useState(false);
  const [ano, setAno] = useState<number | null>(new Date().getFullYear());
  const toast = useToast();
  const nacionais = useAcao({ erro: { titulo: 'Erro ao preencher!' }, reler: 'feriado' });
  const preencher = async (e: FormEvent) => {
    e.preventDefault();
    if (!ano) return;
    await nacionais.executar(
      true,
      () => api<{ incluidos: Feriado[]; existentes: number }>('feriado/nacionais', { method: 'POST', body: { ano } }),
      (r) => {
        toast.show(
          'success',
          'Feriados nacionais',
          `${r.incluidos.length} feriado(s) nacional(is) de ${ano} incluído(s); ${r.existentes} já cadastrado(s).`,
          6000,
        );
        setAberto(false);
      },
    );
  };
  return (
    <>
      <Button label="Feriados nacionais" icon="pi pi-calendar-plus" outlined onClick={() => setAberto(true)} />
      <Dialog header="Feriados nacionais" visible={aberto} onHide={() => setAberto(false)} style={{ width: '24rem' }}>
        <form onSubmit={(e) => void preencher(e)}>
          <div className="field">
            <label htmlFor="ano-nacionais">Ano</label>
            <InputNumber
              inputId="ano-nacionais"
              value={ano}
              onValueChange={(e) => setAno(e.value ?? null)}
              useGrouping={false}
              min={1900}
              max={2199}
              autoFocus
            />
          </div>
          <p className="muted">
            Inclui os feriados nacionais do ano (Carnaval, Sexta-feira Santa e Corpus Christi calculados pela Páscoa). Os municipais são digitados.
          </p>
          <Button type="submit" label="Preencher" icon="pi pi-check" loading={!!nacionais.ocupado} disabled={!ano} />
        </form>
      </Dialog>
    </>
  );
}

/** The declaration's list, and 'Feriados nacionais' for who may create. */
export default function FeriadoListPage() {
  const { pode } = useAuth();
  return <ListaDoRecurso<Feriado> recurso={feriadoRecurso} headerActions={() => (pode('feriado', 'criar') ? <FeriadosNacionais /> : null)} />;
}
