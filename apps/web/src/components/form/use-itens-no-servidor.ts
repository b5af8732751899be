import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ArrayPath, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { api, type ApiError } from '../../lib/api-client';
import { relerListas } from '../../lib/listas';
import { salvoNaHora } from './use-alteracoes-nao-salvas';
import { useToast } from '../../lib/toast';

/** A row of the items table: its server id (none before the parent is saved) and its quantity. */
type Linha = { id?: number | null; quantidade?: number | null };

/**
 * The items of an edit screen that live on the server, not in the form (docs/produto/telas.md 'Quantity update'; the
 * romaneio's and the shop's edit): the one mechanism, on ItemsField's `aoSair` and `aoRemover`.
 * - `aoSair` (the quantity column): a quantity left in its cell with another value goes at once to
 *   PUT {base}/updateQtde ('Cadastro Alterado!' / 'Quantidade de {nome} alterada com sucesso', the record named as a
 *   person knows it — product and romaneio number —, never by an internal id); refused by `quantidade`
 *   or by the server ('Erro ao alterar!' / its message or 'Erro ao alterar...'), the old value comes back.
 * - `aoRemover`: a row confirmed for removal is deleted at once (DELETE {base}/{id}, 'Remoção concluída!'
 *   / `removido(item)` or '{nome} removido(a)', the `lista` lists read again); refused ('Erro ao remover o item'), the row stays.
 * Inactive (a create screen) or for a row not yet saved, both leave the row to the form.
 */
export function useItensNoServidor<F extends FieldValues, I extends Linha>(o: {
  form: UseFormReturn<F>;
  /** The form's items array. */
  name: ArrayPath<F>;
  /** The items' API base ('romaneioitens'). */
  base: string;
  /** The items as the server holds them (the record read). */
  itens: { id: number; quantidade: number }[] | undefined;
  ativo: boolean;
  /** The quantity's rule (its message is the refusal's). */
  quantidade: ZodType<number>;
  /** How a person knows the row in a toast: 'Tomate do Romaneio 123' (never its internal id). */
  nome: (item: I) => string;
  /** The removal's success text; the lists of `lista` are read again after it. */
  removido?: (item: I) => string;
  lista?: string;
  /** After a row was saved or removed here (the parent's versao went up: decision 0085). */
  aoGravar?: () => Promise<void> | void;
  /**
   * The parent's `versao` as the page holds it, sent with each quantity (the romaneio's): a stale one is
   * the server's 409 (`aoRecusar` hears it); raised by one after each quantity saved.
   */
  versao?: { current: number | undefined };
  aoRecusar?: (err: ApiError) => void;
}) {
  const toast = useToast();
  const qc = useQueryClient();
  // The items go to the server at once: leaving the page loses none of their changes.
  if (o.ativo) salvoNaHora(o.form.control, o.name);
  /** What the server holds: each item's quantity as last confirmed. */
  const salvas = useRef(new Map<number, number>());
  useEffect(() => {
    salvas.current = new Map((o.itens ?? []).map((i) => [i.id, Number(i.quantidade)]));
  }, [o.itens]);

  /** Puts the confirmed quantity back in the row of item `id` (wherever it is now). */
  const devolver = (id: number, quantidade: number) => {
    const linhas = (o.form.getValues(o.name as unknown as Path<F>) ?? []) as Linha[];
    const i = linhas.findIndex((l) => l.id === id);
    if (i >= 0) o.form.setValue(`${o.name}.${i}.quantidade` as Path<F>, quantidade as PathValue<F, Path<F>>, { shouldDirty: false });
  };

  const aoSair = async (valor: unknown, item: I) => {
    const id = item.id;
    if (!o.ativo || typeof id !== 'number' || !salvas.current.has(id)) return;
    const antes = salvas.current.get(id)!;
    if (valor === antes) return;
    const q = o.quantidade.safeParse(valor ?? undefined);
    if (!q.success) {
      toast.show('error', 'Erro ao alterar!', q.error.issues[0].message);
      // After the editor has shown what it committed on this blur: put back in the same event, the
      // old value would equal the editor's last one and its text would not change.
      setTimeout(() => devolver(id, antes));
      return;
    }
    try {
      const versao = o.versao?.current;
      await api(`${o.base}/updateQtde`, { method: 'PUT', body: { id, quantidade: q.data, ...(versao === undefined ? {} : { versao }) } });
      if (o.versao && versao !== undefined) o.versao.current = versao + 1;
      salvas.current.set(id, q.data);
      await Promise.resolve(o.aoGravar?.()).catch(() => undefined);
      toast.show('success', 'Cadastro Alterado!', `Quantidade de ${o.nome(item)} alterada com sucesso`);
    } catch (err) {
      toast.show('error', 'Erro ao alterar!', (err as ApiError).message || 'Erro ao alterar...');
      o.aoRecusar?.(err as ApiError);
      devolver(id, antes);
    }
  };

  const aoRemover = async (item: I): Promise<boolean> => {
    const id = item.id;
    if (!o.ativo || typeof id !== 'number' || !salvas.current.has(id)) return true;
    try {
      await api(`${o.base}/${id}`, { method: 'DELETE' });
      salvas.current.delete(id);
      await Promise.resolve(o.aoGravar?.()).catch(() => undefined);
      toast.show('success', 'Remoção concluída!', o.removido?.(item) ?? `${o.nome(item)} removido(a)`, 5000);
      if (o.lista) await relerListas(qc, o.lista);
      return true;
    } catch (err) {
      toast.show('error', 'Erro ao remover o item', (err as ApiError).message, 5000);
      return false;
    }
  };

  return { aoSair: (valor: unknown, item: I) => void aoSair(valor, item), aoRemover };
}
