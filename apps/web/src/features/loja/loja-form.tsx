import { useParams } from 'react-router';
import { LOJA_SEM_ITENS, lojaItemInput, lojaRecurso, quantidadeItem, type Loja, type LojaInput } from '@ceasa/shared';
import { formatQuantidadeEmbalagens } from '@ceasa/shared/format';
import { DateField, SelectDaLista } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { editorNumero, editorOpcoes, ItemsField, type ItemColumn } from '../../components/form/items-field';
import type { Novo } from '../../components/form/itens/use-linhas';
import { useResourceForm } from '../../components/form/use-resource-form';
import { useMunicipioOpcoes } from '../../lib/opcoes-municipio';
import { comProdutosSalvos, useProdutoOpcoes } from '../../lib/opcoes-produto';
import { useToast } from '../../lib/toast';
import { useItensNoServidor } from '../../components/form/use-itens-no-servidor';
import { useLojistaOpcoes, useLotesDoDia } from './api';

/** A row of the items table: the input's fields and, for a saved item, the names the server gave. */
type ItemForm = NonNullable<LojaInput['itens']>[number] & { produtoNome?: string; municipioNome?: string; produtoPesoEmKg?: number; lote?: string | null };

/** A quantity counts packages of the product's embalagem (docs/produto/dados.md 'Derived values'). */
const QUANTIDADE = 'Quantidade (embalagens)';

/** docs/produto/funcionamento.md: the missing-item toast lasts 3 s. */
const DURACAO_SEM_ITENS = 3000;
const anos = `2000:${new Date().getFullYear() + 2}`;

const nome = (opcoes: { label: string; value: number }[], id: number | undefined, salvo?: string) => opcoes.find((o) => o.value === id)?.label ?? salvo ?? '';

/** The items' columns: municipality and product (by name), the quantity (edited), its weight and the lots sold. */
function colunasDaLoja(o: {
  municipios: { label: string; value: number }[];
  opcoesProduto: { label: string; value: number }[];
  aoSair: ItemColumn<ItemForm>['aoSair'];
  comUnidade: (i: ItemForm) => string;
}): ItemColumn<ItemForm>[] {
  return [
    { field: 'municipioId', header: 'Município', body: (i) => nome(o.municipios, i.municipioId, i.municipioNome) },
    { field: 'produtoId', header: 'Produto', body: (i) => nome(o.opcoesProduto, i.produtoId, i.produtoNome) },
    {
      field: 'quantidade',
      header: QUANTIDADE,
      editor: editorNumero({ decimais: 2 }),
      rotulo: (_i, n) => `Quantidade do item ${n + 1}`,
      aoSair: o.aoSair,
      style: { width: '12rem' },
    },
    { field: 'produtoPesoEmKg', header: 'Peso', body: o.comUnidade },
    // The lots the item sold (decision 0181): the recall from a lot finds this sheet's buyer.
    { field: 'lotes', header: 'Lote vendido', body: (i) => (i.lotes ?? []).join(', ') },
  ];
}

/** A saved sheet as the form shows it (the items with the names the server gave). */
function lojaNoFormulario(l: Loja): LojaInput {
  return {
    lojistaId: l.lojistaId,
    dataEmissao: l.dataEmissao,
    itens: l.itens.map((i) => ({
      id: i.id,
      produtoId: i.produtoId,
      municipioId: i.municipioId,
      quantidade: i.quantidade,
      produtoNome: i.produtoNome,
      municipioNome: i.municipioNome,
      lotes: i.lotes,
    })),
  };
}

/** The new-row editor of a sheet being created: municipality, product, quantity and the lot sold (optional). */
function novoItemDaLoja(
  municipios: { opcoes: { label: string; value: number }[]; isLoading: boolean },
  opcoesProduto: { label: string; value: number }[],
  produtosCarregando: boolean,
  lotes: ReturnType<typeof useLotesDoDia>,
): Novo<ItemForm> & { campos: ItemColumn<ItemForm>[]; rotuloBotao?: string } {
  return {
    campos: [
      { field: 'municipioId', header: 'Município', editor: editorOpcoes({ opcoes: municipios.opcoes, carregando: municipios.isLoading }) },
      { field: 'produtoId', header: 'Produto', editor: editorOpcoes({ opcoes: opcoesProduto, carregando: produtosCarregando }) },
      { field: 'quantidade', header: QUANTIDADE, editor: editorNumero({ decimais: 2 }) },
      {
        field: 'lote',
        header: 'Lote vendido',
        // Optional: Enter in the quantity still adds the row (the gate's keyboard, decision 0083).
        foraDoEnter: true,
        editor: editorOpcoes({ opcoes: lotes.opcoes, carregando: lotes.isLoading, vazio: 'Nenhum lote nesta data' }),
      },
    ],
    padrao: {
      id: null,
      municipioId: undefined as unknown as number,
      produtoId: undefined as unknown as number,
      quantidade: undefined as unknown as number,
      lote: null,
    },
    schema: lojaItemInput,
    // The picked lot goes as the item's 'lotes' (decision 0181); the row is checked by the shared schema.
    linhas: (r) => {
      const linha = { ...r, lotes: r.lote ? [r.lote] : undefined };
      const ok = lojaItemInput.safeParse(linha);
      return ok.success ? { linhas: [linha] } : { erros: Object.fromEntries(ok.error.issues.map((is) => [String(is.path[0] ?? ''), is.message])) };
    },
    rotuloBotao: 'Adicionar',
  };
}

/**
 * The shop sheet: shop owner, issue date and, on create, the items (municipality, product, quantity,
 * 'Adicionar'), all saved in one POST. On edit the owner and date are saved with 'Atualizar' while each
 * item's quantity and removal go to the server at once (useItensNoServidor).
 */
export default function LojaForm() {
  const toast = useToast();
  const editando = useParams().id !== undefined;
  const f = useResourceForm<LojaInput, Loja>({
    recurso: lojaRecurso,
    defaults: { lojistaId: undefined, dataEmissao: '', itens: [] },
    toForm: lojaNoFormulario,
    // The edit's 'Atualizar' saves owner and date; the items are already on the server.
    toBody: (v) => (editando ? { lojistaId: v.lojistaId, dataEmissao: v.dataEmissao } : v),
  });
  const { control } = f.form;
  const lojistas = useLojistaOpcoes();
  const municipios = useMunicipioOpcoes();
  const produtos = useProdutoOpcoes();
  const lotes = useLotesDoDia(f.form.watch('dataEmissao'));
  const opcoesProduto = comProdutosSalvos(produtos.opcoes, f.registro?.itens ?? []);
  const nomeDoProduto = (i: ItemForm) => i.produtoNome ?? produtos.data?.find((x) => x.id === i.produtoId)?.nome ?? 'Produto';
  const noServidor = useItensNoServidor<LojaInput, ItemForm>({
    form: f.form,
    name: 'itens',
    base: 'lojaitens',
    itens: f.registro?.itens,
    ativo: f.editando,
    quantidade: quantidadeItem,
    nome: nomeDoProduto,
    removido: (i) => `${nomeDoProduto(i)} removido da loja`,
    lista: 'loja',
    aoGravar: f.adotarVersao,
  });

  /** The row's quantity with its unit: '300 CX 20kg (6.000 kg)' (the product's packaging and weight, as listed or as saved). */
  const comUnidade = (i: ItemForm) => {
    const p = produtos.data?.find((x) => x.id === i.produtoId);
    const salvo = f.registro?.itens.find((x) => x.produtoId === i.produtoId);
    return formatQuantidadeEmbalagens(i.quantidade, p?.embalagem ?? salvo?.produtoEmbalagem, p?.pesoEmKg ?? salvo?.produtoPesoEmKg);
  };
  const colunas = colunasDaLoja({ municipios: municipios.opcoes, opcoesProduto, aoSair: noServidor.aoSair, comUnidade });

  const salvar = f.form.handleSubmit(
    (v) => f.salvar(v),
    (erros) => {
      if (!f.editando && erros.itens && !(f.form.getValues('itens') ?? []).length)
        toast.show('warn', 'Produto(s) não adicionado(s)!', LOJA_SEM_ITENS, DURACAO_SEM_ITENS);
    },
  );

  return (
    <FormPage form={f} onSubmit={salvar} titulo={f.editando ? `Editar Loja ${f.registro?.id ?? ''}` : 'Nova Loja'}>
      <SelectDaLista control={control} name="lojistaId" label="Lojista" lista={lojistas} vazio="Nenhum lojista encontrado" />
      <DateField control={control} name="dataEmissao" label="Data Emissão" yearRange={anos} />
      <div className="form-largo">
        <ItemsField<LojaInput, ItemForm>
          control={control}
          name="itens"
          titulo="Itens"
          colunas={colunas}
          rotuloDaLinha={(i, n) => `item ${n + 1} (${nome(opcoesProduto, i.produtoId, i.produtoNome)})`}
          vazio="Nenhum produto adicionado"
          remover
          aoRemover={noServidor.aoRemover}
          novo={f.editando ? undefined : novoItemDaLoja(municipios, opcoesProduto, produtos.isLoading, lotes)}
        />
      </div>
    </FormPage>
  );
}
