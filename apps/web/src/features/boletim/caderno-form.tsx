import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useFormState, useWatch, type Control, type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  anosCaderno,
  cadernoInput,
  FORMA_APLICACAO_ROTULO,
  FORMA_DOSE_ROTULO,
  FORMAS_APLICACAO,
  FORMAS_DOSE,
  rotuloCarencia,
  VALOR_MAXIMO_CADERNO,
  type BoletimItem,
  type Caderno,
  type CadernoInput,
} from '@ceasa/shared';
import { Campo, DateField, SelectField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { CelulaData, CelulaMarca, CelulaNumero, CelulaOpcao, CelulaTexto, LinhasField } from '../../components/form/linhas-field';
import { api, ApiError } from '../../lib/api-client';
import { relerListas } from '../../lib/listas';
import { DURACAO, useToast } from '../../lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { comProdutosSalvos, useProdutoOpcoes } from '../../lib/opcoes-produto';
import { CadernoImpressao } from './caderno-impressao';
import './caderno.css';

type F = CadernoInput;
type Secao = 'preparoSolo' | 'praticasConservacionistas' | 'sementesEMudas';

const OPCOES_DOSE = FORMAS_DOSE.map((v) => ({ label: FORMA_DOSE_ROTULO[v], value: v }));
const OPCOES_APLICACAO = FORMAS_APLICACAO.map((v) => ({ label: FORMA_APLICACAO_ROTULO[v], value: v }));

/** The five tabs and the parts of the notebook each holds (for the error highlight). */
const ABAS: { titulo: string; campos: (keyof F)[] }[] = [
  { titulo: 'Preparo do Solo', campos: ['preparoSolo', 'praticasConservacionistas'] },
  { titulo: 'Sementes e Mudas', campos: ['sementesEMudas'] },
  { titulo: 'Irrigação', campos: ['irrigacao'] },
  { titulo: 'Adubação e Correção', campos: ['adubacaoCorrecao'] },
  { titulo: 'Aplicação de Produtos Químicos', campos: ['aplicacaoProdutosQuimicos'] },
];

const vazio = (boletimItemId: number): F => ({
  boletimItemId,
  produtoAntigoId: undefined as unknown as number,
  dataPlantio: '',
  dataColheita: '',
  areaCultivo: '',
  preparoSolo: {
    naoNecessarias: false,
    subsolagem: false,
    aracao: false,
    enxadaRotativa: false,
    gradagemComGrade: false,
    leve: false,
    pesada: false,
    niveladora: false,
    outras: false,
    descricaoOutras: '',
  },
  praticasConservacionistas: {
    naoNecessarias: false,
    plantioEmNivel: false,
    terracos: false,
    rotacaoDeCulturas: false,
    adubacaoVerde: false,
    outras: false,
    descricaoOutras: '',
  },
  sementesEMudas: { naoNecessarias: false, proprias: false, terceiros: false, viveiroComTermico: false, viveiroSemTermico: false },
  irrigacao: { naoNecessarias: false, sistema: '', origem: '' },
  adubacaoCorrecao: [],
  aplicacaoProdutosQuimicos: [],
});

const doCaderno = (c: Caderno): F => ({
  id: c.id,
  boletimItemId: c.boletimItemId,
  produtoAntigoId: c.produtoAntigoId,
  dataPlantio: c.dataPlantio,
  dataColheita: c.dataColheita,
  areaCultivo: c.areaCultivo,
  preparoSolo: { ...c.preparoSolo, descricaoOutras: c.preparoSolo.descricaoOutras ?? '' },
  praticasConservacionistas: { ...c.praticasConservacionistas, descricaoOutras: c.praticasConservacionistas.descricaoOutras ?? '' },
  sementesEMudas: c.sementesEMudas,
  irrigacao: { naoNecessarias: c.irrigacao.naoNecessarias, sistema: c.irrigacao.sistema ?? '', origem: c.irrigacao.origem ?? '' },
  adubacaoCorrecao: c.adubacaoCorrecao.map(({ adubacaoCorrecaoId: _, ...r }) => r),
  aplicacaoProdutosQuimicos: c.aplicacaoProdutosQuimicos,
});

const novaAdubacao = () => ({
  id: null,
  naoNecessarias: false,
  dataAplicacao: '',
  nomeFormula: '',
  dose: null,
  formaDose: null,
  formaAplicacao: null,
  responsavelAplicacao: '',
  observacao: '',
});
const novaAplicacao = () => ({
  id: null,
  naoNecessarias: false,
  data: '',
  periodoCarencia: null,
  pragaDoencaAlvo: '',
  nomeProduto: '',
  dose: null,
  formaDose: null,
  volumeCalda: null,
  operador: '',
});

const temErro = (errors: FieldErrors<F>, campos: (keyof F)[]) => campos.some((c) => !!errors[c]);
const mensagem = (e: unknown) =>
  (e as { message?: string; root?: { message?: string } } | undefined)?.message ?? (e as { root?: { message?: string } } | undefined)?.root?.message;

/**
 * A checkbox section (SPEC.md section 4): 'não são necessárias' clears the other options and any
 * option clears it; in soil preparation leve/pesada/niveladora turn gradagem on and unchecking
 * gradagem clears them; unchecking 'outras' clears its description, enabled only with 'outras'.
 */
function Secao({
  form,
  secao,
  titulo,
  opcoes,
  subopcoes = [],
  comOutras,
}: {
  form: UseFormReturn<F>;
  secao: Secao;
  titulo: string;
  opcoes: [string, string][];
  subopcoes?: [string, string][];
  comOutras?: boolean;
}) {
  const { control, setValue, getValues, trigger } = form;
  const valores = (useWatch({ control, name: secao }) ?? {}) as Record<string, unknown>;
  const { errors } = useFormState({ control, name: secao });
  const erros = errors[secao] as Record<string, { message?: string }> | undefined;
  const todas = [...opcoes, ...subopcoes, ...(comOutras ? [['outras', 'Outras'] as [string, string]] : [])].map(([k]) => k);

  const marcar = (chave: string, marcado: boolean) => {
    const novo: Record<string, unknown> = { ...(getValues(secao) as Record<string, unknown>), [chave]: marcado };
    if (chave === 'naoNecessarias' && marcado) {
      for (const k of todas) novo[k] = false;
      if (comOutras) novo.descricaoOutras = '';
    } else if (chave !== 'naoNecessarias' && marcado) novo.naoNecessarias = false;
    if (secao === 'preparoSolo') {
      if (['leve', 'pesada', 'niveladora'].includes(chave) && marcado) novo.gradagemComGrade = true;
      if (chave === 'gradagemComGrade' && !marcado) novo.leve = novo.pesada = novo.niveladora = false;
    }
    if (chave === 'outras' && !marcado) novo.descricaoOutras = '';
    setValue(secao, novo as never, { shouldDirty: true, shouldTouch: true });
    // A section the user has touched is checked at once (the form validates on touch).
    void trigger(secao);
  };

  const caixa = (chave: string, rotulo: string, className = '') => {
    const id = `${secao}-${chave}`;
    return (
      <div className={`marca ${className}`} key={chave}>
        <Checkbox inputId={id} checked={valores[chave] === true} onChange={(e) => marcar(chave, !!e.checked)} />
        <label htmlFor={id}>{rotulo}</label>
      </div>
    );
  };

  return (
    <fieldset className="secao-marcas">
      <legend>{titulo}</legend>
      <div className="marcas">
        {caixa('naoNecessarias', 'Não são necessárias')}
        {opcoes.map(([k, r]) => caixa(k, r))}
        {subopcoes.length > 0 && (
          <div className="submarcas" role="group" aria-label="Tipo de gradagem">
            {subopcoes.map(([k, r]) => caixa(k, r, 'submarca'))}
          </div>
        )}
        {comOutras && caixa('outras', 'Outras')}
      </div>
      {comOutras && (
        <Desabilitavel desabilitado={valores.outras !== true}>
          <TextField control={control} name={`${secao}.descricaoOutras` as Path<F>} label={`Descrição de outras (${titulo.toLowerCase()})`} maxLength={200} />
        </Desabilitavel>
      )}
      {[mensagem(erros), erros?.naoNecessarias?.message, erros?.gradagemComGrade?.message].filter(Boolean).map((m) => (
        <small key={m} className="p-error" role="alert">
          {m}
        </small>
      ))}
    </fieldset>
  );
}

/** Irrigation: 'não necessárias' clears and disables sistema and origem. */
function IrrigacaoAba({ form }: { form: UseFormReturn<F> }) {
  const { control, setValue, trigger } = form;
  const nao = useWatch({ control, name: 'irrigacao.naoNecessarias' });
  return (
    <fieldset className="secao-marcas">
      <legend>Irrigação</legend>
      <div className="marca">
        <Checkbox
          inputId="irrigacao-naoNecessarias"
          checked={nao === true}
          onChange={(e) => {
            setValue('irrigacao.naoNecessarias', !!e.checked, { shouldDirty: true, shouldTouch: true });
            if (e.checked) {
              setValue('irrigacao.sistema', '');
              setValue('irrigacao.origem', '');
            }
            void trigger('irrigacao');
          }}
        />
        <label htmlFor="irrigacao-naoNecessarias">Não são necessárias</label>
      </div>
      <div className="form-grid">
        <Desabilitavel desabilitado={nao === true}>
          <TextField control={control} name="irrigacao.sistema" label="Sistema" maxLength={200} />
        </Desabilitavel>
        <Desabilitavel desabilitado={nao === true}>
          <TextField control={control} name="irrigacao.origem" label="Origem" maxLength={200} />
        </Desabilitavel>
      </div>
    </fieldset>
  );
}

/** Disables every control inside (a fieldset without a frame). */
const Desabilitavel = ({ desabilitado, children }: { desabilitado: boolean; children: ReactNode }) => (
  <fieldset disabled={desabilitado} className={`desabilitavel ${desabilitado ? 'desabilitado' : ''}`}>
    {children}
  </fieldset>
);

/** A row cell that reads N/A while its row is 'não necessárias' (watched by the cell itself: table cells are memoized). */
function CelulaOuNA({
  control,
  linha,
  children,
}: {
  control: Control<F>;
  linha: `adubacaoCorrecao.${number}` | `aplicacaoProdutosQuimicos.${number}`;
  children: ReactNode;
}) {
  const na = useWatch({ control, name: `${linha}.naoNecessarias` as Path<F> });
  return na === true ? <span className="na">N/A</span> : <>{children}</>;
}

function LinhasAdubacao({
  control,
  setValue,
  getValues,
}: {
  control: Control<F>;
  setValue: UseFormReturn<F>['setValue'];
  getValues: UseFormReturn<F>['getValues'];
}) {
  const cel = (i: number, c: ReactNode) => (
    <CelulaOuNA control={control} linha={`adubacaoCorrecao.${i}`}>
      {c}
    </CelulaOuNA>
  );
  const anos = anosCaderno();
  return (
    <LinhasField
      control={control}
      name="adubacaoCorrecao"
      titulo="Adubação e Correção"
      rotuloAdicionar="Adicionar adubação"
      vazio="Nenhuma adubação adicionada"
      nova={novaAdubacao as never}
      colunas={[
        {
          header: 'Não necessárias',
          celula: (i) => (
            <CelulaMarca
              control={control}
              name={`adubacaoCorrecao.${i}.naoNecessarias`}
              rotulo={`Adubação ${i + 1} não necessária`}
              aoMudar={(m) => {
                if (m)
                  setValue(`adubacaoCorrecao.${i}`, { ...novaAdubacao(), id: getValues(`adubacaoCorrecao.${i}.id`) ?? null, naoNecessarias: true } as never, {
                    shouldValidate: true,
                  });
              }}
            />
          ),
        },
        {
          header: 'Data Aplicação',
          celula: (i) =>
            cel(
              i,
              <CelulaData control={control} name={`adubacaoCorrecao.${i}.dataAplicacao`} rotulo={`Data de aplicação da adubação ${i + 1}`} yearRange={anos} />,
            ),
        },
        {
          header: 'Nome da Fórmula',
          celula: (i) =>
            cel(
              i,
              <CelulaTexto control={control} name={`adubacaoCorrecao.${i}.nomeFormula`} rotulo={`Nome da fórmula da adubação ${i + 1}`} maxLength={200} />,
            ),
        },
        {
          header: 'Dose',
          celula: (i) =>
            cel(
              i,
              <CelulaNumero control={control} name={`adubacaoCorrecao.${i}.dose`} rotulo={`Dose da adubação ${i + 1}`} min={0} max={VALOR_MAXIMO_CADERNO} />,
            ),
        },
        {
          header: 'Forma da Dose',
          celula: (i) =>
            cel(
              i,
              <CelulaOpcao control={control} name={`adubacaoCorrecao.${i}.formaDose`} rotulo={`Forma da dose da adubação ${i + 1}`} options={OPCOES_DOSE} />,
            ),
        },
        {
          header: 'Forma de Aplicação',
          celula: (i) =>
            cel(
              i,
              <CelulaOpcao
                control={control}
                name={`adubacaoCorrecao.${i}.formaAplicacao`}
                rotulo={`Forma de aplicação da adubação ${i + 1}`}
                options={OPCOES_APLICACAO}
              />,
            ),
        },
        {
          header: 'Responsável',
          celula: (i) =>
            cel(
              i,
              <CelulaTexto
                control={control}
                name={`adubacaoCorrecao.${i}.responsavelAplicacao`}
                rotulo={`Responsável pela adubação ${i + 1}`}
                maxLength={200}
              />,
            ),
        },
        {
          header: 'Observação',
          celula: (i) =>
            cel(i, <CelulaTexto control={control} name={`adubacaoCorrecao.${i}.observacao`} rotulo={`Observação da adubação ${i + 1}`} maxLength={1000} />),
        },
      ]}
    />
  );
}

/** The carência editor with 'dia'/'dias' after the number, following the typed value. */
function CelulaCarencia({ control, i }: { control: Control<F>; i: number }) {
  const dias = useWatch({ control, name: `aplicacaoProdutosQuimicos.${i}.periodoCarencia` });
  return (
    <CelulaNumero
      control={control}
      name={`aplicacaoProdutosQuimicos.${i}.periodoCarencia`}
      rotulo={`Período de carência da aplicação ${i + 1}`}
      min={0}
      max={VALOR_MAXIMO_CADERNO}
      sufixo={` ${rotuloCarencia(dias as number | null)}`}
    />
  );
}

function LinhasAplicacao({
  control,
  setValue,
  getValues,
}: {
  control: Control<F>;
  setValue: UseFormReturn<F>['setValue'];
  getValues: UseFormReturn<F>['getValues'];
}) {
  const cel = (i: number, c: ReactNode) => (
    <CelulaOuNA control={control} linha={`aplicacaoProdutosQuimicos.${i}`}>
      {c}
    </CelulaOuNA>
  );
  const anos = anosCaderno();
  return (
    <LinhasField
      control={control}
      name="aplicacaoProdutosQuimicos"
      titulo="Aplicação de Produtos Químicos"
      rotuloAdicionar="Adicionar aplicação"
      vazio="Nenhuma aplicação adicionada"
      nova={novaAplicacao as never}
      colunas={[
        {
          header: 'Não necessárias',
          celula: (i) => (
            <CelulaMarca
              control={control}
              name={`aplicacaoProdutosQuimicos.${i}.naoNecessarias`}
              rotulo={`Aplicação ${i + 1} não necessária`}
              aoMudar={(m) => {
                if (m)
                  setValue(
                    `aplicacaoProdutosQuimicos.${i}`,
                    { ...novaAplicacao(), id: getValues(`aplicacaoProdutosQuimicos.${i}.id`) ?? null, naoNecessarias: true } as never,
                    { shouldValidate: true },
                  );
              }}
            />
          ),
        },
        {
          header: 'Data',
          celula: (i) =>
            cel(i, <CelulaData control={control} name={`aplicacaoProdutosQuimicos.${i}.data`} rotulo={`Data da aplicação ${i + 1}`} yearRange={anos} />),
        },
        {
          header: 'Carência',
          celula: (i) => cel(i, <CelulaCarencia control={control} i={i} />),
        },
        {
          header: 'Praga/Doença Alvo',
          celula: (i) =>
            cel(
              i,
              <CelulaTexto
                control={control}
                name={`aplicacaoProdutosQuimicos.${i}.pragaDoencaAlvo`}
                rotulo={`Praga ou doença alvo da aplicação ${i + 1}`}
                maxLength={200}
              />,
            ),
        },
        {
          header: 'Nome do Produto',
          celula: (i) =>
            cel(
              i,
              <CelulaTexto
                control={control}
                name={`aplicacaoProdutosQuimicos.${i}.nomeProduto`}
                rotulo={`Nome do produto da aplicação ${i + 1}`}
                maxLength={200}
              />,
            ),
        },
        {
          header: 'Dose',
          celula: (i) =>
            cel(
              i,
              <CelulaNumero
                control={control}
                name={`aplicacaoProdutosQuimicos.${i}.dose`}
                rotulo={`Dose da aplicação ${i + 1}`}
                decimais={2}
                min={0}
                max={VALOR_MAXIMO_CADERNO}
              />,
            ),
        },
        {
          header: 'Forma da Dose',
          celula: (i) =>
            cel(
              i,
              <CelulaOpcao
                control={control}
                name={`aplicacaoProdutosQuimicos.${i}.formaDose`}
                rotulo={`Forma da dose da aplicação ${i + 1}`}
                options={OPCOES_DOSE}
              />,
            ),
        },
        {
          header: 'Volume de Calda (L/ha)',
          celula: (i) =>
            cel(
              i,
              <CelulaNumero
                control={control}
                name={`aplicacaoProdutosQuimicos.${i}.volumeCalda`}
                rotulo={`Volume de calda da aplicação ${i + 1}`}
                decimais={2}
                min={0}
                max={VALOR_MAXIMO_CADERNO}
              />,
            ),
        },
        {
          header: 'Operador',
          celula: (i) =>
            cel(
              i,
              <CelulaTexto control={control} name={`aplicacaoProdutosQuimicos.${i}.operador`} rotulo={`Operador da aplicação ${i + 1}`} maxLength={200} />,
            ),
        },
      ]}
    />
  );
}

/**
 * The field notebook of one bulletin item (/caderno/{boletimItemId} creates, /caderno/edit/{boletimItemId}
 * edits): crop, dates, area and five tabs; the rows stay in the form until the notebook is saved
 * (one POST or one PUT). Tabs with errors are highlighted once visited, all five after a failed save.
 */
export default function CadernoForm() {
  const boletimItemId = Number(useParams().boletimItemId);
  const editando = /\/caderno\/edit\//.test(window.location.pathname);
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  const produtos = useProdutoOpcoes();
  const form = useForm<F>({ resolver: zodResolver(cadernoInput as never) as never, defaultValues: vazio(boletimItemId), mode: 'onTouched' });
  const { control, setValue, handleSubmit, reset } = form;
  const { errors } = useFormState({ control });
  const [aba, setAba] = useState(0);
  const [tocadas, setTocadas] = useState<Set<number>>(new Set());
  const [salvando, setSalvando] = useState(false);
  const [imprimir, setImprimir] = useState(false);
  const travado = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const item = useQuery({
    queryKey: ['boletimitens', boletimItemId],
    queryFn: () => api<BoletimItem>(`boletimitens/${boletimItemId}`),
    retry: false,
    gcTime: 0,
  });
  const caderno = useQuery({
    queryKey: ['caderno', 'boletimItem', boletimItemId],
    queryFn: async () => {
      const c = await api<Caderno | undefined>(`caderno/boletimItem/${boletimItemId}`);
      if (!c) throw new Error('Este item ainda não tem caderno de campo.');
      return c;
    },
    enabled: editando,
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    if (caderno.data) reset(doCaderno(caderno.data));
  }, [caderno.data, reset]);
  useEffect(() => {
    if (item.error) toast.show('error', 'Erro ao obter boletim itens', (item.error as Error).message);
  }, [item.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const trocarAba = (i: number) => {
    setTocadas((t) => new Set(t).add(aba));
    setAba(i);
  };

  const salvar = async (v: F) => {
    if (travado.current) return;
    travado.current = true;
    setSalvando(true);
    try {
      const body = { ...v, boletimItemId };
      if (editando) await api<Caderno>('caderno', { method: 'PUT', body: { ...body, id: caderno.data?.id } });
      else await api<Caderno>('caderno', { method: 'POST', body });
      await relerListas(qc, 'boletim');
      toast.show('success', editando ? 'Caderno atualizado com sucesso' : 'Caderno adicionado com sucesso', undefined, DURACAO.salvar);
      timer.current = setTimeout(() => navigate('/boletim'), DURACAO.salvar);
    } catch (err) {
      const e = err as ApiError;
      for (const fe of e.body?.fieldErrors ?? []) form.setError(fe.field as Path<F>, { type: 'server', message: fe.message });
      if (e.body?.fieldErrors?.length) setTocadas(new Set(ABAS.map((_, i) => i)));
      toast.show('error', editando ? 'Erro ao editar caderno!' : 'Erro ao cadastrar caderno!', e.message);
      travado.current = false;
    } finally {
      setSalvando(false);
    }
  };
  // A failed save marks all five tabs touched, so every tab with an error is highlighted.
  const invalido = () => setTocadas(new Set(ABAS.map((_, i) => i)));

  const cabecalhoAba = (i: number) => {
    const comErro = tocadas.has(i) && temErro(errors, ABAS[i].campos);
    return (
      <span className={comErro ? 'aba-erro' : undefined} data-erro={comErro || undefined}>
        {comErro && <i className="pi pi-exclamation-circle" aria-hidden />} {ABAS[i].titulo}
        {comErro && <span className="sr-only"> (com erros)</span>}
      </span>
    );
  };

  const produtoAtual = item.data ? `${item.data.produtoNome}${item.data.produtoEmbalagem ? ` - ${item.data.produtoEmbalagem}` : ''}` : '';

  return (
    <FormPage
      titulo={editando ? 'Editar Caderno de Campo' : 'Novo Caderno de Campo'}
      listPath="/boletim"
      carregando={item.isLoading || (editando && caderno.isLoading)}
      erroCarregar={(item.error as Error) ?? (caderno.error as Error) ?? null}
      onRetry={() => {
        void item.refetch();
        if (editando) void caderno.refetch();
      }}
      onSubmit={handleSubmit(salvar, invalido)}
      botoes={<Button type="submit" label={editando ? 'Atualizar' : 'Salvar'} icon="pi pi-check" loading={salvando} disabled={salvando} />}
      botoesExtra={
        editando && caderno.data ? <Button type="button" label="Imprimir" icon="pi pi-print" outlined onClick={() => setImprimir(true)} /> : undefined
      }
    >
      <Campo id="caderno-codigo" label="Código">
        <InputText id="caderno-codigo" value={caderno.data ? String(caderno.data.id) : 'Novo'} readOnly disabled />
      </Campo>
      <Campo id="caderno-cultura-atual" label="Cultura Atual">
        <InputText id="caderno-cultura-atual" value={produtoAtual} readOnly disabled />
      </Campo>
      <SelectField
        control={control}
        name="produtoAntigoId"
        label="Cultura Anterior"
        options={comProdutosSalvos(
          produtos.opcoes,
          caderno.data ? [{ produtoId: caderno.data.produtoAntigoId, produtoNome: caderno.data.produtoAntigoNome }] : [],
        )}
        loading={produtos.isLoading}
        emptyMessage="Nenhum produto encontrado"
      />
      <DateField control={control} name="dataPlantio" label="Data do Plantio" yearRange={anosCaderno()} />
      <DateField control={control} name="dataColheita" label="Data da Colheita" yearRange={anosCaderno()} />
      <TextField control={control} name="areaCultivo" label="Identificação da Área" maxLength={200} />
      <div className="form-largo">
        <TabView activeIndex={aba} onTabChange={(e) => trocarAba(e.index)} className="caderno-abas">
          <TabPanel header={cabecalhoAba(0)}>
            <Secao
              form={form}
              secao="preparoSolo"
              titulo="Preparo do Solo"
              opcoes={[
                ['subsolagem', 'Subsolagem'],
                ['aracao', 'Aração'],
                ['enxadaRotativa', 'Enxada Rotativa'],
                ['gradagemComGrade', 'Gradagem com Grade'],
              ]}
              subopcoes={[
                ['leve', 'Leve'],
                ['pesada', 'Pesada'],
                ['niveladora', 'Niveladora'],
              ]}
              comOutras
            />
            <Secao
              form={form}
              secao="praticasConservacionistas"
              titulo="Práticas Conservacionistas"
              opcoes={[
                ['plantioEmNivel', 'Plantio em Nível'],
                ['terracos', 'Terraços'],
                ['rotacaoDeCulturas', 'Rotação de Culturas'],
                ['adubacaoVerde', 'Adubação Verde'],
              ]}
              comOutras
            />
          </TabPanel>
          <TabPanel header={cabecalhoAba(1)}>
            <Secao
              form={form}
              secao="sementesEMudas"
              titulo="Sementes e Mudas"
              opcoes={[
                ['proprias', 'Próprias'],
                ['terceiros', 'De Terceiros'],
                ['viveiroComTermico', 'Viveiro com Termo de Conformidade'],
                ['viveiroSemTermico', 'Viveiro sem Termo de Conformidade'],
              ]}
            />
          </TabPanel>
          <TabPanel header={cabecalhoAba(2)}>
            <IrrigacaoAba form={form} />
          </TabPanel>
          <TabPanel header={cabecalhoAba(3)}>
            <LinhasAdubacao control={control} setValue={setValue} getValues={form.getValues} />
          </TabPanel>
          <TabPanel header={cabecalhoAba(4)}>
            <LinhasAplicacao control={control} setValue={setValue} getValues={form.getValues} />
          </TabPanel>
        </TabView>
      </div>
      {caderno.data && imprimir && <CadernoImpressao caderno={caderno.data} onHide={() => setImprimir(false)} />}
    </FormPage>
  );
}
