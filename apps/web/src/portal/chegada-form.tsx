import { useEffect, useRef, useState } from 'react';
import { formatDate } from '@ceasa/shared/format';
import { hojeNoMercado, somarDias } from '@ceasa/shared/tempo';
import { CampoBusca, type OpcaoBusca } from '../components/form/campo-busca';
import { EntradaNumero } from '../components/form/entrada-numero';
import { teclarNoFormulario, useEnvioDoFormulario } from '../components/form/envio-do-formulario';
import { ariaDo, ErroDoCampo, errosDaRecusa } from '../components/publico/campos-publicos';
import { api } from '../lib/api-client';
import { useCarga } from '../lib/use-carga';
import { corpoDaChegada, perguntasDaRecusa, type LinhaDaChegada, type Pergunta, type ValoresDaChegada } from './chegada-envio';
import { lerChegada, type Chegada } from './chegadas-page';
import { configDoPortal } from './config-do-portal';
import { lista, numero, obj, texto } from './leituras';
import { LinkDoPortal, navegar } from './navegacao';
import { Aviso, BotaoDeEnvio, Carregando, Entrada, mensagemDoErro, Titulo } from './partes';

export const CHEGADA_ANUNCIADA = 'Chegada anunciada.';
export const CHEGADA_ALTERADA = 'Chegada alterada.';
export const CHEGADA_RECEBIDA = 'Esta chegada já foi recebida no mercado: não pode mais ser alterada.';

/** GET publico/produtos (the public products list, every public product in pt-BR order), as the search's options. */
const lerProdutos = (v: unknown): OpcaoBusca<number>[] =>
  lista(v)
    .map((p) => ({ value: numero(p, 'id'), nome: texto(p, 'nome'), embalagem: texto(p, 'embalagem') }))
    .filter((p): p is { value: number; nome: string; embalagem: string | null } => p.value !== null && !!p.nome)
    .map((p) => ({ value: p.value, label: p.embalagem ? `${p.nome} - ${p.embalagem}` : p.nome }));

let proximaChave = 1;
const linhaVazia = (): LinhaDaChegada => ({ chave: proximaChave++, produtoId: null, quantidade: null });

const valoresDe = (c: Chegada | null): ValoresDaChegada => ({
  data: c?.data ?? '',
  itens: c?.itens.length ? c.itens.map((i) => ({ chave: proximaChave++, produtoId: i.produtoId, quantidade: i.quantidade })) : [linhaVazia()],
  chaves: c?.chavesNfe.join('\n') ?? '',
  observacao: c?.observacao ?? '',
});

/** /portal/chegadas/nova and /portal/chegadas/{id}: what is needed before the form (the limits, the products, the load). */
export function ChegadaForm({ id }: { id: number | null }) {
  const config = useCarga('portal-config', configDoPortal);
  const produtos = useCarga('publico/produtos', () => api<unknown>('publico/produtos').then(lerProdutos));
  const registro = useCarga(`portal/chegadas/${id}`, () =>
    id === null ? Promise.resolve(null) : api<unknown>(`portal/chegadas/${id}`).then((v) => lerChegada(obj(v))),
  );
  const titulo = id === null ? 'Anunciar chegada' : 'Alterar chegada';
  const falha = registro.error ?? config.error;
  let corpo;
  if (falha) corpo = <Aviso tipo="erro" texto={mensagemDoErro(falha)} />;
  else if (registro.data === undefined || !config.data) corpo = <Carregando />;
  else if (registro.data && registro.data.situacao !== 'anunciada') corpo = <Aviso tipo="info" texto={CHEGADA_RECEBIDA} />;
  else {
    // The chosen products stay nameable even when no longer public (an inactive product of an older load).
    const deles = (registro.data?.itens ?? []).filter((i) => i.produtoId !== null).map((i) => ({ value: i.produtoId!, label: i.produto }));
    const opcoes = [...(produtos.data ?? []), ...deles.filter((d) => !produtos.data?.some((o) => o.value === d.value))];
    corpo = (
      <FormularioDaChegada
        id={id}
        chegada={registro.data}
        diasAntecedencia={config.data.diasAntecedencia}
        produtos={opcoes}
        carregandoProdutos={produtos.isLoading}
      />
    );
  }
  return (
    <section>
      <Titulo>{titulo}</Titulo>
      <LinkDoPortal href="/portal/chegadas" className="p-button p-button-text p-button-sm">
        <i className="pi pi-arrow-left" aria-hidden />
        &nbsp;Voltar às chegadas
      </LinkDoPortal>
      {produtos.error && <Aviso tipo="erro" texto={`Não foi possível carregar os produtos: ${mensagemDoErro(produtos.error)}`} />}
      {corpo}
    </section>
  );
}

/** The questions of a 409, each in the server's words, and 'Confirmar' (the form's submit) or 'Voltar'. */
function Perguntas({ perguntas, aoVoltar, ocupado }: { perguntas: Pergunta[]; aoVoltar: () => void; ocupado: boolean }) {
  const confirmar = useRef<HTMLButtonElement>(null);
  // The cursor on 'Confirmar' once it can take it (the save that asked has ended).
  useEffect(() => {
    if (!ocupado) confirmar.current?.focus();
  }, [perguntas, ocupado]);
  return (
    <div className="portal-perguntas" role="alert">
      <p>Antes de salvar, confirme:</p>
      <ul>
        {perguntas.map((p) => (
          <li key={p.codigo}>{p.mensagem}</li>
        ))}
      </ul>
      <div className="portal-acoes">
        <button ref={confirmar} type="submit" className="p-button">
          <i className="pi pi-check" aria-hidden />
          &nbsp;Confirmar
        </button>
        <button type="button" className="p-button p-button-text" onClick={aoVoltar}>
          Voltar
        </button>
      </div>
    </div>
  );
}

type Erros = Record<string, string>;

/** One product of the load: the search over the public products, its kg ('12,5'), and 'Remover' when there are others. */
function LinhaDeProduto(p: {
  n: number;
  linha: LinhaDaChegada;
  produtos: OpcaoBusca<number>[];
  carregando: boolean;
  erros: Erros;
  mudar: (l: Partial<LinhaDaChegada>) => void;
  mostrarErro: (campo: string, m: string | undefined) => void;
  remover?: () => void;
}) {
  const { n, erros } = p;
  const [cp, cq] = [`itens.${n}.produtoId`, `itens.${n}.quantidade`];
  const nome = p.produtos.find((o) => o.value === p.linha.produtoId)?.label;
  return (
    <li className="portal-linha">
      <label htmlFor={`chegada-produto-${n}`}>Produto {n + 1}</label>
      <CampoBusca
        id={`chegada-produto-${n}`}
        opcoes={p.produtos}
        value={p.linha.produtoId}
        onChange={(v) => p.mudar({ produtoId: v })}
        carregando={p.carregando}
        limite={50}
        rotulo="Produtos"
        vazio={(t) => (p.carregando ? 'Carregando…' : t.trim() ? 'Nenhum produto encontrado' : 'Nenhum produto')}
        aoNaoEscolher={(m) => p.mostrarErro(cp, m)}
        {...ariaDo(erros, cp)}
      />
      <ErroDoCampo erros={erros} campo={cp} />
      <label htmlFor={`chegada-quantidade-${n}`}>Quantidade (kg)</label>
      <EntradaNumero
        id={`chegada-quantidade-${n}`}
        value={p.linha.quantidade}
        onChange={(v) => p.mudar({ quantidade: v })}
        aoLer={(m) => p.mostrarErro(cq, m)}
        aoNaoLer={(m) => p.mostrarErro(cq, m)}
        decimais={2}
        sufixo=" kg"
        {...ariaDo(erros, cq)}
      />
      <ErroDoCampo erros={erros} campo={cq} />
      {p.remover && (
        <button
          type="button"
          className="p-button p-button-text p-button-danger p-button-sm"
          onClick={p.remover}
          aria-label={`Remover o produto ${n + 1}${nome ? ` (${nome})` : ''}`}
        >
          <i className="pi pi-trash" aria-hidden />
          &nbsp;Remover
        </button>
      )}
    </li>
  );
}

/** The field a refusal names first, for the cursor to go to (the row's fields by their ids). */
function focarPrimeiroErro(erros: Erros) {
  const campo = Object.keys(erros)[0];
  if (!campo) return;
  const [nome, n, sub] = campo.split('.');
  const id = nome === 'itens' && n !== undefined ? `chegada-${sub === 'quantidade' ? 'quantidade' : 'produto'}-${n}` : `chegada-${nome}`;
  document.getElementById(id)?.focus();
}

/** The load's products: one row each, 'Adicionar produto' (the cursor goes to the new row's search). */
function ProdutosDaChegada(p: {
  itens: LinhaDaChegada[];
  produtos: OpcaoBusca<number>[];
  carregando: boolean;
  erros: Erros;
  mudarItens: (itens: LinhaDaChegada[]) => void;
  mostrarErro: (campo: string, m: string | undefined) => void;
}) {
  const { itens, mudarItens } = p;
  return (
    <fieldset className="portal-produtos">
      <legend>Produtos</legend>
      <ol>
        {itens.map((l, n) => (
          <LinhaDeProduto
            key={l.chave}
            n={n}
            linha={l}
            produtos={p.produtos}
            carregando={p.carregando}
            erros={p.erros}
            mudar={(x) => mudarItens(itens.map((y, i) => (i === n ? { ...y, ...x } : y)))}
            mostrarErro={p.mostrarErro}
            remover={itens.length > 1 ? () => mudarItens(itens.filter((_, i) => i !== n)) : undefined}
          />
        ))}
      </ol>
      <ErroDoCampo erros={p.erros} campo="itens" />
      <button
        type="button"
        className="p-button p-button-outlined p-button-sm"
        onClick={() => {
          mudarItens([...itens, linhaVazia()]);
          setTimeout(() => document.getElementById(`chegada-produto-${itens.length}`)?.focus());
        }}
      >
        <i className="pi pi-plus" aria-hidden />
        &nbsp;Adicionar produto
      </button>
    </fieldset>
  );
}

/** A text box of the form with its label and the server's message under it. */
function CampoDeTexto(p: { campo: string; rotulo: string; valor: string; mudar: (t: string) => void; erros: Erros; maxLength?: number }) {
  return (
    <>
      <label htmlFor={`chegada-${p.campo}`}>{p.rotulo}</label>
      <textarea
        id={`chegada-${p.campo}`}
        rows={2}
        maxLength={p.maxLength}
        className="p-inputtext p-component"
        value={p.valor}
        onChange={(e) => p.mudar(e.target.value)}
        {...ariaDo(p.erros, p.campo)}
      />
      <ErroDoCampo erros={p.erros} campo={p.campo} />
    </>
  );
}

/** The market day: a native date picker limited to today .. today + PORTAL_DIAS_ANTECEDENCIA. */
function CampoDaData(p: { valor: string; mudar: (d: string) => void; diasAntecedencia: number; erros: Erros }) {
  const hoje = hojeNoMercado();
  const ate = somarDias(hoje, p.diasAntecedencia);
  return (
    <>
      <Entrada
        id="chegada-data"
        rotulo="Data da chegada"
        type="date"
        min={hoje}
        max={ate}
        valor={p.valor}
        mudar={p.mudar}
        aria-invalid={p.erros.data ? true : undefined}
        aria-describedby={p.erros.data ? 'chegada-data-ajuda erro-data' : 'chegada-data-ajuda'}
      />
      <small id="chegada-data-ajuda">
        De {formatDate(hoje)} a {formatDate(ate)}.
      </small>
      <ErroDoCampo erros={p.erros} campo="data" />
    </>
  );
}

interface PropsDoFormulario {
  id: number | null;
  chegada: Chegada | null;
  diasAntecedencia: number;
  produtos: OpcaoBusca<number>[];
  carregandoProdutos: boolean;
}

/** POST a new load or PUT the change; then the list, which says so. */
async function gravar(id: number | null, corpo: ReturnType<typeof corpoDaChegada>) {
  await api(id === null ? 'portal/chegadas' : `portal/chegadas/${id}`, { method: id === null ? 'POST' : 'PUT', body: corpo });
  navegar('/portal/chegadas', { estado: { mensagem: id === null ? CHEGADA_ANUNCIADA : CHEGADA_ALTERADA } });
}

/**
 * The load's form: the day, its products and kg, the NF-e keys, a note. The server checks it by the gate's rules;
 * a 409 that asks shows its questions, and 'Confirmar' sends the same load with their codes in `confirmar`. A second
 * tap on Salvar while it saves sends nothing (useEnvioDoFormulario).
 */
function FormularioDaChegada(p: PropsDoFormulario) {
  const [v, setV] = useState<ValoresDaChegada>(() => valoresDe(p.chegada));
  const [erros, setErros] = useState<Erros>({});
  const [falha, setFalha] = useState<string | null>(null);
  const [perguntas, setPerguntas] = useState<{ perguntas: Pergunta[]; codigos: string[]; confirmados: string[] } | null>(null);
  const { emEnvio, ouvirEsperas, enviar } = useEnvioDoFormulario((_tipo, m) => setFalha(m));
  /** Any change makes the questions asked moot: Salvar asks again. */
  const mudar = (novo: Partial<ValoresDaChegada>) => {
    setV((atual) => ({ ...atual, ...novo }));
    setPerguntas(null);
  };
  const mostrarErro = (campo: string, m: string | undefined) => setErros(({ [campo]: _, ...resto }) => (m ? { ...resto, [campo]: m } : resto));

  const salvar = async () => {
    const confirmar = perguntas ? [...perguntas.confirmados, ...perguntas.codigos] : [];
    setErros({});
    setFalha(null);
    try {
      await gravar(p.id, corpoDaChegada(v, p.chegada?.versao ?? null, confirmar));
    } catch (e) {
      const asks = perguntasDaRecusa(e);
      setPerguntas(asks && { ...asks, confirmados: confirmar });
      if (asks) return;
      const porCampo = errosDaRecusa(e);
      setErros(porCampo);
      setFalha(mensagemDoErro(e));
      focarPrimeiroErro(porCampo);
    }
  };
  return (
    <form
      ref={ouvirEsperas}
      className="portal-form"
      noValidate
      onSubmit={(e) => enviar(e, salvar)}
      onKeyDown={teclarNoFormulario}
      aria-label={p.id === null ? 'Anunciar chegada' : 'Alterar chegada'}
    >
      <CampoDaData valor={v.data} mudar={(data) => mudar({ data })} diasAntecedencia={p.diasAntecedencia} erros={erros} />
      <ProdutosDaChegada
        itens={v.itens}
        produtos={p.produtos}
        carregando={p.carregandoProdutos}
        erros={erros}
        mudarItens={(itens) => mudar({ itens })}
        mostrarErro={mostrarErro}
      />
      <CampoDeTexto
        campo="chavesNfe"
        rotulo="Chaves de acesso das NF-e (opcional, uma por linha)"
        valor={v.chaves}
        mudar={(chaves) => mudar({ chaves })}
        erros={erros}
      />
      {errosDasChaves(erros)}
      <CampoDeTexto
        campo="observacao"
        rotulo="Observação (opcional)"
        maxLength={500}
        valor={v.observacao}
        mudar={(observacao) => mudar({ observacao })}
        erros={erros}
      />
      {falha && !perguntas && <Aviso tipo="erro" texto={falha} />}
      <fieldset className="portal-botoes" disabled={emEnvio}>
        {perguntas ? (
          <Perguntas perguntas={perguntas.perguntas} aoVoltar={() => setPerguntas(null)} ocupado={emEnvio} />
        ) : (
          <BotaoDeEnvio emEnvio={emEnvio} icone="pi-check">
            Salvar
          </BotaoDeEnvio>
        )}
      </fieldset>
    </form>
  );
}

/** A refusal of one NF-e key names it by position ('chavesNfe.1'): said under the keys' box, each with its line. */
function errosDasChaves(erros: Erros) {
  return Object.entries(erros)
    .filter(([k]) => /^chavesNfe\.\d+$/.test(k))
    .map(([k, m]) => (
      <small key={k} className="p-error">
        Linha {Number(k.split('.')[1]) + 1}: {m}
      </small>
    ));
}
