import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { ZodType } from 'zod';
import { caminhoDoForm, type Recurso } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { enviarConfirmando, perguntar, RECUSADO } from '../../lib/confirmacao';
import { DURACAO, useToast } from '../../lib/toast';
import { relerListas } from '../../lib/listas';
import { algumaAlteracao, useAlteracoesNaoSalvas } from './use-alteracoes-nao-salvas';
import { versaoDe, versaoDesatualizada } from './versao-desatualizada';

/** With `recurso` (the resource's declaration), base, schema, caminhoDaLista and entidade come from it; one given wins. */
export interface ResourceFormOptions<F extends FieldValues, D> {
  recurso?: Recurso;
  /** API base path, e.g. 'municipio'. */
  base?: string;
  /** The shared zod schema the form validates with (the declaration's input schema by default). */
  schema?: ZodType<unknown, F>;
  defaults: DefaultValues<F>;
  caminhoDaLista?: string;
  /** 'Erro ao cadastrar {entidade}!' / 'Erro ao editar {entidade}!' */
  entidade?: string;
  /** Record from the API → form values. */
  toForm?: (dto: D) => F;
  /** Form values → request body. */
  toBody?: (values: F) => unknown;
  /**
   * The toasts' titles when a resource words them its own way (e.g. 'Cotacao criada!'); default:
   * 'Cadastro concluído!', 'Cadastro atualizado!' and 'Erro ao cadastrar/editar {entidade}!'.
   */
  mensagens?: { criado?: string; atualizado?: string; erro?: string };
  /**
   * A record not found by the route's `:id` (e.g. the notebook of the bulletin item in the route): whether the form
   * edits, the record's name in the query (`chave`), how it is read and the id its PUT sends.
   */
  registro?: { editando: boolean; chave: string; ler: () => Promise<D>; id: (d: D) => number };
  /** The lists read again after a save (default: `base`'s). */
  listas?: string;
  /**
   * The field a confirmation the server asked for is about (e.g. a price's value): after 'Não' the focus goes there,
   * its text selected, where the correction is typed. Without it the focus goes back to what opened the question.
   */
  campoDaConfirmacao?: Path<F>;
  /**
   * The same chosen from the question itself: the id of the element where the answer to it is typed (e.g. the
   * gate's new date after 'Já existe romaneio…'), or nothing to let `campoDaConfirmacao` (or the opener) have it.
   */
  focoAoVoltar?: (err: ApiError) => string | undefined;
  /** How a confirmation the server asked for is asked (true: 'Sim'); default its message in the one dialog. */
  perguntar?: (err: ApiError) => Promise<boolean>;
}

export interface ResourceFormState<F extends FieldValues, D> {
  form: UseFormReturn<F>;
  /** The declaration the form was made from (FormPage's default title). */
  recurso?: Recurso;
  /** The shared schema the form validates with (its fields' limits: FormPage gives them to the inputs). */
  schema?: ZodType;
  caminhoDaLista: string;
  editando: boolean;
  carregando: boolean;
  erroCarregar: Error | null;
  recarregar: () => void;
  /** A save is on its way to the server. */
  salvando: boolean;
  /**
   * The submit buttons are locked: from the first click until the save fails, or for good once it
   * succeeded and the page is about to leave ('Salvar e continuar' unlocks when it succeeds).
   */
  bloqueado: boolean;
  /** The same, read synchronously (two clicks in one tick both see the old `bloqueado`). */
  estaBloqueado: () => boolean;
  registro: D | undefined;
  /** The last save was refused because someone else saved the record since it was loaded (decision 0085). */
  desatualizado: boolean;
  /** Reads the record again into the form (after `desatualizado`). */
  recarregarRegistro: () => Promise<void>;
  /** Takes the record's current versao, leaving the form as it is: after this screen itself saved one of its rows apart (an item's quantity). */
  adotarVersao: () => Promise<void>;
  /** Saves; returns the saved record (or null on failure, or when a save is already under way). `continuar` keeps the user on the form. */
  salvar: (values: F, opts?: { continuar?: boolean }) => Promise<D | null>;
}

/** The options with what the resource's declaration gives (base, schema, caminhoDaLista, entidade); one given wins. */
function comDaDeclaracao<F extends FieldValues, D>(opcoes: ResourceFormOptions<F, D>) {
  const r = opcoes.recurso;
  return {
    ...opcoes,
    base: opcoes.base ?? r?.api?.base ?? '',
    schema: (opcoes.schema ?? r?.api?.entrada) as ZodType<unknown, F>,
    caminhoDaLista: opcoes.caminhoDaLista ?? r?.caminhos.lista ?? '/',
    entidade: opcoes.entidade ?? r?.rotulos?.entidade ?? '',
  };
}

/** The submit buttons' lock: taken by the first save (a ref, so two clicks in one tick see it), released when it fails. */
function useTrava() {
  const [bloqueado, setBloqueado] = useState(false);
  const trava = useRef(false);
  const travar = () => {
    if (trava.current) return false;
    trava.current = true;
    setBloqueado(true);
    return true;
  };
  const destravar = () => {
    trava.current = false;
    setBloqueado(false);
  };
  return { bloqueado, trava, travar, destravar };
}

/** One save's request: a PUT of the record (its id and versao), or a POST; `confirmar` goes with it once asked. */
function enviarRegistro<D>(base: string, body: unknown, confirmar: true | string[] | undefined, edicao: object | null) {
  const extra = confirmar === undefined ? {} : { confirmar };
  return edicao
    ? api<D>(base, { method: 'PUT', body: { ...(body as object), ...extra, ...edicao } })
    : // A batch (the gate's romaneios, one per market day) is a list, never spread into an object: a confirmation goes on each.
      api<D>(base, {
        method: 'POST',
        body: Array.isArray(body) ? (body as object[]).map((b) => ({ ...b, ...extra })) : { ...(body as object), ...extra },
      });
}

/** After 'Não' on a confirmation: the focus where the answer is typed (`alvo`'s element, or the form's `campo`). */
function focarAoVoltar<F extends FieldValues>(alvo: string | undefined, campo: Path<F> | undefined, form: UseFormReturn<F>) {
  // After this render (a focus asked while the form re-renders is lost).
  if (alvo)
    setTimeout(() => {
      const e = document.getElementById(alvo);
      e?.focus();
      if (e instanceof HTMLInputElement) e.select();
    });
  else if (campo) setTimeout(() => form.setFocus(campo, { shouldSelect: true }));
}

/** The record edited: read by the route's `:id` (or `registro`), into the form with its versao; read again on demand. */
function useRegistro<F extends FieldValues, D>(
  o: ReturnType<typeof comDaDeclaracao<F, D>>,
  id: number | null,
  editando: boolean,
  form: UseFormReturn<F>,
  versao: MutableRefObject<{ versao?: number }>,
) {
  const ler = () => (o.registro ? o.registro.ler() : api<D>(`${o.base}/${id}`));
  const noFormulario = (d: D) => (o.toForm ? o.toForm(d) : (d as unknown as F)) as F;
  const q = useQuery({
    queryKey: ['registro', o.base, o.registro ? o.registro.chave : id],
    queryFn: ler,
    enabled: editando,
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    if (!q.data) return;
    versao.current = versaoDe(q.data);
    form.reset(noFormulario(q.data));
  }, [q.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const recarregarRegistro = async () => {
    const r = await q.refetch();
    if (!r.data) return false;
    versao.current = versaoDe(r.data);
    form.reset(noFormulario(r.data));
    return true;
  };
  return { q, ler, recarregarRegistro };
}

/**
 * The return to the list 2 s after a save; until a save succeeds, unsaved work asks before the page is left (its own
 * return to the list is free).
 */
function useVoltaAposSalvar<F extends FieldValues>(form: UseFormReturn<F>, caminhoDaLista: string) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [salvo, setSalvo] = useState(false);
  const alterado = algumaAlteracao(form.formState.dirtyFields, form.control);
  useAlteracoesNaoSalvas(alterado && !salvo);
  return () => {
    setSalvo(true);
    timer.current = setTimeout(() => navigate(caminhoDaLista), DURACAO.salvar);
  };
}

/**
 * Create/edit form behaviour shared by every resource: load on edit (error panel on failure),
 * validate with the shared zod schema, save, the spec's toasts, server field errors on the fields,
 * and the return to the list 2 s after success. A second click saves nothing twice: `salvar` is
 * locked by a ref from its first call until the save fails or the page leaves. A changed form asks
 * before it is left (useAlteracoesNaoSalvas), until it is saved. A save the server asks to confirm (a 409
 * with `confirmar`) shows its question and, on 'Sim', is sent again confirming it (`enviarConfirmando`).
 */
export function useResourceForm<F extends FieldValues, D = F>(opcoes: ResourceFormOptions<F, D>): ResourceFormState<F, D> {
  const o = comDaDeclaracao(opcoes);
  const raw = useParams().id;
  const id = raw ? Number(raw) : null;
  const editando = o.registro ? o.registro.editando : id !== null && !Number.isNaN(id);
  const toast = useToast();
  const qc = useQueryClient();
  const [salvando, setSalvando] = useState(false);
  const { bloqueado, trava, travar, destravar } = useTrava();
  // The versao the record was loaded (or last saved) with: sent back on each save (decision 0085).
  const versao = useRef<{ versao?: number }>({});
  const [desatualizado, setDesatualizado] = useState(false);
  const form = useForm<F>({ resolver: zodResolver(o.schema as never) as never, defaultValues: o.defaults, mode: 'onTouched' });
  const voltarALista = useVoltaAposSalvar(form, o.caminhoDaLista);

  const { q, ler, recarregarRegistro } = useRegistro(o, id, editando, form, versao);

  const salvar = async (values: F, opts: { continuar?: boolean } = {}) => {
    if (!travar()) return null;
    setSalvando(true);
    let perguntado: ApiError | undefined;
    try {
      const body = o.toBody ? o.toBody(values) : values;
      const enviar = (confirmar?: true | string[]) =>
        enviarRegistro<D>(o.base, body, confirmar, editando ? { id: o.registro && q.data ? o.registro.id(q.data) : id, ...versao.current } : null);
      // A 409 that asks for a confirmation (decisions 0136, 0294) asks the user, and the same save goes again confirmed.
      const salvo = await enviarConfirmando(enviar, (err) => {
        perguntado = err;
        return o.perguntar ? o.perguntar(err) : perguntar(err.message);
      });
      versao.current = versaoDe(salvo);
      await relerListas(qc, o.listas ?? o.base);
      const m = o.mensagens;
      toast.show('success', editando ? (m?.atualizado ?? 'Cadastro atualizado!') : (m?.criado ?? 'Cadastro concluído!'), undefined, DURACAO.salvar);
      // Leaving: stays locked until the page goes. Staying ('Salvar e continuar'): ready for the next one.
      if (opts.continuar) destravar();
      else voltarALista();
      return salvo;
    } catch (err) {
      // 'Não' on a confirmation: nothing saved, nothing to report; the form stays as typed.
      if (err === RECUSADO) {
        destravar();
        focarAoVoltar(perguntado && o.focoAoVoltar?.(perguntado), o.campoDaConfirmacao, form);
        return null;
      }
      const e = err as ApiError;
      if (versaoDesatualizada(e)) setDesatualizado(true);
      // A child row's field comes as 'itens[2].quantidade'; the form names it 'itens.2.quantidade'.
      for (const f of e.body?.fieldErrors ?? []) form.setError(caminhoDoForm(f.field) as Path<F>, { type: 'server', message: f.message });
      toast.show('error', o.mensagens?.erro ?? (editando ? `Erro ao editar ${o.entidade}!` : `Erro ao cadastrar ${o.entidade}!`), e.message);
      destravar();
      return null;
    } finally {
      setSalvando(false);
    }
  };

  return {
    form,
    recurso: opcoes.recurso,
    schema: o.schema,
    caminhoDaLista: o.caminhoDaLista,
    editando,
    carregando: editando && q.isLoading,
    erroCarregar: (q.error as Error) ?? null,
    recarregar: () => void q.refetch(),
    salvando,
    bloqueado,
    estaBloqueado: () => trava.current,
    registro: q.data,
    desatualizado,
    recarregarRegistro: async () => {
      if (await recarregarRegistro()) setDesatualizado(false);
    },
    adotarVersao: async () => {
      if (editando) versao.current = versaoDe(await ler());
    },
    salvar,
  };
}
