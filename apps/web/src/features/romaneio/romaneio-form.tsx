import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { romaneioRecurso, toIsoDate, type Romaneio } from '@ceasa/shared';
import { ehDataIso } from '../../components/form/mascaras';
import { FormPage } from '../../components/form/form-page';
import { useResourceForm } from '../../components/form/use-resource-form';
import { perguntasComCodigo } from '../../lib/confirmacao';
import { useProdutoresAtivos } from '../../lib/opcoes-pessoa';
import { useSettings } from '../../lib/settings';
import { useToast } from '../../lib/toast';
import { useMunicipiosDosProdutores, usePedrasLivres } from './api';
import { useRecusaDoProdutor } from './aviso-carteira';
import { CampoChavesNfe, type ChavesAcoes } from './campo-chaves-nfe';
import { confirmarAvisos } from './confirmar-avisos';
import { formSchema, loteDoFormulario, type RomaneioForm } from './romaneio-lote';
import { SecaoChegada, useChegadaDoRomaneio } from './secao-chegada';
import { SecaoCorrecao, useEdicaoDoRomaneio } from './secao-correcao';
import { SecaoDatas, type DatasAcoes } from './secao-datas';
import { SecaoItens } from './secao-itens';
import { SecaoPedras } from './secao-pedras';
import { opcoesDeProdutores, SecaoProdutor } from './secao-produtor';
import { useItensDoRomaneio } from './use-itens-do-romaneio';
import './romaneio-form.css';

export { opcoesDeProdutores };

/** A save asked for while the products typed are still being fetched: it waits for them. */
export const SALVA_QUANDO_CHEGAREM = 'Aguarde: os produtos digitados ainda estão sendo buscados. O romaneio será salvo assim que chegarem.';
/** That save, stopped: a product typed matched none of the producer's (its line under the items says why). */
export const NAO_SALVO_PRODUTO_NAO_ADICIONADO = 'O romaneio não foi salvo: um produto digitado não foi adicionado (veja abaixo dos itens).';

/**
 * The romaneio form (the gate's market-day entry), in sections: dates (secao-datas), producer and debt
 * (secao-produtor), stalls (secao-pedras), items (secao-itens, with use-itens-do-romaneio) and the edit mode's
 * correction (secao-correcao). On create: the issue dates, debt (looked up on leaving it), producer, stalls free on
 * every date and the items of the producer's bulletins harvestable then; saved as ONE POST of one romaneio per date
 * (each with only the items harvestable that day: `loteDoFormulario`, typed by the shared batch input the route
 * validates); a load the producer announced in the portal for the day fills the items and keys ('Usar a chegada',
 * secao-chegada). On edit everything but the quantities is read-only, and a quantity is saved at once (PUT
 * romaneioitens/updateQtde). `?pedra=<numero>&data=<yyyy-mm-dd>` preselects a stall and date. A field added to the
 * gate goes to its section's file (and to `formSchema` / `loteDoFormulario` when it is saved).
 */
/** The field each of the server's questions is about (decision 0294), by its code. */
const FOCO_DA_PERGUNTA: Partial<Record<string, string>> = {
  romaneioNoDia: 'campo-data-nova',
  carteira: 'campo-pessoaId',
  contribuinte: 'campo-divida',
  emitenteNfe: 'campo-chave-nfe',
};

export default function RomaneioForm() {
  const [params] = useSearchParams();
  const dataInicial = params.get('data');
  const pedraInicial = params.get('pedra');
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
    toForm: (r) => ({
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
    }),
    toBody: loteDoFormulario,
    // What deserves a second look is the server's to ask (decision 0294): its questions, confirmed by their codes.
    perguntar: confirmarAvisos('Confirmar o romaneio', 'avisos-do-romaneio'),
    // 'Voltar': the cursor where the answer to the first question is typed (a balance passed: that product's quantity).
    focoAoVoltar: (err) => {
      const [p] = perguntasComCodigo(err);
      if (p?.codigo !== 'saldoBoletim') return p && FOCO_DA_PERGUNTA[p.codigo];
      return document.querySelector(`[aria-label="${CSS.escape(`Quantidade de ${String(p.produto)}`)}"]`)?.id || undefined;
    },
  });
  const { control, setValue, getValues, resetField } = f.form;
  const editando = f.editando;
  const toast = useToast();
  const settings = useSettings();
  const datasVistas = useWatch({ control, name: 'datas' });
  const datas = useMemo(() => datasVistas ?? [], [datasVistas]);
  // The producers with a harvest in the year before the earliest date chosen or later (decision 0126), and the
  // chosen producer's items harvestable on a chosen date (decision 0125): a season's rows after any number of years.
  const diaDosProdutores = datas.length ? [...datas].sort()[0] : toIsoDate(new Date())!;
  const produtores = useProdutoresAtivos(diaDosProdutores, !editando);
  const municipios = useMunicipiosDosProdutores(diaDosProdutores, !editando);
  const pessoaId = useWatch({ control, name: 'pessoaId' });
  // A producer the server would refuse on a chosen date (suspended, or his card past its date under 'exigir'): said on
  // his field as soon as he is picked, and Salvar stays disabled for him.
  const recusaDoProdutor = useRecusaDoProdutor()(editando ? undefined : produtores.data?.find((p) => p.id === pessoaId), datas);
  const itens = useWatch({ control, name: 'itens' }) ?? [];
  const livres = usePedrasLivres(datas, !editando);
  // A producer typed and Enter while the producers' list loaded is picked by its box once the list is in, in an effect
  // after that list's render: until then (the same update as the pick) the products typed wait for it, never refused
  // as typed with no producer.
  const [produtorEsperado, setProdutorEsperado] = useState(false);
  const entrada = useItensDoRomaneio({
    form: f.form,
    editando,
    pessoaId,
    datas,
    itens,
    produtoresCarregando: produtores.isFetching || produtorEsperado,
  });
  const edicao = useEdicaoDoRomaneio(f);
  const chegada = useChegadaDoRomaneio({ form: f.form, editando, pessoaId, datas, entrada });

  // Changing the dates clears the producer and the items, and keeps only the stalls still free on every date.
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
    // One request: the server asks what deserves a second look (the dialog of `perguntar` above).
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

  return (
    <FormPage
      form={f}
      titulo={editando ? `Editar Romaneio ${f.registro?.id ?? ''}` : 'Novo Romaneio'}
      // Edit has no save (the page's Ctrl+Enter too saves nothing there).
      onSubmit={editando ? (e) => e.preventDefault() : enviar}
      botoes={
        // Edit: no save (quantities are saved one by one). Create: disabled until there is an item (or one awaited).
        editando ? (
          <></>
        ) : (
          <Button
            type="submit"
            label="Salvar"
            title="Salvar (Ctrl+Enter)"
            icon="pi pi-check"
            loading={f.salvando}
            disabled={f.bloqueado || !!recusaDoProdutor || (!itens.length && !entrada.fila.length)}
          />
        )
      }
    >
      <span ref={marco} hidden />
      <SecaoDatas
        control={control}
        editando={editando}
        diasDeMercado={settings.diasDeMercado}
        acoes={datasAcoes}
        usar={(d) => setValue('datas', [d], { shouldValidate: true })}
      />
      <div className="romaneio-campos">
        <SecaoProdutor
          control={control}
          editando={editando}
          nomeSalvo={f.registro?.produtorNome}
          opcoes={opcoesDeProdutores(produtores.data, municipios)}
          carregando={produtores.isFetching}
          temDatas={datas.length > 0}
          aoEsperar={(estado) => setProdutorEsperado(estado === 'esperando')}
          recusa={recusaDoProdutor}
        />
        <SecaoPedras control={control} editando={editando} salvas={f.registro?.pedras} livres={livres} temDatas={datas.length > 0} />
      </div>
      {!editando && <SecaoChegada {...chegada} />}
      <Controller
        control={control}
        name="chavesNfe"
        render={({ field, fieldState }) => (
          <CampoChavesNfe
            value={field.value ?? []}
            onChange={field.onChange}
            datas={datas}
            erro={fieldState.error?.message}
            disabled={editando}
            acoes={chavesAcoes}
          />
        )}
      />
      <SecaoItens control={control} editando={editando} pessoaId={pessoaId} itens={itens} entrada={entrada} aoSairDaQuantidade={edicao.aoSairDaQuantidade} />
      <SecaoCorrecao f={f} edicao={edicao} />
      {!editando && !itens.length && <small className="muted form-largo">Adicione ao menos um produto para salvar.</small>}
    </FormPage>
  );
}
