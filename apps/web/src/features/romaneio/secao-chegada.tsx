import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { ChegadaRegistro } from '@ceasa/shared';
import { produtosDaChegada, useChegadasDoDia } from '../../lib/chegadas';
import type { RomaneioForm } from './romaneio-lote';
import type { ItensDoRomaneio } from './use-itens-do-romaneio';

/** The id of a load's 'Usar a chegada' button. */
export const idDoUsar = (c: Pick<ChegadaRegistro, 'id'>) => `usar-chegada-${c.id}`;

/**
 * The loads the producer picked announced in the portal for the form's day (decision 0298): 'Chegada anunciada: 2
 * produto(s) — Tomate 100 kg, Alface 30,5 kg' and 'Usar a chegada', offered once his bulletin items are in. The button
 * takes the focus when it appears while the clerk is still on the producer (Enter then uses the load); never from
 * another field. `faltam`: the products the last use could not fill (no bulletin item offered for them).
 */
export function SecaoChegada(p: { chegadas: ChegadaRegistro[]; usada: number | null; pronta: boolean; faltam: string[]; usar: (c: ChegadaRegistro) => void }) {
  const primeira = p.pronta ? p.chegadas.find((c) => c.id !== p.usada) : undefined;
  const focada = useRef<number | null>(null);
  useEffect(() => {
    if (!primeira || p.usada || focada.current === primeira.id) return;
    focada.current = primeira.id;
    const ativo = document.activeElement;
    if (!ativo || ativo === document.body || ativo.id === 'campo-pessoaId') document.getElementById(idDoUsar(primeira))?.focus();
  }, [primeira, p.usada]);
  if (!p.chegadas.length) return null;
  return (
    <section className="romaneio-chegada form-largo" aria-label="Chegada anunciada no portal">
      {p.chegadas.map((c) => (
        <div key={c.id} className="romaneio-chegada-linha">
          <span data-testid="chegada-anunciada">
            Chegada anunciada: {c.itens.length} produto(s) — {produtosDaChegada(c)}
          </span>
          {p.usada === c.id ? (
            <span role="status" className="muted">
              Itens e chaves preenchidos pela chegada: confira as quantidades e escolha as pedras.
            </span>
          ) : (
            <Button
              type="button"
              id={idDoUsar(c)}
              label={p.pronta ? 'Usar a chegada' : 'Carregando os produtos...'}
              icon="pi pi-download"
              size="small"
              disabled={!p.pronta || p.usada !== null}
              onClick={() => p.usar(c)}
            />
          )}
        </div>
      ))}
      {p.faltam.length > 0 && (
        <small className="p-error" role="alert" data-testid="chegada-nao-preenchidos">
          Não preenchidos (sem item de boletim colhível na data): {p.faltam.join(', ')}
        </small>
      )}
    </section>
  );
}

/**
 * The gate's side of an announced load (decision 0298): with the producer and ONE date chosen on a new romaneio, his
 * loads announced for that day and not yet received (GET portal/chegadas); 'Usar a chegada' fills the items (the
 * products' rows replace any of the same product) and adds the load's NF-e keys, names the load in the save
 * (`chegadaId`) and puts the cursor on the first quantity, for the clerk to check. Another producer or other dates
 * forget it.
 */
export function useChegadaDoRomaneio(o: {
  form: UseFormReturn<RomaneioForm>;
  editando: boolean;
  pessoaId: number | null | undefined;
  datas: string[];
  entrada: ItensDoRomaneio;
}) {
  const { form, pessoaId, entrada } = o;
  const usada = useWatch({ control: form.control, name: 'chegadaId' }) ?? null;
  const q = useChegadasDoDia(o.datas.length === 1 ? o.datas[0] : null, pessoaId, !o.editando && !!pessoaId);
  const chegadas = useMemo(() => (q.data ?? []).filter((c) => c.pessoaId === pessoaId && c.situacao === 'anunciada'), [q.data, pessoaId]);
  const [faltam, setFaltam] = useState<string[]>([]);
  const chave = `${pessoaId ?? ''}|${o.datas.join(',')}`;
  const antes = useRef(chave);
  useEffect(() => {
    if (antes.current === chave) return;
    antes.current = chave;
    form.setValue('chegadaId', null);
    setFaltam([]);
  }, [chave, form]);

  const usar = (c: ChegadaRegistro) => {
    const { linhas, faltam } = entrada.daChegada(c);
    const trocados = new Set(linhas.flatMap((l) => [`p${l.produtoId}`, `b${l.boletimItensId}`]));
    const mantidos = (form.getValues('itens') ?? []).filter((i) => !trocados.has(`p${i.produtoId}`) && !trocados.has(`b${i.boletimItensId}`));
    form.setValue('itens', [...mantidos, ...linhas], { shouldDirty: true, shouldValidate: !!form.getFieldState('itens').error });
    form.setValue('chavesNfe', [...new Set([...(form.getValues('chavesNfe') ?? []), ...c.chavesNfe])], { shouldDirty: true });
    form.setValue('chegadaId', c.id, { shouldDirty: true });
    setFaltam(faltam);
    // The cursor where the clerk checks the load: its first quantity (once the rows are drawn).
    const primeira = linhas[0] && `Quantidade de ${linhas[0].produtoNome}`;
    if (primeira)
      requestAnimationFrame(() => requestAnimationFrame(() => document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(primeira)}"]`)?.focus()));
  };
  return { chegadas, usada, pronta: entrada.itensProntos, faltam, usar };
}
