import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import {
  foraDaFaixa,
  formatDate,
  mensagemPrecoForaDaFaixa,
  mensagemPrecoNoDia,
  precosRecurso,
  valorPreco,
  type Preco,
  type PrecoDoDia,
  type PrecosDoDia,
  type Publicacao,
  type Situacao,
} from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { pedeConfirmacao, perguntar } from '../../lib/confirmacao';
import { relerListas } from '../../lib/listas';
import { useToast } from '../../lib/toast';

type PrecoSalvo = PrecoDoDia['precos'][number];
/** A row's save: under way, or refused with the server's (or the value's) message. */
export type Estado = { salvando?: boolean; erro?: string };

/** A typed value as the API reads it (pt-BR), or the refusal's message; null when empty. */
export function lerValor(texto: string): { valor: number } | { erro: string } | null {
  if (!texto.trim()) return null;
  const r = valorPreco.safeParse(texto);
  return r.success ? { valor: r.data } : { erro: r.error.issues[0].message };
}

/** The day's products with their prices. */
export function usePrecosDoDia(dia: string | null) {
  return useQuery({
    queryKey: ['lista', 'precos', 'dia', dia],
    queryFn: () => api<PrecosDoDia>('precos/dia', { query: { data: dia } }),
    enabled: !!dia,
  });
}

/** The market's situation the clerk sets per product (decision 0190); without it the public page derives it from the change. */
export function useSituacoes(dia: string | null) {
  const toast = useToast();
  const situacoes = useQuery({
    queryKey: ['lista', 'precos', 'situacao', dia],
    queryFn: () => api<{ produtoId: number; situacao: Situacao }[]>('precos/situacao', { query: { data: dia } }),
    enabled: !!dia,
  });
  const situacaoDe = new Map((situacoes.data ?? []).map((s) => [s.produtoId, s.situacao]));
  const definir = async (p: PrecoDoDia, situacao: Situacao | null) => {
    try {
      await api('precos/situacao', { method: 'PUT', body: { produtoId: p.produtoId, data: dia, situacao } });
      await situacoes.refetch();
    } catch (err) {
      toast.show('error', 'Erro ao salvar a situação', (err as ApiError).message);
    }
  };
  return { carregadas: !!situacoes.data, situacaoDe, definir };
}

/** 'Publicar cotação': the day's drafts made public. */
export function usePublicar(dia: string | null) {
  const toast = useToast();
  const qc = useQueryClient();
  const [publicando, setPublicando] = useState(false);
  const publicar = async () => {
    setPublicando(true);
    try {
      const r = await api<Publicacao>('precos/publicar', { method: 'POST', body: { data: dia } });
      toast.show(
        'success',
        'Cotação publicada!',
        r.manual ? `${r.publicados} preço(s) de ${formatDate(r.data)} publicados.` : 'Publicação automática: os preços já eram públicos.',
      );
      await relerListas(qc, 'precos');
    } catch (err) {
      toast.show('error', 'Erro ao publicar a cotação', (err as ApiError).message);
    } finally {
      setPublicando(false);
    }
  };
  return { publicando, publicar };
}

/**
 * The values typed per product: a value, Enter, and the cursor is on the next product while the value is saved (POST
 * precos, as the form does); a second price of the day or a value far from the last one asks first.
 */
export function useDigitacao(dia: string | null, q: ReturnType<typeof usePrecosDoDia>, produtos: PrecoDoDia[]) {
  const qc = useQueryClient();
  const [textos, setTextos] = useState<Record<number, string>>({});
  const [estados, setEstados] = useState<Record<number, Estado>>({});
  /** Prices saved here that the grid's next answer has not brought yet, by product. */
  const [salvos, setSalvos] = useState<Record<number, PrecoSalvo[]>>({});
  const entradas = useRef(new Map<number, HTMLInputElement>());
  /** The day's prices of a product: the grid's, and those saved since it was read. */
  const doDia = (p: PrecoDoDia) => [...p.precos, ...(salvos[p.produtoId] ?? []).filter((s) => !p.precos.some((x) => x.id === s.id))];

  const mudarEstado = (id: number, e: Estado) => setEstados((x) => ({ ...x, [id]: e }));
  const focar = (id: number | undefined) => {
    const el = id === undefined ? undefined : entradas.current.get(id);
    el?.focus();
    el?.select();
  };
  const proximo = (i: number) => focar(produtos[i + 1]?.produtoId);

  const salvar = async (p: PrecoDoDia, valor: number, texto: string, confirmado: boolean) => {
    mudarEstado(p.produtoId, { salvando: true });
    const enviar = (confirmar: boolean) =>
      api<Preco>(precosRecurso.api.base, { method: 'POST', body: { produtoId: p.produtoId, data: dia, valor, confirmar } });
    try {
      const salvo = await enviar(confirmado).catch(async (err: unknown) => {
        // Someone else saved meanwhile: the server's own question.
        if (pedeConfirmacao(err) && (await perguntar(err.message))) return enviar(true);
        throw err;
      });
      setSalvos((x) => ({
        ...x,
        [p.produtoId]: [...(x[p.produtoId] ?? []), { id: salvo.id, versao: salvo.versao ?? 1, valor: salvo.valor, publicado: !q.data?.manual }],
      }));
      // Cleared, unless something else was typed meanwhile.
      setTextos((x) => (x[p.produtoId] === texto ? { ...x, [p.produtoId]: '' } : x));
      mudarEstado(p.produtoId, {});
      void relerListas(qc, 'precos');
    } catch (err) {
      mudarEstado(p.produtoId, { erro: pedeConfirmacao(err) ? 'Não registrado.' : (err as ApiError).message });
    }
  };

  const aoTeclar = async (e: KeyboardEvent<HTMLInputElement>, p: PrecoDoDia, i: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    // What the field holds now (the keystrokes typed just before Enter included).
    const texto = e.currentTarget.value;
    const lido = lerValor(texto);
    if (lido === null) return proximo(i);
    if ('erro' in lido) return mudarEstado(p.produtoId, { erro: lido.erro });
    // What the server would ask, asked at once (the same words): the clerk answers before going on.
    const perguntas: string[] = [];
    const existentes = doDia(p);
    if (existentes.length) perguntas.push(mensagemPrecoNoDia(p.produtoNome, dia!, existentes[existentes.length - 1].valor));
    if (p.ultimoValor !== null && p.ultimaData && foraDaFaixa(lido.valor, p.ultimoValor))
      perguntas.push(mensagemPrecoForaDaFaixa(p.produtoNome, p.ultimaData, p.ultimoValor, lido.valor));
    if (perguntas.length && !(await perguntar(perguntas.join(' ')))) return focar(p.produtoId);
    void salvar(p, lido.valor, texto, perguntas.length > 0);
    proximo(i);
  };

  const digitar = (id: number, v: string) => {
    setTextos((x) => ({ ...x, [id]: v }));
    if (estados[id]?.erro) mudarEstado(id, {});
  };
  const entrada = (id: number) => (el: HTMLInputElement | null) => {
    if (el) entradas.current.set(id, el);
    else entradas.current.delete(id);
  };

  return { textos, estados, doDia, aoTeclar, digitar, entrada };
}
