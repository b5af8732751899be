import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  colheitaContem,
  embalagensDaChegada,
  formatDate,
  itemDaChegada,
  FORA_DA_COLHEITA,
  PRODUTO_JA_ADICIONADO,
  PRODUTO_SEM_BOLETIM,
  quantidadeItem,
  type BoletimItemProduto,
  type ChegadaRegistro,
} from '@ceasa/shared';
import type { NovasLinhas } from '../../components/form/items-field';
import { useToast } from '../../lib/toast';
import { useItensDoProdutor, usePesosDosProdutos } from './api';
import { filtrarOpcoes, lerQuantidade } from './busca';
import { mensagensDeCarencia } from './carencia-dos-itens';
import type { ItemForm, NovoItemForm, RomaneioForm } from './romaneio-lote';

const rotuloDoItem = (i: BoletimItemProduto) =>
  `${i.produtoNome} (${i.produtoEmbalagem}) — colheita ${formatDate(i.inicioColheita)} a ${formatDate(i.fimColheita)}`;
const buscaDoItem = (i: BoletimItemProduto) => `${i.produtoNome} ${i.produtoEmbalagem}`;

/** A product typed and its quantity, entered while the producer's items were loading: added when they arrive. */
export interface ItemNaFila {
  texto: string;
  quantidade: number;
}
/** An entry not added, and why: already in the table, no producer chosen when it was typed, or no item of the producer matches it. */
export type ItemNaoAdicionado = ItemNaFila & { repetido: boolean; semProdutor?: boolean };
/** Why a product typed with no producer chosen (and none waiting for the producers' list) was not added. */
export const ESCOLHA_O_PRODUTOR = 'Escolha o produtor primeiro';
/** The new-row editor's draft: no bulletin item chosen, no quantity typed. */
export const NOVO: NovoItemForm = { boletimItensId: null, quantidade: '' };
const paraForm = (i: BoletimItemProduto, quantidade: number): ItemForm => ({
  id: null,
  boletimItensId: i.id,
  produtoId: i.produtoId,
  produtoNome: i.produtoNome,
  produtoEmbalagem: i.produtoEmbalagem,
  inicioColheita: i.inicioColheita,
  fimColheita: i.fimColheita,
  quantidade,
});

/**
 * 'Usar a chegada' (decision 0298): each announced product as a row of the bulletin item the form offers for it (the
 * one the server's rules pick, `itemDaChegada`), its kg as packages; the products no offered item takes, by name.
 */
function itensDaChegada(oferecidos: BoletimItemProduto[], c: Pick<ChegadaRegistro, 'data' | 'itens'>) {
  const linhas: ItemForm[] = [];
  const faltam: string[] = [];
  for (const i of c.itens) {
    const bi = itemDaChegada(oferecidos, i.produtoId, c.data);
    if (bi) linhas.push(paraForm(bi, embalagensDaChegada(i.quantidade, bi.produtoPesoEmKg)));
    else faltam.push(i.produtoNome);
  }
  return { linhas, faltam };
}

/** The rows the new-row draft (or 'Adicionar todos') makes of the products offered, or why it makes none. */
function linhasEscolhidas(o: {
  todos: boolean;
  boletimItensId: number | null;
  quantidade: number | null;
  erroQuantidade: string | undefined;
  itens: ItemForm[];
  oferecidos: BoletimItemProduto[];
}): NovasLinhas<ItemForm, NovoItemForm> {
  const ja = new Set(o.itens.map((i) => i.boletimItensId));
  const escolhidos = o.todos ? o.oferecidos.filter((i) => !ja.has(i.id)) : o.oferecidos.filter((i) => i.id === o.boletimItensId);
  // A product no longer offered (another producer or dates chosen since) is no product.
  const erros: { boletimItensId?: string; quantidade?: string } = {
    boletimItensId: !o.todos && !escolhidos.length ? 'O produto é obrigatório' : undefined,
    quantidade: o.erroQuantidade,
  };
  if (!o.todos && o.boletimItensId && ja.has(o.boletimItensId)) erros.boletimItensId = PRODUTO_JA_ADICIONADO;
  if (o.todos && !escolhidos.length) erros.boletimItensId = o.oferecidos.length ? 'Todos os produtos já foram adicionados' : FORA_DA_COLHEITA;
  if (erros.boletimItensId || o.erroQuantidade) return { erros };
  return { linhas: escolhidos.map((i) => paraForm(i, o.quantidade!)) };
}

/** A producer with no bulletin item harvestable on the dates chosen: said once for that producer and those dates. */
function useAvisoForaDaColheita(o: {
  editando: boolean;
  carregados: boolean;
  pessoaId: number | null | undefined;
  datas: string[];
  oferecidos: BoletimItemProduto[];
}) {
  const { editando, carregados, pessoaId, datas, oferecidos } = o;
  const toast = useToast();
  const avisado = useRef<string>('');
  useEffect(() => {
    if (editando || !carregados || !pessoaId) return;
    const chave = `${pessoaId}|${datas.join(',')}`;
    if (!oferecidos.length && avisado.current !== chave) {
      avisado.current = chave;
      toast.show('warn', FORA_DA_COLHEITA);
    }
  }, [oferecidos, carregados, pessoaId, datas, editando, toast]);
}

/**
 * The entries typed while the items loaded (queued, added in their order once they arrive), and those not added and
 * why; another producer or other dates clear what was not added.
 */
function useFila(o: {
  form: UseFormReturn<RomaneioForm>;
  itensProntos: boolean;
  oferecidos: BoletimItemProduto[];
  pessoaId: number | null | undefined;
  datas: string[];
}) {
  const { form, itensProntos, oferecidos, pessoaId, datas } = o;
  const [fila, setFila] = useState<ItemNaFila[]>([]);
  const [naoAdicionados, setNaoAdicionados] = useState<ItemNaoAdicionado[]>([]);
  /** How many queued entries matched nothing, ever (a save waiting for the queue stops if this grew). */
  const [recusadosDaFila, setRecusadosDaFila] = useState(0);
  // The entries typed while the items loaded, added in their order once they arrive (what matches no item says why).
  useEffect(() => {
    if (!fila.length || !itensProntos) return;
    const atuais = form.getValues('itens') ?? [];
    const ja = new Set(atuais.map((i) => i.boletimItensId));
    const novos: ItemForm[] = [];
    const recusados: ItemNaoAdicionado[] = [];
    for (const e of fila) {
      const [achado] = filtrarOpcoes(
        oferecidos.map((i) => ({ label: rotuloDoItem(i), busca: buscaDoItem(i), item: i })),
        e.texto,
      );
      if (!achado || ja.has(achado.item.id)) recusados.push({ ...e, repetido: !!achado });
      else {
        ja.add(achado.item.id);
        novos.push(paraForm(achado.item, e.quantidade));
      }
    }
    setFila([]);
    // A message on the items (a save tried with none) goes once they are in.
    if (novos.length) form.setValue('itens', [...atuais, ...novos], { shouldDirty: true, shouldValidate: !!form.getFieldState('itens').error });
    if (recusados.length) {
      setNaoAdicionados((l) => [...l, ...recusados]);
      setRecusadosDaFila((n) => n + recusados.length);
    }
  }, [fila, itensProntos]); // eslint-disable-line react-hooks/exhaustive-deps
  // Another producer or other dates: what was not added no longer concerns the form. A producer chosen where there was
  // none keeps what was refused before it (typed with no producer): it was never added, and the clerk must see so.
  const produtorAntes = useRef(pessoaId);
  useEffect(() => {
    const antes = produtorAntes.current;
    produtorAntes.current = pessoaId;
    if (antes && antes !== pessoaId) setNaoAdicionados([]);
  }, [pessoaId]);
  useEffect(() => setNaoAdicionados([]), [datas]);
  return { fila, setFila, naoAdicionados, setNaoAdicionados, recusadosDaFila };
}

/**
 * The new item (the items field's new-row editor): product (Enter picks it, the focus goes to the quantity) and
 * quantity (Enter adds the row with exactly what was typed, the focus goes back to the product); 'Adicionar todos'
 * adds every product offered and not yet added with the quantity typed. A product typed and not picked waits in the
 * queue while the items load, or is said not added.
 */
function useNovoItem(o: {
  esperandoItens: boolean;
  setFila: Dispatch<SetStateAction<ItemNaFila[]>>;
  setNaoAdicionados: Dispatch<SetStateAction<ItemNaoAdicionado[]>>;
  produtosOpcoes: { label: string; value: number; busca: string }[];
  pessoaId: number | null | undefined;
  itens: ItemForm[];
  oferecidos: BoletimItemProduto[];
}) {
  const { esperandoItens, setFila, setNaoAdicionados, produtosOpcoes, pessoaId, itens, oferecidos } = o;
  /** What the Produto box holds typed (not picked). */
  const produtoDigitado = useRef<string | null>(null);
  /** A fresh Produto box after an entry was queued (its text goes to the queue). */
  const [caixaProduto, setCaixaProduto] = useState(0);
  /** A fresh Produto box, its text gone to the queue or to what was not added. */
  const caixaNova = () => {
    produtoDigitado.current = null;
    setCaixaProduto((n) => n + 1);
  };

  const novasLinhas =
    (todos: boolean) =>
    (r: NovoItemForm): NovasLinhas<ItemForm, NovoItemForm> => {
      const q = lerQuantidade(r.quantidade);
      const v = quantidadeItem.safeParse(q ?? undefined);
      let boletimItensId = r.boletimItensId;
      // A product typed and not picked (Enter came while the items were loading).
      const digitado = produtoDigitado.current?.trim();
      if (!todos && !boletimItensId && digitado) {
        if (!v.success) return { erros: { quantidade: v.error.issues[0].message } };
        if (esperandoItens) {
          setFila((f) => [...f, { texto: digitado, quantidade: q! }]);
          caixaNova();
          return { linhas: [] };
        }
        const achado = filtrarOpcoes(produtosOpcoes, digitado)[0];
        // Not found: said under the items (why), and the editor is ready for the next product (the typing goes on).
        if (!achado) setNaoAdicionados((l) => [...l, { texto: digitado, quantidade: q!, repetido: false, semProdutor: !pessoaId }]);
        caixaNova();
        if (!achado) return { linhas: [] };
        // Found now that the list is in: added as if picked.
        boletimItensId = achado.value;
      }
      return linhasEscolhidas({ todos, boletimItensId, quantidade: q, erroQuantidade: v.success ? undefined : v.error.issues[0].message, itens, oferecidos });
    };
  return { caixaProduto, aoDigitarProduto: (t: string | null) => (produtoDigitado.current = t), novasLinhas };
}

/**
 * What the gate's items section works with (create): the chosen producer's bulletin items harvestable on a chosen date
 * (decision 0125), the products typed while they load (queued, added in order once they arrive), those
 * that could not be added and why, each row's withdrawal-period refusal, and how the new-row draft becomes
 * rows ('Adicionar' and 'Adicionar todos').
 */
export function useItensDoRomaneio(o: {
  form: UseFormReturn<RomaneioForm>;
  editando: boolean;
  pessoaId: number | null | undefined;
  datas: string[];
  itens: ItemForm[];
  /**
   * The producers' list is loading, or a producer typed and Enter while it loaded is not chosen yet: the products typed
   * wait for that producer (never refused as typed without one).
   */
  produtoresCarregando: boolean;
}) {
  const { form, editando, pessoaId, datas, itens } = o;
  const doProdutor = useItensDoProdutor(pessoaId, datas, !editando);
  const itensProntos = !!pessoaId && !!doProdutor.data && !doProdutor.isFetching;
  // The products wait for the producer's items, and for the producer picked while its list loads.
  const esperandoItens = (!!pessoaId && !itensProntos) || (!editando && o.produtoresCarregando);
  // Every bulletin item of the producer, read once the harvestable ones are in: a product typed and not offered is
  // told apart as out of its harvest window or without a bulletin item at all.
  const todosDoProdutor = useItensDoProdutor(pessoaId, [], !editando && itensProntos);
  const semProduto = (texto: string) =>
    !todosDoProdutor.data
      ? 'Verificando os boletins do produtor...'
      : todosDoProdutor.data.some((i) => filtrarOpcoes([{ label: buscaDoItem(i) }], texto).length)
        ? FORA_DA_COLHEITA
        : PRODUTO_SEM_BOLETIM;

  // The producer's bulletin items harvestable on at least one chosen date.
  const oferecidos = useMemo(() => (doProdutor.data ?? []).filter((i) => datas.some((d) => colheitaContem(i, d))), [doProdutor.data, datas]);
  useAvisoForaDaColheita({ editando, carregados: !!doProdutor.data, pessoaId, datas, oferecidos });
  const { fila, setFila, naoAdicionados, setNaoAdicionados, recusadosDaFila } = useFila({ form, itensProntos, oferecidos, pessoaId, datas });

  const produtosOpcoes = oferecidos.map((i) => ({ label: rotuloDoItem(i), value: i.id, busca: buscaDoItem(i) }));
  const novo = useNovoItem({ esperandoItens, setFila, setNaoAdicionados, produtosOpcoes, pessoaId, itens, oferecidos });

  const daChegada = (c: Pick<ChegadaRegistro, 'data' | 'itens'>) => itensDaChegada(oferecidos, c);

  return {
    doProdutor,
    itensProntos,
    daChegada,
    esperandoItens,
    oferecidos,
    produtosOpcoes,
    pesos: usePesosDosProdutos([...oferecidos.map((i) => i.produtoId), ...itens.map((i) => i.produtoId)]),
    semProduto,
    fila,
    recusadosDaFila,
    naoAdicionados,
    ...novo,
    /** Each row's withdrawal-period refusal: read from the row being drawn and from the form's values at save (the items field adds rows without re-rendering the form). */
    carenciaDe: (i: ItemForm) => mensagensDeCarencia([i], datas, doProdutor.data).get(i.boletimItensId),
    carenciaNoSalvar: () =>
      mensagensDeCarencia(form.getValues('itens') ?? [], datas, doProdutor.data)
        .values()
        .next().value,
  };
}

export type ItensDoRomaneio = ReturnType<typeof useItensDoRomaneio>;
