import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { anosRomaneio, dataEmissaoNosDias, formatDate, nomesDosDiasDeMercado } from '@ceasa/shared';
import { AvisoDiaSemMercado } from '../../components/aviso-dia-sem-mercado';
import { ehDataIso } from '../../components/form/mascaras';
import { useCalendarioDeMercado } from '../../lib/calendario';
import { EntradaData } from '../../components/form/entrada-data';
import type { RomaneioForm } from './romaneio-lote';

/** What the form asks the dates field on saving. */
export interface DatasAcoes {
  /** A date still typed in the field: its message (the save stops, the focus goes there); null when the field is empty. */
  pendente: () => string | null;
}

/**
 * The romaneio's dates section. Create: the 'no market today' notice (its 'Usar' picks the day it names) and the issue
 * dates (DatasDeMercado). Edit: the saved date, read-only.
 */
export function SecaoDatas(p: {
  control: Control<RomaneioForm>;
  editando: boolean;
  diasDeMercado: number[];
  acoes: Ref<DatasAcoes>;
  usar: (dia: string) => void;
}) {
  return (
    <>
      {!p.editando && <AvisoDiaSemMercado rotuloUsar="Usar" onUsar={p.usar} />}
      <Controller
        control={p.control}
        name="datas"
        render={({ field, fieldState }) =>
          p.editando ? (
            <div className="field">
              <label htmlFor="campo-datas">Data de Emissão</label>
              <InputText id="campo-datas" value={(field.value ?? []).map(formatDate).join(', ')} disabled />
            </div>
          ) : (
            <DatasDeMercado
              datas={field.value ?? []}
              onChange={field.onChange}
              erro={fieldState.error?.message}
              diasDeMercado={p.diasDeMercado}
              acoes={p.acoes}
            />
          )
        }
      />
    </>
  );
}

/**
 * The issue dates: a date typed (or picked) and included with Enter or 'Incluir data' (the field is
 * emptied and keeps the focus for the next), each shown with a button that removes it. Only market
 * days (settings' diasDeMercado) within the romaneio's years. A date left typed stops the save.
 */
function DatasDeMercado(p: { datas: string[]; onChange: (v: string[]) => void; erro?: string; diasDeMercado: number[]; acoes?: Ref<DatasAcoes> }) {
  const [texto, setTexto] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string>();
  const entrada = useRef<HTMLInputElement>(null);
  const anos = anosRomaneio();
  const dias = nomesDosDiasDeMercado(p.diasDeMercado);
  const { calendario } = useCalendarioDeMercado();
  const incluir = () => {
    const r = dataEmissaoNosDias(p.diasDeMercado, calendario).safeParse(texto ?? '');
    if (!r.success) return setAviso(r.error.issues[0].message);
    const d = r.data;
    if (p.datas.includes(d)) return setAviso(`${formatDate(d)} já foi incluída`);
    setAviso(undefined);
    setTexto(null);
    p.onChange([...p.datas, d].sort());
  };
  useImperativeHandle(p.acoes, () => ({
    pendente: () => {
      if (!texto) return null;
      const r = dataEmissaoNosDias(p.diasDeMercado, calendario).safeParse(texto);
      if (r.success && p.datas.includes(r.data)) {
        setTexto(null);
        return null;
      }
      const m = `A data ${formatDate(ehDataIso(texto) ? texto : null) || texto} foi digitada mas não incluída: tecle Enter para incluí-la ou apague-a`;
      setAviso(m);
      entrada.current?.focus();
      return m;
    },
  }));
  const erro = aviso ?? p.erro;
  return (
    <div className="field romaneio-datas">
      <label htmlFor="campo-data-nova">Datas de Emissão</label>
      <div
        className="romaneio-data-nova"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && (e.target as HTMLElement).id === 'campo-data-nova') {
            e.preventDefault();
            incluir();
          }
        }}
      >
        <EntradaData
          id="campo-data-nova"
          inputRef={entrada}
          value={texto}
          onChange={setTexto}
          diasDeMercado={p.diasDeMercado}
          yearRange={anos}
          aria-invalid={!!erro || undefined}
          aria-describedby={erro ? 'campo-datas-erro' : 'campo-datas-escolhidas'}
        />
        <Button type="button" label="Incluir data" icon="pi pi-plus" outlined onClick={incluir} />
      </div>
      <div id="campo-datas-escolhidas" className="romaneio-datas-escolhidas" aria-live="polite" data-testid="datas-escolhidas">
        {p.datas.length ? (
          <>
            <span className="muted">Escolhidas:</span>
            {p.datas.map((d) => (
              <Button
                key={d}
                type="button"
                label={formatDate(d)}
                icon="pi pi-times"
                iconPos="right"
                size="small"
                severity="secondary"
                outlined
                aria-label={`Remover a data ${formatDate(d)}`}
                onClick={() => p.onChange(p.datas.filter((x) => x !== d))}
              />
            ))}
          </>
        ) : (
          <span className="muted">Inclua uma ou mais datas de mercado ({dias})</span>
        )}
      </div>
      {erro && (
        <small id="campo-datas-erro" className="p-error" role="alert">
          {erro}
        </small>
      )}
    </div>
  );
}
