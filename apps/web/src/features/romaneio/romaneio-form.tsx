import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type FormEvent, type Ref } from 'react';
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
  PRODUTO_SEM_BOLETIM,
  cpfcnpjPublico,
  formatCpfCnpj,
  formatQuantidadeEmbalagens,
  quantidadeItem,
  romaneioRecurso,
  toIsoDate,
  type BoletimItemProduto,
  type Romaneio,
} from '@ceasa/shared';
import { ehDataIso } from '../../components/form/mascaras';
import { AvisoVersaoDesatualizada, versaoDesatualizada } from '../../components/form/versao-desatualizada';
import { FormPage } from '../../components/form/form-page';
import { ItemsField, type EditorProprio, type NovasLinhas } from '../../components/form/items-field';
import { useResourceForm } from '../../components/form/use-resource-form';
import { useProdutoresAtivos } from '../../lib/opcoes-pessoa';
import { useSettings } from '../../lib/settings';
import { AvisoDiaSemMercado } from '../../components/aviso-dia-sem-mercado';
import { useCalendarioDeMercado } from '../../lib/calendario';
import { useToast } from '../../lib/toast';
import { DividaField } from '../../components/form/divida-field';
import { useItensNoServidor } from '../../lib/use-itens-no-servidor';
import { useItensDoProdutor, useMunicipiosDosProdutores, usePedrasLivres, usePesosDosProdutos } from './api';
import { filtrarOpcoes, lerQuantidade } from './busca';
import { acimaDoSaldo, contribuinteDiferente, romaneiosNoDia } from './avisos';
import { CampoBusca } from './campo-busca';
import { confirmarAvisos } from './confirmar-avisos';
import { useAvisosDaCarteira } from './aviso-carteira';
import { CampoPedras } from './campo-pedras';
import { CampoChavesNfe } from './campo-chaves-nfe';
import { CorrecaoRomaneio } from './romaneio-correcao';
import { mensagensDeCarencia } from './carencia-dos-itens';
import { EntradaDataDeMercado } from './entrada-data-mercado';
import { formSchema, loteDoFormulario, type ItemForm, type RomaneioForm } from './romaneio-lote';
import './romaneio-form.css';

const rotuloDoItem = (i: BoletimItemProduto) =>
  `${i.produtoNome} (${i.produtoEmbalagem}) — colheita ${formatDate(i.inicioColheita)} a ${formatDate(i.fimColheita)}`;
const buscaDoItem = (i: BoletimItemProduto) => `${i.produtoNome} ${i.produtoEmbalagem}`;

/**
 * The producer picker's options (issue 28): the name, the masked CPF and the municipalities tell look-alike names
 * apart; the search also finds the CPF's digits (whole or from a group's start: '123456', '456').
 */
export const opcoesDeProdutores = (l: { id: number; nome: string; cpfcnpj: string }[] | undefined, municipios: Map<number, string>) =>
  (l ?? []).map((p) => ({
    label: [p.nome, cpfcnpjPublico(p.cpfcnpj), municipios.get(p.id)].filter(Boolean).join(' — '),
    value: p.id,
    busca: `${p.nome} ${p.cpfcnpj.replace(/\D/g, '')} ${formatCpfCnpj(p.cpfcnpj)}`,
    escolhido: p.nome,
  }));

/** A quantity as typed back to the clerk, pt-BR: 20.5 → '20,5', 1250 → '1.250'. */
const formatDecimalBR = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(n);

/** A product typed and its quantity, entered while the producer's items were loading: added when they arrive. */
interface ItemNaFila {
  texto: string;
  quantidade: number;
}
/** The new-row editor's draft: the bulletin item chosen and the quantity as typed (a text). */
const NOVO = { boletimItensId: null, quantidade: '' } as unknown as ItemForm;
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
    defaults: {
      datas: ehDataIso(dataInicial) ? [dataInicial] : [],
      divida: undefined,
      pessoaId: undefined,
      pedras: [],
      avulsa: false,
      itens: [],
      chavesNfe: [],
    },
    toForm: (r) => ({
      datas: [r.dataEmissao],
      divida: r.divida,
      pessoaId: r.pessoaId,
      pedras: r.pedras.map((p) => p.pedrasId),
      avulsa: r.pedras.some((p) => p.ocupacao === 'avulsa'),
      chavesNfe: r.chavesNfe,
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
  const datasVistas = useWatch({ control, name: 'datas' });
  const datas = useMemo(() => datasVistas ?? [], [datasVistas]);
  // The producers with a harvest in the year before the earliest date chosen or later (decision 0126), and the
  // chosen producer's items harvestable on a chosen date (decision 0125): a season's rows after any number of years.
  const diaDosProdutores = datas.length ? [...datas].sort()[0] : toIsoDate(new Date())!;
  const produtores = useProdutoresAtivos(diaDosProdutores, !editando);
  const avisosDaCarteira = useAvisosDaCarteira();
  const municipios = useMunicipiosDosProdutores(diaDosProdutores, !editando);
  const pessoaId = useWatch({ control, name: 'pessoaId' });
  const itens = (useWatch({ control, name: 'itens' }) ?? []) as ItemForm[];
  const livres = usePedrasLivres(datas, !editando);
  const doProdutor = useItensDoProdutor(pessoaId, datas, !editando);
  const itensProntos = !!pessoaId && !!doProdutor.data && !doProdutor.isFetching;
  // The products wait for the producer's items, and for the producer picked while its list loads.
  const esperandoItens = (!!pessoaId && !itensProntos) || (!editando && produtores.isFetching);
  // Every bulletin item of the producer, read once the harvestable ones are in: a product typed and not offered is
  // told apart as out of its harvest window or without a bulletin item at all.
  const todosDoProdutor = useItensDoProdutor(pessoaId, [], !editando && itensProntos);
  const semProduto = (texto: string) =>
    !todosDoProdutor.data
      ? 'Verificando os boletins do produtor...'
      : todosDoProdutor.data.some((i) => filtrarOpcoes([{ label: buscaDoItem(i) }], texto).length)
        ? FORA_DA_COLHEITA
        : PRODUTO_SEM_BOLETIM;
  /** What the Produto box holds typed (not picked), and the entries typed while the items loaded. */
  const produtoDigitado = useRef<string | null>(null);
  const [fila, setFila] = useState<ItemNaFila[]>([]);
  const [naoAdicionados, setNaoAdicionados] = useState<(ItemNaFila & { repetido: boolean })[]>([]);
  /** A fresh Produto box after an entry was queued (its text goes to the queue). */
  const [caixaProduto, setCaixaProduto] = useState(0);
  // Withdrawal period (issue 19): each row's refusal, shown on the row as soon as item and dates are chosen.
  // Read from the row being drawn and from the form's values at save: the items field adds rows without
  // re-rendering this form, so a map of `itens` from here would lag a row behind.
  const carenciaDe = (i: ItemForm) => mensagensDeCarencia([i], datas, doProdutor.data).get(i.boletimItensId);

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

  // The entries typed while the items loaded, added in their order once they arrive (what matches no item says why).
  useEffect(() => {
    if (!fila.length || !itensProntos) return;
    const atuais = (getValues('itens') ?? []) as ItemForm[];
    const ja = new Set(atuais.map((i) => i.boletimItensId));
    const novos: ItemForm[] = [];
    const recusados: (ItemNaFila & { repetido: boolean })[] = [];
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
    if (novos.length) setValue('itens', [...atuais, ...novos], { shouldDirty: true });
    if (recusados.length) setNaoAdicionados((l) => [...l, ...recusados]);
  }, [fila, itensProntos]); // eslint-disable-line react-hooks/exhaustive-deps
  // Another producer or other dates: what was not added no longer concerns the form.
  useEffect(() => setNaoAdicionados([]), [pessoaId, datas]);

  // The new item (the items field's new-row editor): product (Enter picks it, the focus goes to the quantity) and
  // quantity (Enter adds the row with exactly what was typed, the focus goes back to the product); 'Adicionar todos'
  // adds every product offered and not yet added with the quantity typed.
  const novasLinhas =
    (todos: boolean) =>
    (r: ItemForm): NovasLinhas<ItemForm> => {
      // The draft's quantity is the text typed.
      const q = lerQuantidade(r.quantidade as unknown as string);
      const v = quantidadeItem.safeParse(q ?? undefined);
      // A product typed and not picked (Enter came while the items were loading).
      const digitado = produtoDigitado.current?.trim();
      if (!todos && !r.boletimItensId && digitado) {
        if (!v.success) return { erros: { quantidade: v.error.issues[0].message } };
        if (esperandoItens) {
          setFila((f) => [...f, { texto: digitado, quantidade: q! }]);
          produtoDigitado.current = null;
          setCaixaProduto((n) => n + 1);
          return { linhas: [] };
        }
        const achado = filtrarOpcoes(produtosOpcoes, digitado)[0];
        if (!achado) {
          // Said under the items (why), and the editor is ready for the next product: the typing goes on.
          setNaoAdicionados((l) => [...l, { texto: digitado, quantidade: q!, repetido: false }]);
          produtoDigitado.current = null;
          setCaixaProduto((n) => n + 1);
          return { linhas: [] };
        }
        // Found now that the list is in: added as if picked, and the box starts afresh for the next.
        produtoDigitado.current = null;
        setCaixaProduto((n) => n + 1);
        r = { ...r, boletimItensId: achado.value };
      }
      const ja = new Set(itens.map((i) => i.boletimItensId));
      const escolhidos = todos ? oferecidos.filter((i) => !ja.has(i.id)) : oferecidos.filter((i) => i.id === r.boletimItensId);
      // A product no longer offered (another producer or dates chosen since) is no product.
      const erros: { boletimItensId?: string; quantidade?: string } = {
        boletimItensId: !todos && !escolhidos.length ? 'O produto é obrigatório' : undefined,
        quantidade: v.success ? undefined : v.error.issues[0].message,
      };
      if (!todos && r.boletimItensId && ja.has(r.boletimItensId)) erros.boletimItensId = PRODUTO_JA_ADICIONADO;
      if (todos && !escolhidos.length) erros.boletimItensId = oferecidos.length ? 'Todos os produtos já foram adicionados' : FORA_DA_COLHEITA;
      if (erros.boletimItensId || erros.quantidade) return { erros };
      return { linhas: escolhidos.map((i) => paraForm(i, q!)) };
    };

  // A date typed but not included stops the save (it says so on the dates field).
  const datasAcoes = useRef<DatasAcoes>(null);
  const enviar = (e: FormEvent) => {
    if (datasAcoes.current?.pendente()) {
      e.preventDefault();
      return;
    }
    // Products typed while the producer's items load are not in the table yet: the save waits for them.
    if (fila.length) {
      e.preventDefault();
      toast.show('warn', 'Aguarde: os produtos digitados ainda estão sendo buscados.');
      return;
    }
    // A row still in its withdrawal period: the server would refuse it; its message is on its row.
    const carencia = mensagensDeCarencia(f.form.getValues('itens') ?? [], datas, doProdutor.data)
      .values()
      .next().value;
    if (carencia) {
      e.preventDefault();
      toast.show('error', carencia);
      return;
    }
    return f.form.handleSubmit(async (v) => {
      // What deserves a second look asks for a confirmation naming it (issue 28); nothing here refuses.
      const nome = produtores.data?.find((p) => p.id === v.pessoaId)?.nome ?? '';
      const avisos = [
        ...(await romaneiosNoDia(v.pessoaId, nome, v.datas).catch(() => [])),
        ...acimaDoSaldo(v.itens as ItemForm[], doProdutor.data, v.datas),
        ...(await contribuinteDiferente(v.divida, nome)),
        ...avisosDaCarteira(
          produtores.data?.find((p) => p.id === v.pessoaId),
          v.datas,
        ),
      ];
      if (!avisos.length || (await confirmarAvisos('Confirmar o romaneio', avisos, 'avisos-do-romaneio'))) return f.salvar(v);
    })(e);
  };
  // Enter in a field never submits (it picks, adds or does nothing); Ctrl+Enter saves, like Salvar.
  // Listened on the form itself (FormPage's), found from a marker in it.
  const marco = useRef<HTMLSpanElement>(null);
  const podeSalvar = useRef(false);
  podeSalvar.current = !editando && itens.length > 0;
  useEffect(() => {
    const form = marco.current?.closest('form');
    if (!form) return;
    const teclas = (e: KeyboardEvent) => {
      if (e.key !== 'Enter') return;
      if (e.ctrlKey || e.metaKey) {
        e.preventDefault();
        if (podeSalvar.current) form.requestSubmit();
      } else if ((e.target as HTMLElement).tagName === 'INPUT') e.preventDefault();
    };
    form.addEventListener('keydown', teclas);
    return () => form.removeEventListener('keydown', teclas);
  }, [f.carregando]);

  // Edit: the romaneio's versao as this page holds it (each quantity and correction sends it: issue 28).
  const versao = useRef<number | undefined>(undefined);
  useEffect(() => {
    versao.current = f.registro?.versao;
  }, [f.registro]);
  const [desatualizado, setDesatualizado] = useState(false);
  // Edit: a quantity is saved on leaving its cell.
  const noServidor = useItensNoServidor<RomaneioForm, ItemForm>({
    form: f.form,
    name: 'itens',
    base: 'romaneioitens',
    itens: f.registro?.itens,
    ativo: editando,
    quantidade: quantidadeItem,
    versao,
    aoRecusar: (e) => {
      if (versaoDesatualizada(e)) setDesatualizado(true);
    },
  });

  const produtoresOpcoes = opcoesDeProdutores(produtores.data, municipios);
  const pesos = usePesosDosProdutos([...oferecidos.map((i) => i.produtoId), ...itens.map((i) => i.produtoId)]);
  const produtosOpcoes = oferecidos.map((i) => ({ label: rotuloDoItem(i), value: i.id, busca: buscaDoItem(i) }));

  return (
    <FormPage
      form={f}
      titulo={editando ? `Editar Romaneio ${f.registro?.id ?? ''}` : 'Novo Romaneio'}
      onSubmit={editando ? undefined : enviar}
      botoes={
        // Edit: no save (quantities are saved one by one). Create: disabled until there is an item.
        editando ? (
          <></>
        ) : (
          <Button type="submit" label="Salvar" title="Salvar (Ctrl+Enter)" icon="pi pi-check" loading={f.salvando} disabled={f.bloqueado || !itens.length} />
        )
      }
    >
      <span ref={marco} hidden />
      {!editando && <AvisoDiaSemMercado rotuloUsar="Usar" onUsar={(d) => setValue('datas', [d], { shouldValidate: true })} />}
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
            <DatasDeMercado
              datas={field.value ?? []}
              onChange={field.onChange}
              erro={fieldState.error?.message}
              diasDeMercado={settings.diasDeMercado}
              acoes={datasAcoes}
            />
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
          <Controller
            control={control}
            name="pessoaId"
            render={({ field, fieldState }) => (
              <div className="field">
                <label htmlFor="campo-pessoaId">Produtor</label>
                <CampoBusca
                  id="campo-pessoaId"
                  rotulo="Produtores"
                  opcoes={produtoresOpcoes}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v)}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  vazio={produtores.isFetching ? 'Carregando...' : 'Nenhum produtor encontrado'}
                  esperando={produtores.isFetching}
                  placeholder={datas.length ? 'Digite o nome ou o CPF e Enter' : 'Escolha as datas primeiro'}
                  erro={fieldState.error?.message}
                  aria-describedby={fieldState.error ? 'campo-pessoaId-erro' : undefined}
                />
                {fieldState.error && (
                  <small id="campo-pessoaId-erro" className="p-error">
                    {fieldState.error.message}
                  </small>
                )}
              </div>
            )}
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
                <CampoPedras
                  id="campo-pedras"
                  livres={livres.data}
                  carregando={livres.isFetching}
                  temDatas={datas.length > 0}
                  value={field.value ?? []}
                  onChange={field.onChange}
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
      <Controller
        control={control}
        name="chavesNfe"
        render={({ field, fieldState }) => (
          <CampoChavesNfe value={field.value ?? []} onChange={field.onChange} datas={datas} erro={fieldState.error?.message} disabled={editando} />
        )}
      />

      <ItemsField<RomaneioForm, ItemForm>
        control={control}
        name="itens"
        titulo="Itens"
        className="romaneio-itens"
        ajuda={
          <p className="muted">
            {editando ? 'A quantidade alterada é salva ao sair do campo.' : 'É obrigatório vincular ao menos 1 produto dentro do período de colheita válido.'}
          </p>
        }
        tituloDasLinhas="Produtos adicionados"
        novo={
          editando
            ? undefined
            : {
                padrao: NOVO,
                linhas: novasLinhas(false),
                rotuloBotao: 'Adicionar',
                outros: [{ rotulo: 'Adicionar todos', linhas: novasLinhas(true) }],
                campos: [
                  {
                    field: 'boletimItensId',
                    header: 'Produto',
                    idNovo: 'novo-produto',
                    editor: {
                      render: (e) => (
                        <CampoBusca
                          key={caixaProduto}
                          id={e.id}
                          rotulo="Produtos"
                          opcoes={produtosOpcoes}
                          value={e.valor as number | null}
                          onChange={e.mudar}
                          aoEscolher={e.seguir}
                          aoDigitar={(t) => (produtoDigitado.current = t)}
                          esperando={esperandoItens}
                          seguirSemEscolha
                          placeholder={pessoaId ? (doProdutor.isFetching ? 'Carregando...' : 'Digite o produto e Enter') : 'Escolha o produtor primeiro'}
                          vazio={(t) =>
                            pessoaId ? (!itensProntos ? 'Carregando...' : !oferecidos.length ? FORA_DA_COLHEITA : semProduto(t)) : 'Escolha o produtor primeiro'
                          }
                          erro={e.erro}
                          aria-describedby={e.descritoPor}
                        />
                      ),
                    },
                  },
                  {
                    field: 'quantidade',
                    header: 'Quantidade',
                    idNovo: 'novo-quantidade',
                    editor: { render: (e) => <QuantidadeDigitada {...e} /> },
                    dica: (r) => {
                      const escolhido = oferecidos.find((i) => i.id === r.boletimItensId);
                      return escolhido
                        ? formatQuantidadeEmbalagens(
                            lerQuantidade(r.quantidade as unknown as string) || 0,
                            escolhido.produtoEmbalagem,
                            pesos.get(escolhido.produtoId),
                          )
                        : 'Escolha o produto';
                    },
                  },
                ],
              }
        }
        remover={!editando}
        rotuloDaLinha={(i) => i.produtoNome}
        vazio="Nenhum produto adicionado"
        colunas={[
          {
            field: 'produtoNome',
            header: 'Produto',
            body: (i) => {
              const carencia = carenciaDe(i);
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
            editor: 'numero',
            decimais: 2,
            // No max: a quantity above the limit stays as typed and is refused with the schema's message.
            min: 0,
            rotulo: (i) => `Quantidade de ${i.produtoNome}`,
            aoSair: noServidor.aoSair,
          },
          // The unit beside the quantity: packages of the embalagem and their kg ('300 CX 20kg (6.000 kg)').
          {
            field: 'produtoEmbalagem',
            header: 'Unidade',
            body: (i) => formatQuantidadeEmbalagens(i.quantidade, i.produtoEmbalagem, pesos.get(i.produtoId)),
          },
          { field: 'inicioColheita', header: 'Início Colheita', body: (i) => formatDate(i.inicioColheita) },
          { field: 'fimColheita', header: 'Fim Colheita', body: (i) => formatDate(i.fimColheita) },
        ]}
      />
      {editando && desatualizado && (
        <AvisoVersaoDesatualizada
          onRecarregar={() =>
            void f.recarregarRegistro().then(() => {
              setDesatualizado(false);
            })
          }
        />
      )}
      {editando && f.registro && (
        <CorrecaoRomaneio registro={f.registro} versao={versao} aoCorrigir={f.recarregarRegistro} aoDesatualizar={() => setDesatualizado(true)} />
      )}
      {!editando && fila.length > 0 && (
        <small className="muted form-largo" role="status" data-testid="itens-na-fila">
          Aguardando os produtos do produtor: {fila.map((e) => `${e.texto} (${formatDecimalBR(e.quantidade)})`).join(', ')}
        </small>
      )}
      {!editando && naoAdicionados.length > 0 && (
        <div className="p-error form-largo" role="alert" data-testid="itens-nao-adicionados">
          {naoAdicionados.map((e, k) => (
            <div key={k}>
              {e.texto} ({formatDecimalBR(e.quantidade)}): {e.repetido ? PRODUTO_JA_ADICIONADO : semProduto(e.texto)}
            </div>
          ))}
        </div>
      )}
      {!editando && !itens.length && <small className="muted form-largo">Adicione ao menos um produto para salvar.</small>}
    </FormPage>
  );
}

/**
 * The new item's quantity: a plain input taking digits, '.' and ',' (pt-BR: '60', '120,5', '1.250'); the draft keeps
 * the text as typed, and adding reads its number from it (lerQuantidade), so Enter adds exactly what was typed.
 */
const QuantidadeDigitada = (p: EditorProprio) => (
  <InputText
    id={p.id}
    inputMode="decimal"
    autoComplete="off"
    value={(p.valor as string | null) ?? ''}
    onChange={(e) => p.mudar(e.target.value.replace(/[^\d.,]/g, ''))}
    aria-invalid={p.erro ? true : undefined}
    aria-describedby={p.descritoPor}
    className={p.erro ? 'p-invalid' : undefined}
  />
);

/** What the form asks the dates field on saving. */
interface DatasAcoes {
  /** A date still typed in the field: its message (the save stops, the focus goes there); null when the field is empty. */
  pendente: () => string | null;
}

/**
 * The issue dates: a date typed (or picked) and included with Enter or 'Incluir data' (the field is
 * emptied and keeps the focus for the next), each shown with a button that removes it. Only market
 * days (settings' diasDeMercado) within the romaneio's years. A date left typed stops the save.
 */
function DatasDeMercado(p: { datas: string[]; onChange: (v: string[]) => void; erro?: string; diasDeMercado: number[]; acoes?: Ref<DatasAcoes> }) {
  const [texto, setTexto] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string>();
  const entrada = useRef<HTMLInputElement>(null);
  const anos = anosRomaneio();
  const dias = nomesDosDiasDeMercado(p.diasDeMercado);
  const { calendario } = useCalendarioDeMercado();
  const incluir = () => {
    const r = dataEmissaoNosDias(p.diasDeMercado, calendario).safeParse(texto ?? '');
    if (!r.success) return setAviso(r.error.issues[0].message);
    const d = r.data;
    if (p.datas.includes(d)) return setAviso(`${formatDate(d)} já foi incluída`);
    setAviso(undefined);
    setTexto(null);
    p.onChange([...p.datas, d].sort());
  };
  useImperativeHandle(p.acoes, () => ({
    pendente: () => {
      if (!texto) return null;
      const r = dataEmissaoNosDias(p.diasDeMercado, calendario).safeParse(texto);
      if (r.success && p.datas.includes(r.data)) {
        setTexto(null);
        return null;
      }
      const m = `A data ${formatDate(ehDataIso(texto) ? texto : null) || texto} foi digitada mas não incluída: tecle Enter para incluí-la ou apague-a`;
      setAviso(m);
      entrada.current?.focus();
      return m;
    },
  }));
  const erro = aviso ?? p.erro;
  return (
    <div className="field romaneio-datas">
      <label htmlFor="campo-data-nova">Datas de Emissão</label>
      <div
        className="romaneio-data-nova"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && (e.target as HTMLElement).id === 'campo-data-nova') {
            e.preventDefault();
            incluir();
          }
        }}
      >
        <EntradaDataDeMercado
          id="campo-data-nova"
          inputRef={entrada}
          value={texto}
          onChange={setTexto}
          diasDeMercado={p.diasDeMercado}
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
