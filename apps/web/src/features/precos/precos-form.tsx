import { Button } from 'primereact/button';
import { precosRecurso, toIsoDate, type Preco, type PrecoInput } from '@ceasa/shared';
import { DateField, NumberField, SelectDaLista } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { useProdutoOpcoes } from '../../lib/opcoes-produto';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';

/** docs/produto/validacao.md: the price form's date picker covers 2010 to current year + 3. */
const ANOS_PRECO = `2010:${new Date().getFullYear() + 3}`;

export default function PrecosForm() {
  const produtos = useProdutoOpcoes();
  useErroAoCarregar(produtos.error, 'Erro ao buscar produtos!');
  const f = useResourceForm<PrecoInput, Preco>({
    recurso: precosRecurso,
    defaults: { data: toIsoDate(new Date()) ?? undefined, produtoId: undefined, valor: null },
    toForm: (p) => ({ data: p.data, produtoId: p.produtoId, valor: p.valor }),
    // Ask to be asked: a second price of the day or a value far from the last is confirmed first (decision 0137).
    toBody: (v) => ({ ...v, confirmar: false }),
    // Both questions are about the value: 'Não' leaves the cursor there, the value selected to be typed over.
    campoDaConfirmacao: 'valor',
  });
  const { control, handleSubmit, getValues, reset, setFocus } = f.form;

  /**
   * 'Salvar e continuar': stays on the form, keeps date and product, clears only the value; the focus goes
   * back to Produto with its text selected, so the next product typed starts a new search.
   */
  const salvarEContinuar = handleSubmit(async (v) => {
    const salvo = await f.salvar(v, { continuar: true });
    if (salvo) {
      // Untouched again, so leaving the empty value to pick another product shows no error; and with
      // nothing unsaved, leaving the form does not ask.
      reset({ ...getValues(), valor: null });
      // After the reset has settled (a focus asked in the same tick is lost).
      setTimeout(() => setFocus('produtoId', { shouldSelect: true }));
    }
  });

  return (
    <FormPage
      form={f}
      titulo={f.editando ? 'Editar Preço' : 'Novo Preço'}
      botoesExtra={!f.editando && <Button type="button" label="Salvar e continuar" icon="pi pi-plus" outlined onClick={() => void salvarEContinuar()} />}
    >
      <DateField control={control} name="data" label="Data" yearRange={ANOS_PRECO} />
      <SelectDaLista control={control} name="produtoId" label="Produto" lista={produtos} vazio="Nenhum produto encontrado" />
      <NumberField control={control} name="valor" label="Valor (R$)" moeda />
    </FormPage>
  );
}
