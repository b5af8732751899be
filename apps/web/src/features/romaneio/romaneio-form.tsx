import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { toIsoDate } from '@ceasa/shared';
import { FormPage } from '../../components/form/form-page';
import { useProdutoresAtivos } from '../../lib/opcoes-pessoa';
import { useSettings } from '../../lib/settings';
import { useMunicipiosDosProdutores, usePedrasLivres } from './api';
import { useRecusaDoProdutor } from './aviso-carteira';
import { CampoChavesNfe } from './campo-chaves-nfe';
import { SecaoChegada, useChegadaDoRomaneio } from './secao-chegada';
import { SecaoCorrecao, useEdicaoDoRomaneio } from './secao-correcao';
import { SecaoDatas } from './secao-datas';
import { SecaoItens } from './secao-itens';
import { SecaoPedras } from './secao-pedras';
import { opcoesDeProdutores, SecaoProdutor } from './secao-produtor';
import { useItensDoRomaneio } from './use-itens-do-romaneio';
import { useDatasEPedras, useEnvioDoRomaneio, useFormDoRomaneio } from './use-romaneio-form';
import './romaneio-form.css';

export { opcoesDeProdutores };
export { NAO_SALVO_PRODUTO_NAO_ADICIONADO, SALVA_QUANDO_CHEGAREM } from './use-romaneio-form';

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
export default function RomaneioForm() {
  const { f, pedraInicial } = useFormDoRomaneio();
  const { control, setValue } = f.form;
  const editando = f.editando;
  const settings = useSettings();
  const datasVistas = useWatch({ control, name: 'datas' });
  const datas = useMemo(() => datasVistas ?? [], [datasVistas]);
  const pessoaId = useWatch({ control, name: 'pessoaId' });
  const { produtores, municipios, recusaDoProdutor } = useProdutoresDoDia(datas, pessoaId, editando);
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

  useDatasEPedras({ f, datas, livres, pedraInicial });
  const { enviar, marco, datasAcoes, chavesAcoes } = useEnvioDoRomaneio({ f, entrada, recusaDoProdutor });

  return (
    <FormPage
      form={f}
      titulo={editando ? `Editar Romaneio ${f.registro?.id ?? ''}` : 'Novo Romaneio'}
      // Edit has no save (the page's Ctrl+Enter too saves nothing there).
      onSubmit={editando ? (e) => e.preventDefault() : enviar}
      botoes={
        // Edit: no save (quantities are saved one by one). Create: disabled until there is an item (or one awaited).
        editando ? <></> : <BotaoSalvar salvando={f.salvando} desabilitado={f.bloqueado || !!recusaDoProdutor || (!itens.length && !entrada.fila.length)} />
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

/**
 * The producers with a harvest in the year before the earliest date chosen or later (decision 0126) and their
 * municipalities, and the refusal of the chosen one: a producer the server would refuse on a chosen date (suspended,
 * or his card past its date under 'exigir') is said on his field as soon as he is picked, and Salvar stays disabled for him.
 */
function useProdutoresDoDia(datas: string[], pessoaId: number | null | undefined, editando: boolean) {
  const diaDosProdutores = datas.length ? [...datas].sort()[0] : toIsoDate(new Date())!;
  const produtores = useProdutoresAtivos(diaDosProdutores, !editando);
  const municipios = useMunicipiosDosProdutores(diaDosProdutores, !editando);
  const recusaDoProdutor = useRecusaDoProdutor()(editando ? undefined : produtores.data?.find((p) => p.id === pessoaId), datas);
  return { produtores, municipios, recusaDoProdutor };
}

function BotaoSalvar({ salvando, desabilitado }: { salvando: boolean; desabilitado: boolean }) {
  return <Button type="submit" label="Salvar" title="Salvar (Ctrl+Enter)" icon="pi pi-check" loading={salvando} disabled={desabilitado} />;
}
