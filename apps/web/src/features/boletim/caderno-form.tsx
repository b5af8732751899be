import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { confirmarRemocao } from '../../lib/confirmacao';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState, type ReactNode } from 'react';
import { useFormState, useWatch, type Control, type FieldErrors, type Path, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  anosCaderno,
  cadernoInput,
  NAO_SAO_NECESSARIAS,
  OPCOES_FORMA_APLICACAO,
  OPCOES_FORMA_DOSE,
  opcoesDaSecao,
  OUTRAS,
  rotuloCarencia,
  SECOES_CADERNO,
  TIPOS_GRADAGEM,
  type BoletimItem,
  type Caderno,
  type CadernoInput,
  type SecaoCaderno,
} from '@ceasa/shared';
import { Campo, DateField, SelectField, TextField } from '../../components/form/fields';
import { FormPage } from '../../components/form/form-page';
import { editorCheckbox, editorData, editorNumero, editorOpcoes, editorTexto, ItemsField, type ItemColumn } from '../../components/form/items-field';
import { useResourceForm } from '../../components/form/use-resource-form';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { relerListas } from '../../lib/listas';
import { DURACAO, useToast } from '../../lib/toast';
import { comProdutosSalvos, useProdutoOpcoes } from '../../lib/opcoes-produto';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';
import { CadernoReport } from './caderno-report';
import './caderno.css';

type F = CadernoInput;

/**
 * The five tabs and the parts of the notebook each holds (for the error highlight). The tab labels are docs/produto/telas.md's
 * ('Field notebook form') as written there, without accents; the sections' own headings and messages keep theirs.
 */
const ABAS: { titulo: string; campos: (keyof F)[] }[] = [
  { titulo: 'Preparo do Solo', campos: ['preparoSolo', 'praticasConservacionistas'] },
  { titulo: 'Sementes e Mudas', campos: ['sementesEMudas'] },
  { titulo: 'Irrigacao', campos: ['irrigacao'] },
  { titulo: 'Adubacao e Correcao', campos: ['adubacaoCorrecao'] },
  { titulo: 'Aplicacao de Produtos Quimicos', campos: ['aplicacaoProdutosQuimicos'] },
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

const novaAdubacao = (): Adubacao => ({
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
const novaAplicacao = (): Aplicacao => ({
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
 * A checkbox section (docs/produto/dados.md): 'não são necessárias' clears the other options and any
 * option clears it; in soil preparation leve/pesada/niveladora turn gradagem on and unchecking
 * gradagem clears them; unchecking 'outras' clears its description, enabled only with 'outras'.
 */
function Secao({ form, secao, somenteLeitura }: { form: UseFormReturn<F>; secao: SecaoCaderno; somenteLeitura: boolean }) {
  const { titulo, comOutras } = SECOES_CADERNO[secao];
  const subs: readonly string[] = SECOES_CADERNO[secao].subopcoes;
  const todasDaSecao = opcoesDaSecao(secao);
  const opcoes = todasDaSecao.filter(([k]) => !subs.includes(k));
  const subopcoes = todasDaSecao.filter(([k]) => subs.includes(k));
  const { control, setValue, getValues, trigger } = form;
  const valores = (useWatch({ control, name: secao }) ?? {}) as Record<string, unknown>;
  const { errors } = useFormState({ control, name: secao });
  const erros = errors[secao] as Record<string, { message?: string }> | undefined;
  const todas = [...todasDaSecao.map(([k]) => k), ...(comOutras ? ['outras'] : [])];

  const marcar = (chave: string, marcado: boolean) => {
    const novo: Record<string, unknown> = { ...(getValues(secao) as Record<string, unknown>), [chave]: marcado };
    if (chave === 'naoNecessarias' && marcado) {
      for (const k of todas) novo[k] = false;
      if (comOutras) novo.descricaoOutras = '';
    } else if (chave !== 'naoNecessarias' && marcado) novo.naoNecessarias = false;
    if (secao === 'preparoSolo') {
      if ((TIPOS_GRADAGEM as readonly string[]).includes(chave) && marcado) novo.gradagemComGrade = true;
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
        <Checkbox inputId={id} checked={valores[chave] === true} onChange={(e) => marcar(chave, !!e.checked)} disabled={somenteLeitura} />
        <label htmlFor={id}>{rotulo}</label>
      </div>
    );
  };

  return (
    <fieldset className="secao-marcas">
      <legend>{titulo}</legend>
      <div className="marcas">
        {caixa('naoNecessarias', NAO_SAO_NECESSARIAS)}
        {opcoes.map(([k, r]) => caixa(k, r))}
        {subopcoes.length > 0 && (
          <div className="submarcas" role="group" aria-label="Tipo de gradagem">
            {subopcoes.map(([k, r]) => caixa(k, r, 'submarca'))}
          </div>
        )}
        {comOutras && caixa('outras', OUTRAS)}
      </div>
      {comOutras && (
        <Desabilitavel desabilitado={valores.outras !== true}>
          <TextField
            control={control}
            name={`${secao}.descricaoOutras` as Path<F>}
            label={`Descrição de outras (${titulo.toLowerCase()})`}
            maxLength={200}
            disabled={somenteLeitura}
          />
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
function IrrigacaoAba({ form, somenteLeitura }: { form: UseFormReturn<F>; somenteLeitura: boolean }) {
  const { control, setValue, trigger } = form;
  const nao = useWatch({ control, name: 'irrigacao.naoNecessarias' });
  return (
    <fieldset className="secao-marcas">
      <legend>Irrigação</legend>
      <div className="marca">
        <Checkbox
          inputId="irrigacao-naoNecessarias"
          checked={nao === true}
          disabled={somenteLeitura}
          onChange={(e) => {
            setValue('irrigacao.naoNecessarias', !!e.checked, { shouldDirty: true, shouldTouch: true });
            if (e.checked) {
              setValue('irrigacao.sistema', '');
              setValue('irrigacao.origem', '');
            }
            void trigger('irrigacao');
          }}
        />
        <label htmlFor="irrigacao-naoNecessarias">{NAO_SAO_NECESSARIAS}</label>
      </div>
      <div className="form-grid">
        <Desabilitavel desabilitado={nao === true}>
          <TextField control={control} name="irrigacao.sistema" label="Sistema" maxLength={200} disabled={somenteLeitura} />
        </Desabilitavel>
        <Desabilitavel desabilitado={nao === true}>
          <TextField control={control} name="irrigacao.origem" label="Origem" maxLength={200} disabled={somenteLeitura} />
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

type Adubacao = F['adubacaoCorrecao'][number];
type Aplicacao = F['aplicacaoProdutosQuimicos'][number];
type Linha = Adubacao | Aplicacao;

/** A column of a notebook row list; `rotulo` names its editor, the row's number following ('Dose da adubação 2'). */
type Coluna<L extends Linha> = Omit<ItemColumn<L>, 'rotulo' | 'na'> & { rotulo: string };

const texto = <L extends Linha>(field: keyof L & string, header: string, rotulo: string, maxLength = 200): Coluna<L> => ({
  field,
  header,
  rotulo,
  editor: editorTexto({ maxLength }),
});
const numero = <L extends Linha>(field: keyof L & string, header: string, rotulo: string, decimais = 0, sufixo?: (l: L) => string): Coluna<L> => ({
  field,
  header,
  rotulo,
  editor: editorNumero({ decimais, agrupar: decimais > 0, sufixo }),
});
const data = <L extends Linha>(field: keyof L & string, header: string, rotulo: string): Coluna<L> => ({
  field,
  header,
  rotulo,
  editor: editorData({ yearRange: anosCaderno() }),
});
const opcao = <L extends Linha>(field: keyof L & string, header: string, rotulo: string, opcoes: { label: string; value: string }[]): Coluna<L> => ({
  field,
  header,
  rotulo,
  editor: editorOpcoes({ opcoes }),
});

/** The two row lists: their labels, blank row and columns. */
const ADUBACAO = {
  nome: 'adubacaoCorrecao',
  titulo: 'Adubação e Correção',
  linha: 'Adubação',
  rotuloAdicionar: 'Adicionar adubação',
  vazio: 'Nenhuma adubação adicionada',
  nova: novaAdubacao,
  colunas: [
    data('dataAplicacao', 'Data Aplicação', 'Data de aplicação da adubação'),
    texto('nomeFormula', 'Nome da Fórmula', 'Nome da fórmula da adubação'),
    numero('dose', 'Dose', 'Dose da adubação'),
    opcao('formaDose', 'Forma da Dose', 'Forma da dose da adubação', OPCOES_FORMA_DOSE),
    opcao('formaAplicacao', 'Forma de Aplicação', 'Forma de aplicação da adubação', OPCOES_FORMA_APLICACAO),
    texto('responsavelAplicacao', 'Responsável', 'Responsável pela adubação'),
    texto('observacao', 'Observação', 'Observação da adubação', 1000),
  ] as Coluna<Adubacao>[],
} as const;

const APLICACAO = {
  nome: 'aplicacaoProdutosQuimicos',
  titulo: 'Aplicação de Produtos Químicos',
  linha: 'Aplicação',
  rotuloAdicionar: 'Adicionar aplicação',
  vazio: 'Nenhuma aplicação adicionada',
  nova: novaAplicacao,
  colunas: [
    data('data', 'Data', 'Data da aplicação'),
    // 'dia'/'dias' after the number, following the typed value.
    numero('periodoCarencia', 'Carência', 'Período de carência da aplicação', 0, (l) => ` ${rotuloCarencia(l.periodoCarencia ?? null)}`),
    texto('pragaDoencaAlvo', 'Praga/Doença Alvo', 'Praga ou doença alvo da aplicação'),
    texto('nomeProduto', 'Nome do Produto', 'Nome do produto da aplicação'),
    numero('dose', 'Dose', 'Dose da aplicação', 2),
    opcao('formaDose', 'Forma da Dose', 'Forma da dose da aplicação', OPCOES_FORMA_DOSE),
    numero('volumeCalda', 'Volume de Calda (L/ha)', 'Volume de calda da aplicação', 2),
    texto('operador', 'Operador', 'Operador da aplicação'),
  ] as Coluna<Aplicacao>[],
} as const;

/**
 * A notebook row list (Adubação e Correção, Aplicação de Produtos Químicos) on the shared items
 * field: a first 'Não necessárias' column whose checking empties the row (keeping its id), after
 * which the row's other cells read N/A.
 */
function LinhasDoCaderno<L extends Linha>(p: {
  form: UseFormReturn<F>;
  nome: 'adubacaoCorrecao' | 'aplicacaoProdutosQuimicos';
  titulo: string;
  /** What a row is called in its checkbox's label ('Adubação 2 não necessária'). */
  linha: string;
  rotuloAdicionar: string;
  vazio: string;
  nova: () => L;
  colunas: Coluna<L>[];
  desabilitado: boolean;
}) {
  const { control, setValue, getValues } = p.form;
  return (
    <ItemsField<F, L>
      control={control}
      name={p.nome}
      titulo={p.titulo}
      rotuloAdicionar={p.rotuloAdicionar}
      vazio={p.vazio}
      nova={p.nova}
      desabilitado={p.desabilitado}
      colunas={[
        {
          field: 'naoNecessarias',
          header: 'Não necessárias',
          editor: editorCheckbox(),
          rotulo: (_, i) => `${p.linha} ${i + 1} não necessária`,
          aoMudar: (marcado, i) => {
            if (marcado)
              setValue(`${p.nome}.${i}`, { ...p.nova(), id: getValues(`${p.nome}.${i}.id`) ?? null, naoNecessarias: true } as never, { shouldValidate: true });
          },
        },
        ...p.colunas.map((c) => ({ ...c, rotulo: (_: L, i: number) => `${c.rotulo} ${i + 1}`, na: (l: L) => l.naoNecessarias === true })),
      ]}
    />
  );
}

/** The notebook's form over the resource: the bulletin item's notebook read by the item's id, saved with it. */
function useFormDoCaderno(boletimItemId: number, editando: boolean) {
  return useResourceForm<F, Caderno>({
    base: 'caderno',
    schema: cadernoInput as never,
    defaults: vazio(boletimItemId),
    caminhoDaLista: '/boletim',
    entidade: 'caderno',
    mensagens: { criado: 'Caderno adicionado com sucesso', atualizado: 'Caderno atualizado com sucesso' },
    registro: {
      editando,
      chave: `boletimItem/${boletimItemId}`,
      ler: async () => {
        const c = await api<Caderno | undefined>(`caderno/boletimItem/${boletimItemId}`);
        if (!c) throw new Error('Este item ainda não tem caderno de campo.');
        return c;
      },
      id: (c) => c.id,
    },
    listas: 'boletim',
    toForm: doCaderno,
    toBody: (v) => ({ ...v, boletimItemId }),
  });
}

/**
 * Removing the notebook (who may delete bulletins): it must go before its item or bulletin can
 * (decision 0078). Afterwards the bulletin opens, where the item may now be removed.
 */
function useRemoverCaderno(item: BoletimItem | undefined) {
  const navigate = useNavigate();
  const toast = useToast();
  const qc = useQueryClient();
  return (id: number) =>
    confirmarRemocao('Você tem certeza que quer remover este caderno de campo?', async () => {
      try {
        await api(`caderno/${id}`, { method: 'DELETE' });
        await relerListas(qc, 'boletim');
        toast.show('success', 'Remoção concluída!', `Caderno ${id} removido(a) com sucesso`, DURACAO.remover);
        navigate(item ? `/boletim/edit/${item.boletimId}` : '/boletim');
      } catch (err) {
        toast.show('error', 'Erro ao remover o caderno', (err as ApiError).message);
      }
    });
}

/**
 * The five tabs, each highlighted with its errors once visited; a failed save (refused here or by the server) marks
 * all five touched, so every tab with an error is highlighted.
 */
function AbasDoCaderno({ form, somenteLeitura, tocadas }: { form: UseFormReturn<F>; somenteLeitura: boolean; tocadas: ReturnType<typeof useAbasTocadas> }) {
  const { errors } = useFormState({ control: form.control });
  const cabecalhoAba = (i: number) => {
    const comErro = tocadas.tocadas.has(i) && temErro(errors, ABAS[i].campos);
    return (
      <span className={comErro ? 'aba-erro' : undefined} data-erro={comErro || undefined}>
        {comErro && <i className="pi pi-exclamation-circle" aria-hidden />} {ABAS[i].titulo}
        {comErro && <span className="sr-only"> (com erros)</span>}
      </span>
    );
  };
  return (
    <TabView activeIndex={tocadas.aba} onTabChange={(e) => tocadas.trocarAba(e.index)} className="caderno-abas">
      <TabPanel header={cabecalhoAba(0)}>
        <Secao form={form} somenteLeitura={somenteLeitura} secao="preparoSolo" />
        <Secao form={form} somenteLeitura={somenteLeitura} secao="praticasConservacionistas" />
      </TabPanel>
      <TabPanel header={cabecalhoAba(1)}>
        <Secao form={form} somenteLeitura={somenteLeitura} secao="sementesEMudas" />
      </TabPanel>
      <TabPanel header={cabecalhoAba(2)}>
        <IrrigacaoAba form={form} somenteLeitura={somenteLeitura} />
      </TabPanel>
      <TabPanel header={cabecalhoAba(3)}>
        <LinhasDoCaderno form={form} {...ADUBACAO} desabilitado={somenteLeitura} />
      </TabPanel>
      <TabPanel header={cabecalhoAba(4)}>
        <LinhasDoCaderno form={form} {...APLICACAO} desabilitado={somenteLeitura} />
      </TabPanel>
    </TabView>
  );
}

/** The open tab and the tabs visited (left once). */
function useAbasTocadas() {
  const [aba, setAba] = useState(0);
  const [tocadas, setTocadas] = useState<Set<number>>(new Set());
  const trocarAba = (i: number) => {
    setTocadas((t) => new Set(t).add(aba));
    setAba(i);
  };
  const todasTocadas = () => setTocadas(new Set(ABAS.map((_, i) => i)));
  return { aba, tocadas, trocarAba, todasTocadas };
}

/** The notebook's code, the crop (the item's product), the previous crop, its dates and area. */
function DadosDoCaderno({
  control,
  caderno,
  item,
  somenteLeitura,
}: {
  control: Control<F>;
  caderno: Caderno | undefined;
  item: BoletimItem | undefined;
  somenteLeitura: boolean;
}) {
  const produtos = useProdutoOpcoes();
  const produtoAtual = item ? `${item.produtoNome}${item.produtoEmbalagem ? ` - ${item.produtoEmbalagem}` : ''}` : '';
  return (
    <>
      <Campo id="caderno-codigo" label="Código">
        <InputText id="caderno-codigo" value={caderno ? String(caderno.id) : 'Novo'} readOnly disabled />
      </Campo>
      <Campo id="caderno-cultura-atual" label="Cultura Atual">
        <InputText id="caderno-cultura-atual" value={produtoAtual} readOnly disabled />
      </Campo>
      <SelectField
        control={control}
        name="produtoAntigoId"
        label="Cultura Anterior"
        options={comProdutosSalvos(produtos.opcoes, caderno ? [{ produtoId: caderno.produtoAntigoId, produtoNome: caderno.produtoAntigoNome }] : [])}
        loading={produtos.isLoading}
        emptyMessage="Nenhum produto encontrado"
        disabled={somenteLeitura}
      />
      <DateField control={control} name="dataPlantio" label="Data do Plantio" yearRange={anosCaderno()} disabled={somenteLeitura} />
      <DateField control={control} name="dataColheita" label="Data da Colheita" yearRange={anosCaderno()} disabled={somenteLeitura} />
      <TextField control={control} name="areaCultivo" label="Identificação da Área" maxLength={200} disabled={somenteLeitura} />
    </>
  );
}

/**
 * The field notebook of one bulletin item (/caderno/{boletimItemId} creates, /caderno/edit/{boletimItemId}
 * edits) on the shared resource form (load, save, lock, toasts, return to the list): crop, dates, area and
 * five tabs; the rows stay in the form until the notebook is saved (one POST or one PUT). Tabs with errors
 * are highlighted once visited, all five after a failed save.
 */
export default function CadernoForm() {
  const boletimItemId = Number(useParams().boletimItemId);
  const editando = /\/caderno\/edit\//.test(window.location.pathname);
  // Who may only view bulletins sees the notebook read-only: nothing to change or save, and it prints.
  const { pode } = useAuth();
  const somenteLeitura = editando && !pode('boletim', 'editar');
  const f = useFormDoCaderno(boletimItemId, editando);
  const { form } = f;
  const caderno = f.registro;
  const tocadas = useAbasTocadas();
  const [imprimir, setImprimir] = useState(false);

  const item = useQuery({
    queryKey: ['boletimitens', boletimItemId],
    queryFn: () => api<BoletimItem>(`boletimitens/${boletimItemId}`),
    retry: false,
    gcTime: 0,
  });
  useErroAoCarregar(item.error, 'Erro ao obter boletim itens');
  const removerCaderno = useRemoverCaderno(item.data);

  const enviar = form.handleSubmit(async (v) => {
    if (!(await f.salvar(v))) tocadas.todasTocadas();
  }, tocadas.todasTocadas);

  return (
    <FormPage
      form={f}
      titulo={somenteLeitura ? 'Caderno de Campo' : editando ? 'Editar Caderno de Campo' : 'Novo Caderno de Campo'}
      carregando={item.isLoading || f.carregando}
      erroCarregar={(item.error as Error) ?? f.erroCarregar}
      onRetry={() => {
        void item.refetch();
        if (editando) f.recarregar();
      }}
      onSubmit={enviar}
      botoes={somenteLeitura ? <></> : undefined}
      botoesExtra={
        editando && caderno ? (
          <>
            <Button type="button" label="Imprimir" icon="pi pi-print" outlined onClick={() => setImprimir(true)} />
            {pode('boletim', 'deletar') && (
              <Button type="button" label="Remover" icon="pi pi-trash" severity="danger" outlined onClick={() => removerCaderno(caderno.id)} />
            )}
          </>
        ) : undefined
      }
    >
      <DadosDoCaderno control={form.control} caderno={caderno} item={item.data} somenteLeitura={somenteLeitura} />
      <div className="form-largo">
        <AbasDoCaderno form={form} somenteLeitura={somenteLeitura} tocadas={tocadas} />
      </div>
      {caderno && imprimir && <CadernoReport caderno={caderno} onHide={() => setImprimir(false)} />}
    </FormPage>
  );
}
