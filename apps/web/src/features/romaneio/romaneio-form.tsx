import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import {
  anosRomaneio,
  colheitaContem,
  dataEmissaoNosDias,
  FORA_DA_COLHEITA,
  formatDate,
  nomesDosDiasDeMercado,
  PRODUTO_JA_ADICIONADO,
  QUANTIDADE_MAXIMA,
  quantidadeItem,
  romaneioRecurso,
  type BoletimItemProduto,
  type Romaneio,
} from '@ceasa/shared';
import { EntradaData } from '../../components/form/entrada-data';
import { ehDataIso } from '../../components/form/mascaras';
import { SelectField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { ItemsField } from '../../components/form/items-field';
import { useResourceForm } from '../../components/form/use-resource-form';
import { opcoesPessoas, usePessoasDoTipo } from '../../lib/opcoes-pessoa';
import { useSettings } from '../../lib/settings';
import { useToast } from '../../lib/toast';
import { DividaField } from '../../components/form/divida-field';
import { useItensNoServidor } from '../../lib/use-itens-no-servidor';
import { useItensDoProdutor, usePedrasLivres } from './api';
import { formSchema, loteDoFormulario, type ItemForm, type RomaneioForm } from './romaneio-lote';
import './romaneio-form.css';

const rotuloDoItem = (i: BoletimItemProduto) =>
  `${i.produtoNome} (${i.produtoEmbalagem}) — colheita ${formatDate(i.inicioColheita)} a ${formatDate(i.fimColheita)}`;
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
 * The romaneio form (SPEC.md 'Romaneio form', sections 4, 5, 8): on create, the issue dates, debt
 * (looked up on leaving it), producer, stalls free on every date and the items of the producer's
 * bulletins harvestable then; saved as ONE POST of one romaneio per date (each with only the items
 * harvestable that day). On edit everything but the quantities is read-only, and a quantity is saved
 * at once (PUT romaneioitens/updateQtde). `?pedra=<numero>&data=<yyyy-mm-dd>` preselects a stall and date.
 */
export default function RomaneioForm() {
  const [params] = useSearchParams();
  const dataInicial = params.get('data');
  const pedraInicial = params.get('pedra');
  const f = useResourceForm<RomaneioForm, Romaneio>({
    recurso: romaneioRecurso,
    schema: formSchema as never,
    defaults: { datas: ehDataIso(dataInicial) ? [dataInicial] : [], divida: undefined, pessoaId: undefined, pedras: [], avulsa: false, itens: [] },
    toForm: (r) => ({
      datas: [r.dataEmissao],
      divida: r.divida,
      pessoaId: r.pessoaId,
      pedras: r.pedras.map((p) => p.pedrasId),
      avulsa: r.pedras.some((p) => p.ocupacao === 'avulsa'),
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
    }),
    toBody: loteDoFormulario,
  });
  const { control, setValue, getValues } = f.form;
  const editando = f.editando;
  const toast = useToast();
  const settings = useSettings();
  const produtores = usePessoasDoTipo(1);
  const datasVistas = useWatch({ control, name: 'datas' });
  const datas = useMemo(() => datasVistas ?? [], [datasVistas]);
  const pessoaId = useWatch({ control, name: 'pessoaId' });
  const itens = (useWatch({ control, name: 'itens' }) ?? []) as ItemForm[];
  const livres = usePedrasLivres(datas, !editando);
  const doProdutor = useItensDoProdutor(pessoaId, !editando);

  // Changing the dates clears the producer and the items, and keeps only the stalls still free on every date.
  const datasAntes = useRef(datas.join(','));
  useEffect(() => {
    const chave = datas.join(',');
    if (editando || chave === datasAntes.current) return;
    datasAntes.current = chave;
    setValue('pessoaId', null as unknown as number);
    setValue('itens', []);
  }, [datas, editando, setValue]);
  useEffect(() => {
    if (editando || !livres.data) return;
    const ids = new Set(livres.data.map((p) => p.id));
    const escolhidas = getValues('pedras');
    if (escolhidas.some((p) => !ids.has(p)))
      setValue(
        'pedras',
        escolhidas.filter((p) => ids.has(p)),
      );
  }, [livres.data, editando, getValues, setValue]);

  // ?pedra=<numero>: chosen once the free stalls of the date are known.
  const pedraAplicada = useRef(false);
  useEffect(() => {
    if (editando || pedraAplicada.current || !pedraInicial || !livres.data) return;
    pedraAplicada.current = true;
    const p = livres.data.find((x) => x.numero.trim() === pedraInicial.trim());
    if (p) setValue('pedras', [p.id]);
    else toast.show('warn', `Pedra ${pedraInicial}`, 'A pedra não está livre nas datas escolhidas.');
  }, [livres.data, pedraInicial, editando, setValue, toast]);

  // The producer's bulletin items harvestable on at least one chosen date.
  const oferecidos = useMemo(() => (doProdutor.data ?? []).filter((i) => datas.some((d) => colheitaContem(i, d))), [doProdutor.data, datas]);
  const avisado = useRef<string>('');
  useEffect(() => {
    if (editando || !doProdutor.data || !pessoaId) return;
    const chave = `${pessoaId}|${datas.join(',')}`;
    if (!oferecidos.length && avisado.current !== chave) {
      avisado.current = chave;
      toast.show('warn', FORA_DA_COLHEITA);
    }
  }, [oferecidos, doProdutor.data, pessoaId, datas, editando, toast]);

  // The new item: product and quantity; Enter in the quantity adds it and focus returns to the product.
  const [produtoNovo, setProdutoNovo] = useState<number | null>(null);
  const [qtdeNova, setQtdeNova] = useState<number | null>(null);
  const [novaEntrada, setNovaEntrada] = useState(0);
  const [erroNovo, setErroNovo] = useState<{ produto?: string; quantidade?: string }>({});
  const produtoRef = useRef<HTMLInputElement>(null);
  const qtdeDigitada = useRef<number | null>(null);

  const quantidadeValida = (q: number | null) => {
    const r = quantidadeItem.safeParse(q ?? undefined);
    return r.success ? null : r.error.issues[0].message;
  };
  const adicionar = (todos: boolean) => {
    const q = qtdeDigitada.current;
    const erroQ = quantidadeValida(q);
    const ja = new Set(itens.map((i) => i.boletimItensId));
    const escolhidos = todos ? oferecidos.filter((i) => !ja.has(i.id)) : oferecidos.filter((i) => i.id === produtoNovo);
    const erros = { produto: !todos && !produtoNovo ? 'O produto é obrigatório' : undefined, quantidade: erroQ ?? undefined };
    if (!todos && produtoNovo && ja.has(produtoNovo)) erros.produto = PRODUTO_JA_ADICIONADO;
    if (todos && !escolhidos.length) erros.produto = oferecidos.length ? 'Todos os produtos já foram adicionados' : FORA_DA_COLHEITA;
    setErroNovo(erros);
    if (erros.produto || erros.quantidade) return;
    setValue('itens', [...getValues('itens'), ...escolhidos.map((i) => paraForm(i, q!))], { shouldValidate: f.form.formState.isSubmitted });
    // Focus first: leaving the quantity commits its text, which the clearing below then overrides.
    produtoRef.current?.focus();
    qtdeDigitada.current = null;
    setProdutoNovo(null);
    setQtdeNova(null);
    // A new quantity input: the number input keeps its text when its value was null before and after.
    setNovaEntrada((n) => n + 1);
  };

  // Edit: a quantity is saved on leaving its cell.
  const noServidor = useItensNoServidor<RomaneioForm, ItemForm>({
    form: f.form,
    name: 'itens',
    base: 'romaneioitens',
    itens: f.registro?.itens,
    ativo: editando,
    quantidade: quantidadeItem,
  });

  const opcoesPedras = (livres.data ?? []).map((p) => ({ label: p.numero, value: p.id }));
  const produtoresOpcoes = opcoesPessoas(produtores.data);

  return (
    <FormPage
      form={f}
      titulo={editando ? `Editar Romaneio ${f.registro?.id ?? ''}` : 'Novo Romaneio'}
      botoes={
        // Edit: no save (quantities are saved one by one). Create: disabled until there is an item.
        editando ? <></> : <Button type="submit" label="Salvar" icon="pi pi-check" loading={f.salvando} disabled={f.bloqueado || !itens.length} />
      }
    >
      <Controller
        control={control}
        name="datas"
        render={({ field, fieldState }) =>
          editando ? (
            <div className="field">
              <label htmlFor="campo-datas">Data de Emissão</label>
              <InputText id="campo-datas" value={(field.value ?? []).map(formatDate).join(', ')} disabled />
            </div>
          ) : (
            <DatasDeMercado datas={field.value ?? []} onChange={field.onChange} erro={fieldState.error?.message} diasDeMercado={settings.diasDeMercado} />
          )
        }
      />
      <div className="romaneio-campos">
        <DividaField control={control} name="divida" rota="romaneio" disabled={editando} />
        {editando ? (
          <div className="field">
            <label htmlFor="campo-pessoaId">Produtor</label>
            <InputText id="campo-pessoaId" value={f.registro?.produtorNome ?? ''} disabled />
          </div>
        ) : (
          <SelectField
            control={control}
            name="pessoaId"
            label="Produtor"
            options={produtoresOpcoes}
            loading={produtores.isLoading}
            emptyMessage="Nenhum produtor encontrado"
            placeholder={datas.length ? 'Selecione' : 'Escolha as datas primeiro'}
          />
        )}
        <Controller
          control={control}
          name="pedras"
          render={({ field }) => (
            <div className="field">
              <label htmlFor="campo-pedras">Pedras</label>
              {editando ? (
                <InputText id="campo-pedras" value={(f.registro?.pedras ?? []).map((p) => p.pedrasNumero).join(', ') || 'Nenhuma'} disabled />
              ) : (
                <MultiSelect
                  inputId="campo-pedras"
                  value={field.value ?? []}
                  options={opcoesPedras}
                  onChange={(e) => field.onChange(e.value ?? [])}
                  onBlur={field.onBlur}
                  filter
                  display="chip"
                  placeholder={datas.length ? 'Pedras livres em todas as datas' : 'Escolha as datas primeiro'}
                  emptyMessage={datas.length ? 'Nenhuma pedra livre em todas as datas' : 'Escolha as datas primeiro'}
                  emptyFilterMessage="Nenhuma pedra encontrada"
                  loading={livres.isFetching}
                  maxSelectedLabels={12}
                  selectedItemsLabel="{0} pedras"
                />
              )}
            </div>
          )}
        />
        <Controller
          control={control}
          name="avulsa"
          render={({ field }) => (
            <div className="field-checkbox">
              <Checkbox inputId="campo-avulsa" checked={!!field.value} onChange={(e) => field.onChange(!!e.checked)} disabled={editando} />
              <label htmlFor="campo-avulsa">Ocupação avulsa</label>
            </div>
          )}
        />
      </div>

      <fieldset className="items-field romaneio-itens">
        <legend>Itens</legend>
        {editando && <p className="muted">A quantidade alterada é salva ao sair do campo.</p>}
        {!editando && (
          <>
            <p className="muted">É obrigatório vincular ao menos 1 produto dentro do período de colheita válido.</p>
            <div
              className="items-novo"
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.target as HTMLElement).id === 'novo-quantidade') {
                  e.preventDefault();
                  adicionar(false);
                }
              }}
            >
              <div className="field">
                <label htmlFor="novo-produto">Produto</label>
                <Dropdown
                  inputId="novo-produto"
                  focusInputRef={produtoRef}
                  value={produtoNovo}
                  options={oferecidos.map((i) => ({ label: rotuloDoItem(i), value: i.id }))}
                  onChange={(e) => {
                    setProdutoNovo((e.value as number | null) ?? null);
                    setErroNovo({ ...erroNovo, produto: undefined });
                  }}
                  placeholder={pessoaId ? 'Selecione' : 'Escolha o produtor primeiro'}
                  emptyMessage={pessoaId ? FORA_DA_COLHEITA : 'Escolha o produtor primeiro'}
                  filter={oferecidos.length > 8}
                  loading={doProdutor.isFetching}
                  className={erroNovo.produto ? 'p-invalid' : undefined}
                  style={{ minWidth: '22rem' }}
                />
                {erroNovo.produto && <small className="p-error">{erroNovo.produto}</small>}
              </div>
              <div className="field">
                <label htmlFor="novo-quantidade">Quantidade</label>
                <InputNumber
                  key={novaEntrada}
                  inputId="novo-quantidade"
                  value={qtdeNova}
                  onValueChange={(e) => {
                    qtdeDigitada.current = e.value ?? null;
                    setQtdeNova(e.value ?? null);
                  }}
                  onChange={(e) => (qtdeDigitada.current = (e.value as number | null) ?? null)}
                  locale="pt-BR"
                  minFractionDigits={2}
                  maxFractionDigits={2}
                  min={0}
                  max={QUANTIDADE_MAXIMA}
                  className={erroNovo.quantidade ? 'p-invalid' : undefined}
                />
                {erroNovo.quantidade && <small className="p-error">{erroNovo.quantidade}</small>}
              </div>
              <Button type="button" label="Adicionar" icon="pi pi-plus" onClick={() => adicionar(false)} />
              <Button type="button" label="Adicionar todos" icon="pi pi-plus-circle" outlined onClick={() => adicionar(true)} />
            </div>
          </>
        )}
        <ItemsField<RomaneioForm, ItemForm>
          control={control}
          name="itens"
          titulo="Produtos adicionados"
          remover={!editando}
          rotuloDaLinha={(i) => i.produtoNome}
          vazio="Nenhum produto adicionado"
          colunas={[
            { field: 'produtoNome', header: 'Produto' },
            { field: 'produtoEmbalagem', header: 'Embalagem' },
            {
              field: 'quantidade',
              header: 'Quantidade',
              editor: 'numero',
              decimais: 2,
              min: 0,
              max: QUANTIDADE_MAXIMA,
              rotulo: (i) => `Quantidade de ${i.produtoNome}`,
              aoSair: noServidor.aoSair,
            },
            { field: 'inicioColheita', header: 'Início Colheita', body: (i) => formatDate(i.inicioColheita) },
            { field: 'fimColheita', header: 'Fim Colheita', body: (i) => formatDate(i.fimColheita) },
          ]}
        />
      </fieldset>
      {!editando && !itens.length && <small className="muted form-largo">Adicione ao menos um produto para salvar.</small>}
    </FormPage>
  );
}

/**
 * The issue dates: a date typed (or picked) and included with Enter or 'Incluir data', each shown with
 * a button that removes it. Only market days (settings' diasDeMercado) within the romaneio's years.
 */
function DatasDeMercado(p: { datas: string[]; onChange: (v: string[]) => void; erro?: string; diasDeMercado: number[] }) {
  const [texto, setTexto] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string>();
  const anos = anosRomaneio();
  const dias = nomesDosDiasDeMercado(p.diasDeMercado);
  const incluir = () => {
    const r = dataEmissaoNosDias(p.diasDeMercado).safeParse(texto ?? '');
    if (!r.success) return setAviso(r.error.issues[0].message);
    const d = r.data;
    if (p.datas.includes(d)) return setAviso(`${formatDate(d)} já foi incluída`);
    setAviso(undefined);
    setTexto(null);
    p.onChange([...p.datas, d].sort());
  };
  const erro = aviso ?? p.erro;
  return (
    <div className="field romaneio-datas">
      <label htmlFor="campo-data-nova">Datas de Emissão</label>
      <div
        className="romaneio-data-nova"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).id === 'campo-data-nova') {
            e.preventDefault();
            incluir();
          }
        }}
      >
        <EntradaData
          id="campo-data-nova"
          value={texto}
          onChange={setTexto}
          yearRange={anos}
          aria-invalid={!!erro || undefined}
          aria-describedby={erro ? 'campo-datas-erro' : 'campo-datas-escolhidas'}
        />
        <Button type="button" label="Incluir data" icon="pi pi-plus" outlined onClick={incluir} />
      </div>
      <div id="campo-datas-escolhidas" className="romaneio-datas-escolhidas" aria-live="polite" data-testid="datas-escolhidas">
        {p.datas.length ? (
          <>
            <span className="muted">Escolhidas:</span>
            {p.datas.map((d) => (
              <Button
                key={d}
                type="button"
                label={formatDate(d)}
                icon="pi pi-times"
                iconPos="right"
                size="small"
                severity="secondary"
                outlined
                aria-label={`Remover a data ${formatDate(d)}`}
                onClick={() => p.onChange(p.datas.filter((x) => x !== d))}
              />
            ))}
          </>
        ) : (
          <span className="muted">Inclua uma ou mais datas de mercado ({dias})</span>
        )}
      </div>
      {erro && (
        <small id="campo-datas-erro" className="p-error" role="alert">
          {erro}
        </small>
      )}
    </div>
  );
}
