import type { APIRequestContext } from '@playwright/test';
import {
  PESSOA_TIPO,
  type AplicacaoProdutoQuimicoInput,
  type Boletim,
  type BoletimInput,
  type BoletimItemInput,
  type CadernoInput,
  type Loja,
  type LojaInput,
  type MunicipioInput,
  type PessoaInput,
  type ProdutoGrupoInput,
  type ProdutoInput,
  type PropriedadeInput,
  type Romaneio,
  type RomaneioInput,
} from '@ceasa/shared';
import { apiAdmin, maisDias, sufixoUnico } from './support';

/*
 * The records the browser specs need before their screens, made through the API as the admin (issue 30 point 4).
 * Each builder takes overrides typed by the shared input of its resource, so a spec says only what matters to it;
 * what it leaves out gets a valid value and a name no other test uses (`sufixoUnico()`).
 */

// ---------------------------------------------------------------------------------------------------------------
// Documents with valid check digits

/** The mod-11 check digit of `digitos` with `pesos` (CPF and CNPJ: remainder below 2 gives 0, else 11 minus it). */
function digitoVerificador(digitos: string, pesos: readonly number[]): string {
  const soma = pesos.reduce((s, p, i) => s + p * Number(digitos[i]), 0);
  const resto = soma % 11;
  return String(resto < 2 ? 0 : 11 - resto);
}

/** A CPF (11 digits, unmasked) whose two check digits are right, from the last 9 digits of `semente`. */
export function cpfValido(semente: number | string): string {
  const base = String(semente).replace(/\D/g, '').slice(-9).padStart(9, '0');
  const d1 = digitoVerificador(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + d1 + digitoVerificador(base + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
}

/** A CNPJ (14 digits, unmasked) of a head office ('0001') whose check digits are right, from the last 8 digits of `semente`. */
export function cnpjValido(semente: number | string): string {
  const base = `${String(semente).replace(/\D/g, '').slice(-8).padStart(8, '0')}0001`;
  const d1 = digitoVerificador(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return base + d1 + digitoVerificador(base + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
}

let ultimaSemente = 0;
/**
 * A seed no other person of this run (nor of another worker, nor of a run of the last day on the same database)
 * has: the clock in milliseconds, one more than the last one of this process, and the worker's number last.
 */
export function sementeUnica(): number {
  ultimaSemente = Math.max(Date.now() % 100_000_000, ultimaSemente + 1);
  return ultimaSemente * 10 + (Number(process.env.TEST_WORKER_INDEX ?? 0) % 10);
}

/** A valid CPF no one else in the database has. */
export const cpfUnico = () => cpfValido(sementeUnica());
/** A valid CNPJ no one else in the database has. */
export const cnpjUnico = () => cnpjValido(sementeUnica());

// ---------------------------------------------------------------------------------------------------------------
// One record each

type Criado = { id: number; nome: string };
export type PessoaCriada = Criado & { cpfcnpj: string; tipoId: number };

const post = <T>(request: APIRequestContext, url: string, corpo: unknown) => apiAdmin<T>(request, 'POST', url, corpo);

/** A person (a producer unless `tipoId` says otherwise) with a valid CPF, or a CNPJ for a shop owner. */
export async function pessoa(request: APIRequestContext, o: Partial<PessoaInput> = {}): Promise<PessoaCriada> {
  const tipoId = o.tipoId ?? PESSOA_TIPO.PRODUTOR;
  const cpfcnpj = o.cpfcnpj ?? (tipoId === PESSOA_TIPO.LOJISTA ? cnpjUnico() : cpfUnico());
  const criada = await post<PessoaCriada>(request, 'pessoa', { nome: `Pessoa E2E ${sufixoUnico()}`, ...o, tipoId, cpfcnpj } satisfies PessoaInput);
  // What was sent (digits): the record may hold it masked.
  return { ...criada, cpfcnpj };
}

export const produtor = (request: APIRequestContext, o: Partial<PessoaInput> = {}) => pessoa(request, { ...o, tipoId: PESSOA_TIPO.PRODUTOR });
export const tecnico = (request: APIRequestContext, o: Partial<PessoaInput> = {}) =>
  pessoa(request, { nome: `Técnico E2E ${sufixoUnico()}`, ...o, tipoId: PESSOA_TIPO.TECNICO });
export const lojista = (request: APIRequestContext, o: Partial<PessoaInput> = {}) =>
  pessoa(request, { nome: `Lojista E2E ${sufixoUnico()}`, ...o, tipoId: PESSOA_TIPO.LOJISTA });

export const municipio = (request: APIRequestContext, o: Partial<MunicipioInput> = {}) =>
  post<Criado & { sigla: string }>(request, 'municipio', { nome: `Município E2E ${sufixoUnico()}`, sigla: 'MA', ...o } satisfies MunicipioInput);

/** A property of 10 ha (8 explored, 5 cultivated) owned by its producer; a municipality is made when none is given. */
export async function propriedade(request: APIRequestContext, o: Partial<PropriedadeInput> & Pick<PropriedadeInput, 'proprietarioId'>) {
  const municipioId = o.municipioId ?? (await municipio(request)).id;
  return post<Criado>(request, 'propriedade', {
    nome: `Sítio E2E ${sufixoUnico()}`,
    areaTotal: 10,
    areaExplorada: 8,
    areaCultivada: 5,
    tipoPosse: 'PRÓPRIO',
    ...o,
    municipioId,
  } satisfies PropriedadeInput);
}

export const produtoGrupo = (request: APIRequestContext, o: Partial<ProdutoGrupoInput> = {}) =>
  post<Criado>(request, 'produtoGrupo', { nome: `Grupo E2E ${sufixoUnico()}`, unPadrao: 'kg', ...o } satisfies ProdutoGrupoInput);

/** An active product in a 'CX 20kg' (20 kg) box; a group is made when none is given. */
export async function produto(request: APIRequestContext, o: Partial<ProdutoInput> = {}) {
  const produtoGrupoId = o.produtoGrupoId ?? (await produtoGrupo(request)).id;
  return post<Criado & { embalagem: string }>(request, 'produto', {
    nome: `Produto E2E ${sufixoUnico()}`,
    embalagem: 'CX 20kg',
    pesoEmKg: 20,
    status: 'ATIVO',
    ...o,
    produtoGrupoId,
  } satisfies ProdutoInput);
}

export const boletim = (request: APIRequestContext, o: BoletimInput) => post<Boletim>(request, 'boletim', o);

/** One romaneio (POST romaneio takes the batch: an array of one here); answers the saved romaneio. */
export async function romaneio(request: APIRequestContext, o: RomaneioInput): Promise<Romaneio> {
  const [r] = await post<Romaneio[]>(request, 'romaneio', [o]);
  return r;
}

/** A shop sheet. */
export const loja = (request: APIRequestContext, o: LojaInput) => post<Loja>(request, 'loja', o);

/** The stall numbered `numero` ('177'). */
export async function pedra(request: APIRequestContext, numero: string) {
  const r = await apiAdmin<{ content: { id: number; numero: string }[] }>(request, 'GET', `pedras/search?searchTerm=${numero}&size=50`);
  const achada = r.content.find((p) => p.numero.trim() === numero);
  if (!achada) throw new Error(`pedra ${numero} não encontrada`);
  return achada;
}

/** A stall free on `dia` (yyyy-mm-dd). */
export async function pedraLivre(request: APIRequestContext, dia: string) {
  const [livre] = await post<{ id: number; numero: string }[]>(request, 'pedras/livres', [dia]);
  return livre;
}

// ---------------------------------------------------------------------------------------------------------------
// Field notebook

/** A spray of a field notebook: a chemical applied on `data` with `periodoCarencia` days of withdrawal. */
export const pulverizacao = (o: Partial<AplicacaoProdutoQuimicoInput> & Pick<AplicacaoProdutoQuimicoInput, 'data' | 'periodoCarencia' | 'nomeProduto'>) =>
  ({
    naoNecessarias: false,
    pragaDoencaAlvo: 'Traça-do-tomateiro',
    dose: 2,
    formaDose: 'L_M',
    volumeCalda: 200,
    operador: 'Antônio',
    ...o,
  }) satisfies AplicacaoProdutoQuimicoInput;

/**
 * The field notebook of a bulletin item: every section 'not needed' but the sprays given (none: 'not needed'
 * too), planted 90 days before `dataColheita`.
 */
export function caderno(
  request: APIRequestContext,
  o: Partial<CadernoInput> & Pick<CadernoInput, 'boletimItemId' | 'produtoAntigoId' | 'dataColheita'> & { pulverizacoes?: AplicacaoProdutoQuimicoInput[] },
) {
  const { pulverizacoes = [], ...resto } = o;
  const nao = { naoNecessarias: true, outras: false, descricaoOutras: null };
  const corpo: CadernoInput = {
    dataPlantio: maisDias(o.dataColheita as string, -90),
    areaCultivo: 'Talhão 1',
    preparoSolo: { ...nao, subsolagem: false, aracao: false, enxadaRotativa: false, gradagemComGrade: false, leve: false, pesada: false, niveladora: false },
    praticasConservacionistas: { ...nao, plantioEmNivel: false, terracos: false, rotacaoDeCulturas: false, adubacaoVerde: false },
    sementesEMudas: { naoNecessarias: true, proprias: false, terceiros: false, viveiroComTermico: false, viveiroSemTermico: false },
    irrigacao: { naoNecessarias: true, sistema: null, origem: null },
    adubacaoCorrecao: [{ naoNecessarias: true }],
    aplicacaoProdutosQuimicos: pulverizacoes.length ? pulverizacoes : [{ naoNecessarias: true }],
    ...resto,
  };
  return post<{ id: number }>(request, 'caderno', corpo);
}

// ---------------------------------------------------------------------------------------------------------------
// Scenarios the specs share

/** A producer and his property in a municipality of their own. */
export async function produtorComPropriedade(
  request: APIRequestContext,
  o: { produtor?: Partial<PessoaInput>; propriedade?: Partial<PropriedadeInput>; municipio?: Partial<MunicipioInput> } = {},
) {
  const p = await produtor(request, o.produtor);
  const m = await municipio(request, o.municipio);
  const sitio = await propriedade(request, { ...o.propriedade, municipioId: m.id, proprietarioId: p.id });
  return { produtor: p, municipio: m, propriedade: sitio };
}

/**
 * A producer with a property, a technician, a product group with `produtos` (one override each) and a bulletin
 * whose items are harvestable from `dia` - `antes` to `dia` + `depois` days (10 and 30 unless said), visited and
 * issued on `visita` (yyyy-mm-dd; 30 days before `dia` unless said). `itens` are the bulletin item ids in the order of `produtos`.
 */
export async function boletimColhendo(
  request: APIRequestContext,
  o: {
    dia: string;
    produtos: Partial<ProdutoInput>[];
    antes?: number;
    depois?: number;
    visita?: string;
    produtor?: Partial<PessoaInput>;
    tecnico?: Partial<PessoaInput>;
    municipio?: Partial<MunicipioInput>;
    propriedade?: Partial<PropriedadeInput>;
    grupo?: Partial<ProdutoGrupoInput>;
    item?: Partial<BoletimItemInput>;
    boletim?: Partial<BoletimInput>;
  },
) {
  const base = await produtorComPropriedade(request, o);
  const tec = await tecnico(request, o.tecnico);
  const grupo = await produtoGrupo(request, o.grupo);
  const produtos = [];
  for (const p of o.produtos) produtos.push(await produto(request, { ...p, produtoGrupoId: grupo.id }));
  const inicio = maisDias(o.dia, -(o.antes ?? 10));
  const fim = maisDias(o.dia, o.depois ?? 30);
  const visita = o.visita ?? maisDias(o.dia, -30);
  const b = await boletim(request, {
    dataVisita: visita,
    dataEmissao: visita,
    produtorId: base.produtor.id,
    propriedadeId: base.propriedade.id,
    tecnicoId: tec.id,
    itens: produtos.map((p) => ({
      produtoId: p.id,
      areaProducao: 1,
      producaoEstimada: 5000,
      producaoEmbalada: 4000,
      inicioColheita: inicio,
      fimColheita: fim,
      ...o.item,
    })),
    ...o.boletim,
  });
  const itens = produtos.map((p) => b.itens.find((i) => i.produtoId === p.id)!.id);
  return { ...base, tecnico: tec, grupo, produtos, boletim: b, itens, inicio, fim };
}
