import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { lazy, Suspense, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { formatChaveNfe, lerChaveNfe, mesDaChaveDepois, NFE_MAX_CHAVES, NFE_MSG, notaDaChave, problemaDaChave } from '@ceasa/shared';

/** The camera reader and its barcode library: fetched only when the clerk asks for the camera. */
const LeitorCamera = lazy(() => import('./leitor-camera'));

/** Why a key may not be added (the shared rules, the earliest issue date's month, a key already in the list), or null. */
export function recusaDaChave(chave: string, chaves: readonly string[], datas: readonly string[]): string | null {
  const problema = problemaDaChave(chave);
  if (problema) return problema;
  const primeira = [...datas].sort()[0];
  const mes = primeira ? mesDaChaveDepois(chave, primeira) : null;
  if (mes) return mes;
  if (chaves.includes(chave)) return NFE_MSG.repetida;
  return chaves.length >= NFE_MAX_CHAVES ? NFE_MSG.maximo : null;
}

/** What the form asks the keys field on saving. */
export interface ChavesAcoes {
  /**
   * Text left in the field: added when it is a complete, valid key (null: nothing left); else its message (the save
   * stops, the field is selected). Null when the field is empty.
   */
  pendente: () => string | null;
}

/** The message on the field of a key typed (or read) but not added, naming it and why. */
export const chaveNaoAdicionada = (texto: string, recusa: string) =>
  `A chave ${texto} foi digitada mas não adicionada (${recusa.replace(/\.$/, '')}): corrija-a e tecle Enter, ou apague-a`;

/**
 * The producer's NF-e access keys: typed, or read by a USB barcode reader (which types the 44 digits and
 * Enter at full speed: Enter adds the key and never submits the form), or by the phone's camera ('Ler com a câmera').
 * Each key is checked as it is added (the same rules the server applies) and listed with its invoice number and series.
 * A refused key stays in the field, selected, so the reader's next scan replaces it; a key left in the field is added
 * at the save when it is valid, and stops the save otherwise (`acoes.pendente`): never dropped.
 */
export function CampoChavesNfe(p: {
  value: string[];
  onChange: (v: string[]) => void;
  datas: readonly string[];
  erro?: string;
  disabled?: boolean;
  acoes?: Ref<ChavesAcoes>;
}) {
  const [camera, setCamera] = useState(false);
  const { aviso, entrada, adicionar } = useChaves(p);
  const erro = aviso ?? p.erro;
  return (
    <div className="field campo-chaves-nfe">
      <label htmlFor="campo-chave-nfe">Chaves de acesso NF-e</label>
      <div className="campo-chaves-nfe-entrada">
        <InputText
          id="campo-chave-nfe"
          ref={entrada}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={60}
          disabled={p.disabled}
          placeholder="Digite ou leia os 44 dígitos e Enter"
          aria-invalid={erro ? true : undefined}
          aria-describedby={erro ? 'campo-chave-nfe-erro' : 'campo-chaves-nfe-lista'}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.ctrlKey || e.metaKey) return;
            // The reader's Enter (or the clerk's): adds the key; the form is never sent from here.
            e.preventDefault();
            adicionar(e.currentTarget.value);
          }}
        />
        <Button type="button" label="Adicionar" icon="pi pi-plus" outlined disabled={p.disabled} onClick={() => adicionar(entrada.current?.value ?? '')} />
        <Button type="button" label="Ler com a câmera" icon="pi pi-camera" outlined disabled={p.disabled || camera} onClick={() => setCamera(true)} />
      </div>
      {camera && (
        <Suspense fallback={<small className="muted">Abrindo a câmera...</small>}>
          <LeitorCamera
            aoLer={(chave) => {
              setCamera(false);
              adicionar(chave);
            }}
            aoFechar={() => setCamera(false)}
          />
        </Suspense>
      )}
      {erro && (
        <small id="campo-chave-nfe-erro" className="p-error" role="alert">
          {erro}
        </small>
      )}
      <ListaDeChaves chaves={p.value} disabled={p.disabled} remover={(c) => p.onChange(p.value.filter((x) => x !== c))} />
    </div>
  );
}

/** Adding a key (typed, read or left in the field at the save) against the keys as of the last change. */
function useChaves(p: { value: string[]; onChange: (v: string[]) => void; datas: readonly string[]; acoes?: Ref<ChavesAcoes> }) {
  const [aviso, setAviso] = useState<string>();
  const entrada = useRef<HTMLInputElement>(null);
  // The keys as of the last change: a reader's keys arrive faster than the form re-renders.
  const atuais = useRef(p.value);
  atuais.current = p.value;
  /** Adds the key `texto` holds; its refusal (the field then selected, so the next scan replaces it), or null. */
  const adicionar = (texto: string): string | null => {
    const chave = lerChaveNfe(texto);
    if (!chave) return null;
    const recusa = recusaDaChave(chave, atuais.current, p.datas);
    setAviso(recusa ?? undefined);
    if (recusa) {
      entrada.current?.focus();
      entrada.current?.select();
      return recusa;
    }
    atuais.current = [...atuais.current, chave];
    p.onChange(atuais.current);
    if (entrada.current) entrada.current.value = '';
    return null;
  };
  useImperativeHandle(p.acoes, () => ({
    pendente: () => {
      const texto = entrada.current?.value.trim() ?? '';
      if (!lerChaveNfe(texto)) return null;
      const recusa = adicionar(texto);
      if (!recusa) return null;
      const m = chaveNaoAdicionada(texto, recusa);
      setAviso(m);
      return m;
    },
  }));
  return { aviso, entrada, adicionar };
}

/** The keys added, each with its invoice number and series and its button to remove it. */
function ListaDeChaves({ chaves, disabled, remover }: { chaves: string[]; disabled?: boolean; remover: (chave: string) => void }) {
  return (
    <ul id="campo-chaves-nfe-lista" className="campo-chaves-nfe-lista" aria-live="polite" data-testid="chaves-nfe">
      {chaves.map((c) => (
        <li key={c}>
          <span>
            <strong>{notaDaChave(c)}</strong> <span className="muted">{formatChaveNfe(c)}</span>
          </span>
          <Button
            type="button"
            icon="pi pi-times"
            size="small"
            text
            severity="secondary"
            disabled={disabled}
            aria-label={`Remover a chave ${formatChaveNfe(c)}`}
            onClick={() => remover(c)}
          />
        </li>
      ))}
    </ul>
  );
}
