import { useEffect, useRef, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { romaneioRecurso, type Romaneio } from '@ceasa/shared';
import { ehDataIso } from '../../components/form/mascaras';
import { useResourceForm, type ResourceFormState } from '../../components/form/use-resource-form';
import type { ApiError } from '../../lib/api-client';
import { perguntasComCodigo } from '../../lib/confirmacao';
import { useToast } from '../../lib/toast';
import type { usePedrasLivres } from './api';
import type { ChavesAcoes } from './campo-chaves-nfe';
import { confirmarAvisos } from './confirmar-avisos';
import { formSchema, loteDoFormulario, type RomaneioForm } from './romaneio-lote';
import type { DatasAcoes } from './secao-datas';
import type { useItensDoRomaneio } from './use-itens-do-romaneio';

/** A save asked for while the products typed are still being fetched: it waits for them. */
export const SALVA_QUANDO_CHEGAREM = 'Aguarde: os produtos digitados ainda estão sendo buscados. O romaneio será salvo assim que chegarem.';
/** That save, stopped: a product typed matched none of the producer's (its line under the items says why). */
export const NAO_SALVO_PRODUTO_NAO_ADICIONADO = 'O romaneio não foi salvo: um produto digitado não foi adicionado (veja abaixo dos itens).';

/** The field each of the server's questions is about (decision 0294), by its code. */
const FOCO_DA_PERGUNTA: Partial<Record<string, string>> = {
  romaneioNoDia: 'campo-data-nova',
  carteira: 'campo-pessoaId',
  contribuinte: 'campo-divida',
  emitenteNfe: 'campo-chave-nfe',
};

/** A saved romaneio as the form shows it (edit mode). */
function romaneioNoFormulario(r: Romaneio): RomaneioForm {
  return {
    datas: [r.dataEmissao],
    divida: r.divida,
    pessoaId: r.pessoaId,
    pedras: r.pedras.map((p) => p.pedrasId),
    avulsa: r.pedras.some((p) => p.ocupacao === 'avulsa'),
    chavesNfe: r.chavesNfe,
    chegadaId: r.chegadaId ?? null,
    itens: r.itens.map((i) => ({
      id: i.id,
      boletimItensId: i.boletimItensId ?? 0,
      produtoId: i.produtoId,
      produtoNome: i.produtoNome,
      produtoEmbalagem: i.produtoEmbalagem,
      inicioColheita: i.boletimItensInicioColheita ?? '',
      fimColheita: i.boletimItensFimColheita ?? '',
      quantidade: i.quantidade,
    })),
  };
}

/** 'Voltar' on a question: the cursor where the answer to the first question is typed (a balance passed: that product's quantity). */
function focoAoVoltar(err: ApiError) {
  const [p] = perguntasComCodigo(err);
  if (p?.codigo !== 'saldoBoletim') return p && FOCO_DA_PERGUNTA[p.codigo];
  return document.querySelector(`[aria-label="${CSS.escape(`Quantidade de ${String(p.produto)}`)}"]`)?.id || undefined;
}

/** The romaneio's form over the resource (`?data=<yyyy-mm-dd>` the first date), and the `?pedra=` asked for. */
export function useFormDoRomaneio() {
  const [params] = useSearchParams();
  const dataInicial = params.get('data');
  const f = useResourceForm<RomaneioForm, Romaneio>({
    recurso: romaneioRecurso,
    schema: formSchema,
    defaults: {
      datas: ehDataIso(dataInicial) ? [dataInicial] : [],
      divida: undefined,
      pessoaId: undefined,
      pedras: [],
      avulsa: false,
      itens: [],
      chavesNfe: [],
      chegadaId: null,
    },
    toForm: romaneioNoFormulario,
    toBody: loteDoFormulario,
    // What deserves a second look is the server's to ask (decision 0294): its questions, confirmed by their codes.
    perguntar: confirmarAvisos('Confirmar o romaneio', 'avisos-do-romaneio'),
    focoAoVoltar,
  });
  return { f, pedraInicial: params.get('pedra') };
}

type FormDoRomaneio = ResourceFormState<RomaneioForm, Romaneio>;

/**
 * Changing the dates clears the producer and the items, and keeps only the stalls still free on every date;
 * `?pedra=<numero>` is chosen once the free stalls of the date are known.
 */
export function useDatasEPedras(o: { f: FormDoRomaneio; datas: string[]; livres: ReturnType<typeof usePedrasLivres>; pedraInicial: string | null }) {
  const { setValue, getValues, resetField } = o.f.form;
  const { datas, pedraInicial } = o;
  const editando = o.f.editando;
  const livres = o.livres.data;
  const toast = useToast();
  const datasAntes = useRef(datas.join(','));
  useEffect(() => {
    const chave = datas.join(',');
    if (editando || chave === datasAntes.current) return;
    datasAntes.current = chave;
    // No producer: the picker shows none (the schema's 'O produtor é obrigatório' until one is picked).
    resetField('pessoaId', { defaultValue: undefined });
    setValue('itens', []);
  }, [datas, editando, setValue, resetField]);
  useEffect(() => {
    if (editando || !livres) return;
    const ids = new Set(livres.map((p) => p.id));
    const escolhidas = getValues('pedras');
    if (escolhidas.some((p) => !ids.has(p)))
      setValue(
        'pedras',
        escolhidas.filter((p) => ids.has(p)),
      );
  }, [livres, editando, getValues, setValue]);

  const pedraAplicada = useRef(false);
  useEffect(() => {
    if (editando || pedraAplicada.current || !pedraInicial || !livres) return;
    pedraAplicada.current = true;
    const p = livres.find((x) => x.numero.trim() === pedraInicial.trim());
    if (p) setValue('pedras', [p.id]);
    else toast.show('warn', `Pedra ${pedraInicial}`, 'A pedra não está livre nas datas escolhidas.');
  }, [livres, pedraInicial, editando, setValue, toast]);
}

/**
 * The create form's submit: what stops it (a date or key typed and not included, a refused producer, a row in its
 * withdrawal period), the save that waits for the products typed, and Enter that never submits (Ctrl+Enter saves).
 */
export function useEnvioDoRomaneio(o: { f: FormDoRomaneio; entrada: ReturnType<typeof useItensDoRomaneio>; recusaDoProdutor: string | null }) {
  const { f, entrada, recusaDoProdutor } = o;
  const toast = useToast();
  // A date typed but not included stops the save (it says so on the dates field).
  const datasAcoes = useRef<DatasAcoes>(null);
  const chavesAcoes = useRef<ChavesAcoes>(null);
  const marco = useRef<HTMLSpanElement>(null);
  /** A save asked for while products typed were awaited: the queue's refusals then (it is done once they are in). */
  const salvarDepois = useRef<number | null>(null);
  const enviar = (e: FormEvent) => {
    if (datasAcoes.current?.pendente()) {
      e.preventDefault();
      return;
    }
    // A key left in its field: added when valid, else the save stops on it (never saved as if it were empty).
    if (chavesAcoes.current?.pendente()) {
      e.preventDefault();
      return;
    }
    // Ctrl+Enter with a refused producer: nothing is sent; his field says why.
    if (recusaDoProdutor) {
      e.preventDefault();
      document.getElementById('campo-pessoaId')?.focus();
      return;
    }
    // Products typed while the producer's items load are not in the table yet: the save waits for them, and is done
    // when they are in (a clerk's Ctrl+Enter right after the last quantity saves what was typed).
    if (entrada.fila.length) {
      e.preventDefault();
      if (salvarDepois.current === null) {
        salvarDepois.current = entrada.recusadosDaFila;
        toast.show('info', SALVA_QUANDO_CHEGAREM);
      }
      return;
    }
    // A row still in its withdrawal period: the server would refuse it; its message is on its row.
    const carencia = entrada.carenciaNoSalvar();
    if (carencia) {
      e.preventDefault();
      toast.show('error', carencia);
      return;
    }
    // One request: the server asks what deserves a second look (the dialog of `perguntar` in useFormDoRomaneio).
    return f.form.handleSubmit((v) => f.salvar(v))(e);
  };
  // The queue is in: the save asked for meanwhile goes on, unless a product typed could not be added (its line says why).
  useEffect(() => {
    const recusadosAntes = salvarDepois.current;
    if (recusadosAntes === null || entrada.fila.length) return;
    salvarDepois.current = null;
    if (entrada.recusadosDaFila > recusadosAntes) toast.show('error', NAO_SALVO_PRODUTO_NAO_ADICIONADO);
    else marco.current?.closest('form')?.requestSubmit();
  }, [entrada.fila.length, entrada.recusadosDaFila, toast]);

  // Enter in a field never submits nor moves on (it picks, adds or does nothing); Ctrl+Enter saves, like Salvar
  // (FormPage's). Listened on the form itself, before FormPage's, found from a marker in it.
  useEffect(() => {
    const form = marco.current?.closest('form');
    if (!form) return;
    const teclas = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && (e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
    };
    form.addEventListener('keydown', teclas);
    return () => form.removeEventListener('keydown', teclas);
  }, [f.carregando]);

  return { enviar, marco, datasAcoes, chavesAcoes };
}
