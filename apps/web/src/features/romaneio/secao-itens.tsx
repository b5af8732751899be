import type { Control } from 'react-hook-form';
import { formatDate, formatQuantidadeEmbalagens, FORA_DA_COLHEITA, PRODUTO_JA_ADICIONADO } from '@ceasa/shared';
import { editorNumero, ItemsField, type ItemColumn } from '../../components/form/items-field';
import { lerQuantidade } from './busca';
import { editorProduto, editorQuantidadeDigitada } from './editores-do-romaneio';
import type { Novo } from '../../components/form/itens/use-linhas';
import type { ItensDoRomaneio } from './use-itens-do-romaneio';
import { ESCOLHA_O_PRODUTOR, NOVO } from './use-itens-do-romaneio';
import type { ItemForm, NovoItemForm, RomaneioForm } from './romaneio-lote';

/** A quantity as typed back to the clerk, pt-BR: 20.5 → '20,5', 1250 → '1.250'. */
const formatDecimalBR = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(n);

/** The new item: product (typed, Enter picks it) and quantity (with its packages and kg beside it), 'Adicionar' and 'Adicionar todos'. */
function novoItem(
  e: ItensDoRomaneio,
  pessoaId: number | null | undefined,
): Novo<ItemForm, NovoItemForm> & {
  campos: ItemColumn<NovoItemForm>[];
  rotuloBotao: string;
  outros: { rotulo: string; linhas: NonNullable<Novo<ItemForm, NovoItemForm>['linhas']> }[];
} {
  const { oferecidos, pesos } = e;
  return {
    padrao: NOVO,
    linhas: e.novasLinhas(false),
    rotuloBotao: 'Adicionar',
    outros: [{ rotulo: 'Adicionar todos', linhas: e.novasLinhas(true) }],
    campos: [
      {
        field: 'boletimItensId',
        header: 'Produto',
        idNovo: 'novo-produto',
        editor: editorProduto({
          chave: e.caixaProduto,
          opcoes: e.produtosOpcoes,
          aoDigitar: e.aoDigitarProduto,
          esperando: e.esperandoItens,
          placeholder: pessoaId ? (e.doProdutor.isFetching ? 'Carregando...' : 'Digite o produto e Enter') : ESCOLHA_O_PRODUTOR,
          vazio: (t) => (pessoaId ? (!e.itensProntos ? 'Carregando...' : !oferecidos.length ? FORA_DA_COLHEITA : e.semProduto(t)) : ESCOLHA_O_PRODUTOR),
        }),
      },
      {
        field: 'quantidade',
        header: 'Quantidade',
        idNovo: 'novo-quantidade',
        editor: editorQuantidadeDigitada,
        dica: (r) => {
          const escolhido = oferecidos.find((i) => i.id === r.boletimItensId);
          return escolhido
            ? formatQuantidadeEmbalagens(lerQuantidade(r.quantidade) || 0, escolhido.produtoEmbalagem, pesos.get(escolhido.produtoId))
            : 'Escolha o produto';
        },
      },
    ],
  };
}

/** The items added: product (with its withdrawal-period refusal), quantity, unit and the harvest's days. */
function colunas(e: ItensDoRomaneio, aoSair: ((valor: unknown, item: ItemForm, index: number) => void) | undefined): ItemColumn<ItemForm>[] {
  return [
    {
      field: 'produtoNome',
      header: 'Produto',
      body: (i) => {
        const carencia = e.carenciaDe(i);
        return (
          <>
            {i.produtoNome}
            {carencia && (
              <small className="p-error romaneio-carencia" role="alert">
                {carencia}
              </small>
            )}
          </>
        );
      },
    },
    {
      field: 'quantidade',
      header: 'Quantidade',
      // No max: a quantity above the limit stays as typed and is refused with the schema's message.
      editor: editorNumero({ decimais: 2 }),
      rotulo: (i) => `Quantidade de ${i.produtoNome}`,
      aoSair,
    },
    // The unit beside the quantity: packages of the embalagem and their kg ('300 CX 20kg (6.000 kg)').
    {
      field: 'produtoEmbalagem',
      header: 'Unidade',
      body: (i) => formatQuantidadeEmbalagens(i.quantidade, i.produtoEmbalagem, e.pesos.get(i.produtoId)),
    },
    { field: 'inicioColheita', header: 'Início Colheita', body: (i) => formatDate(i.inicioColheita) },
    { field: 'fimColheita', header: 'Fim Colheita', body: (i) => formatDate(i.fimColheita) },
  ];
}

/**
 * The romaneio's items section. Create: the new item (product and quantity, 'Adicionar', 'Adicionar todos') over the
 * products added, with the products still awaited and those not added (and why) under them. Edit: only the quantities
 * change, each saved on leaving its cell (`aoSairDaQuantidade`).
 */
export function SecaoItens(p: {
  control: Control<RomaneioForm>;
  editando: boolean;
  pessoaId: number | null | undefined;
  itens: ItemForm[];
  entrada: ItensDoRomaneio;
  aoSairDaQuantidade?: (valor: unknown, item: ItemForm, index: number) => void;
}) {
  const e = p.entrada;
  return (
    <>
      <ItemsField<RomaneioForm, ItemForm, NovoItemForm>
        control={p.control}
        name="itens"
        titulo="Itens"
        className="romaneio-itens"
        ajuda={
          <p className="muted">
            {p.editando ? 'A quantidade alterada é salva ao sair do campo.' : 'É obrigatório vincular ao menos 1 produto dentro do período de colheita válido.'}
          </p>
        }
        tituloDasLinhas="Produtos adicionados"
        novo={p.editando ? undefined : novoItem(e, p.pessoaId)}
        remover={!p.editando}
        rotuloDaLinha={(i) => i.produtoNome}
        vazio="Nenhum produto adicionado"
        colunas={colunas(e, p.aoSairDaQuantidade)}
      />
      {!p.editando && <EsperaENaoAdicionados e={e} />}
    </>
  );
}

/** Under the items (create): the products still awaited, and those not added and why. */
function EsperaENaoAdicionados({ e }: { e: ItensDoRomaneio }) {
  return (
    <>
      {e.fila.length > 0 && (
        <small className="muted form-largo" role="status" data-testid="itens-na-fila">
          Aguardando os produtos do produtor: {e.fila.map((x) => `${x.texto} (${formatDecimalBR(x.quantidade)})`).join(', ')}
        </small>
      )}
      {e.naoAdicionados.length > 0 && (
        <div className="p-error form-largo" role="alert" data-testid="itens-nao-adicionados">
          {e.naoAdicionados.map((x, k) => (
            <div key={k}>
              {x.texto} ({formatDecimalBR(x.quantidade)}): {x.repetido ? PRODUTO_JA_ADICIONADO : x.semProdutor ? ESCOLHA_O_PRODUTOR : e.semProduto(x.texto)}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
