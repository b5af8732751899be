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
  type PrecoInput,
  type ProdutoGrupoInput,
  type ProdutoInput,
  type PropriedadeInput,
  type Romaneio,
  type RomaneioInput,
} from '@ceasa/shared';
import { apiAdmin, diasAtrasIso, maisDias } from './support';

/*
 * The records the browser specs need before their screens, made through the API as the admin.
 * Each builder takes overrides typed by the shared input of its resource, so a spec says only what matters to it;
 * what it leaves out gets a valid value and a name no other record of the run has (`sementeUnica()`, not five digits of the
 * clock, which come round again every 100 s: the names of municipalities, product groups and products are unique).
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
  const criada = await post<PessoaCriada>(request, 'pessoa', { nome: `Pessoa E2E ${sementeUnica()}`, ...o, tipoId, cpfcnpj } satisfies PessoaInput);
  // What was sent (digits): the record may hold it masked.
  return { ...criada, cpfcnpj };
}

export const produtor = (request: APIRequestContext, o: Partial<PessoaInput> = {}) => pessoa(request, { ...o, tipoId: PESSOA_TIPO.PRODUTOR });
export const tecnico = (request: APIRequestContext, o: Partial<PessoaInput> = {}) =>
  pessoa(request, { nome: `Técnico E2E ${sementeUnica()}`, ...o, tipoId: PESSOA_TIPO.TECNICO });
export const lojista = (request: APIRequestContext, o: Partial<PessoaInput> = {}) =>
  pessoa(request, { nome: `Lojista E2E ${sementeUnica()}`, ...o, tipoId: PESSOA_TIPO.LOJISTA });

export const municipio = (request: APIRequestContext, o: Partial<MunicipioInput> = {}) =>
  post<Criado & { sigla: string }>(request, 'municipio', { nome: `Município E2E ${sementeUnica()}`, sigla: 'MA', ...o } satisfies MunicipioInput);

/** A property of 10 ha (8 explored, 5 cultivated) owned by its producer; a municipality is made when none is given. */
export async function propriedade(request: APIRequestContext, o: Partial<PropriedadeInput> & Pick<PropriedadeInput, 'proprietarioId'>) {
  const municipioId = o.municipioId ?? (await municipio(request)).id;
  return post<Criado>(request, 'propriedade', {
    nome: `Sítio E2E ${sementeUnica()}`,
    areaTotal: 10,
    areaExplorada: 8,
    areaCultivada: 5,
    tipoPosse: 'PRÓPRIO',
    ...o,
    municipioId,
  } satisfies PropriedadeInput);
}

export const produtoGrupo = (request: APIRequestContext, o: Partial<ProdutoGrupoInput> = {}) =>
  post<Criado>(request, 'produtoGrupo', { nome: `Grupo E2E ${sementeUnica()}`, unPadrao: 'kg', ...o } satisfies ProdutoGrupoInput);

/** An active product in a 'CX 20kg' (20 kg) box; a group is made when none is given. */
export async function produto(request: APIRequestContext, o: Partial<ProdutoInput> = {}) {
  const produtoGrupoId = o.produtoGrupoId ?? (await produtoGrupo(request)).id;
  return post<Criado & { embalagem: string; pesoEmKg: number }>(request, 'produto', {
    nome: `Produto E2E ${sementeUnica()}`,
    embalagem: 'CX 20kg',
    pesoEmKg: 20,
    status: 'ATIVO',
    ...o,
    produtoGrupoId,
  } satisfies ProdutoInput);
}

/** A price of a product on a day. */
export const preco = (request: APIRequestContext, o: PrecoInput) => post<{ id: number }>(request, 'precos', o);

export const boletim = (request: APIRequestContext, o: BoletimInput) => post<Boletim>(request, 'boletim', o);

/**
 * A batch of romaneios (POST romaneio: one per issue date, one debt for the batch, saved together); answers them. A
 * scenario's data: the gate's questions (decision 0294) are confirmed unless the romaneio says otherwise.
 */
export const romaneios = (request: APIRequestContext, lote: RomaneioInput[]) =>
  post<Romaneio[]>(
    request,
    'romaneio',
    lote.map((r) => ({ confirmar: true, ...(r as object) })),
  );

/** One romaneio (a batch of one); answers the saved romaneio. */
export async function romaneio(request: APIRequestContext, o: RomaneioInput): Promise<Romaneio> {
  const [r] = await romaneios(request, [o]);
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
// Market days far enough ahead that no other spec books stalls on them

/** The Monday (a market day) `semanas` weeks after the next one, yyyy-mm-dd (today in São Paulo). */
export function segundaDaqui(semanas: number): string {
  const hoje = diasAtrasIso(0);
  return maisDias(hoje, ((8 - new Date(`${hoje}T12:00:00Z`).getUTCDay()) % 7 || 7) + 7 * semanas);
}

/** The first Thursday (a market day) `dias` days or more from today, yyyy-mm-dd. */
export function quintaDaqui(dias: number): string {
  let d = diasAtrasIso(-dias);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 4) d = maisDias(d, 1);
  return d;
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

/** The checkbox sections of a field notebook, every box unchecked. */
type Secao = 'preparoSolo' | 'praticasConservacionistas' | 'sementesEMudas' | 'irrigacao';
const SECOES_VAZIAS = {
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
    descricaoOutras: null,
  },
  praticasConservacionistas: {
    naoNecessarias: false,
    plantioEmNivel: false,
    terracos: false,
    rotacaoDeCulturas: false,
    adubacaoVerde: false,
    outras: false,
    descricaoOutras: null,
  },
  sementesEMudas: { naoNecessarias: false, proprias: false, terceiros: false, viveiroComTermico: false, viveiroSemTermico: false },
  irrigacao: { naoNecessarias: false, sistema: null, origem: null },
} satisfies Pick<CadernoInput, Secao>;

/**
 * The field notebook of a bulletin item, planted 90 days before `dataColheita`: a checkbox section given checks what
 * it says and no other box, one left out is 'not needed'; fertilising 'not needed' unless said; the sprays given
 * (none: 'not needed' too).
 */
export function caderno(
  request: APIRequestContext,
  o: Partial<Omit<CadernoInput, Secao>> & { [S in Secao]?: Partial<CadernoInput[S]> } & Pick<
      CadernoInput,
      'boletimItemId' | 'produtoAntigoId' | 'dataColheita'
    > & {
      pulverizacoes?: AplicacaoProdutoQuimicoInput[];
    },
) {
  const { pulverizacoes = [], preparoSolo, praticasConservacionistas, sementesEMudas, irrigacao, ...resto } = o;
  const nao = { naoNecessarias: true };
  const corpo: CadernoInput = {
    dataPlantio: maisDias(o.dataColheita as string, -90),
    areaCultivo: 'Talhão 1',
    preparoSolo: { ...SECOES_VAZIAS.preparoSolo, ...(preparoSolo ?? nao) },
    praticasConservacionistas: { ...SECOES_VAZIAS.praticasConservacionistas, ...(praticasConservacionistas ?? nao) },
    sementesEMudas: { ...SECOES_VAZIAS.sementesEMudas, ...(sementesEMudas ?? nao) },
    irrigacao: { ...SECOES_VAZIAS.irrigacao, ...(irrigacao ?? nao) },
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

/** A product of a bulletin scenario: the product's overrides, and in `item` those of its bulletin item. */
export type ProdutoDoBoletim = Partial<ProdutoInput> & { item?: Partial<BoletimItemInput> };

/** A product group (`grupo` its overrides) and one product per override of `produtos`, in that order. */
export async function produtosNumGrupo(request: APIRequestContext, produtos: ProdutoDoBoletim[], grupo?: Partial<ProdutoGrupoInput>) {
  const g = await produtoGrupo(request, grupo);
  const feitos = [];
  for (const { item: _item, ...p } of produtos) feitos.push(await produto(request, { ...p, produtoGrupoId: g.id }));
  return { grupo: g, produtos: feitos };
}

/**
 * A bulletin of `produtor`'s `propriedade` by `tecnico`, one item per product harvestable from `inicio` to `fim`
 * (1 ha, 5000 kg estimated, 4000 packed), visited and issued on `visita`: `item` overrides every item, a product's own
 * `item` its item, `boletim` the bulletin. `itens` are the item ids in the order of `produtos`.
 */
export async function boletimDe(
  request: APIRequestContext,
  o: {
    produtor: { id: number };
    propriedade: { id: number };
    tecnico: { id: number };
    produtos: { id: number; item?: Partial<BoletimItemInput> }[];
    visita: string;
    inicio: string;
    fim: string;
    item?: Partial<BoletimItemInput>;
    boletim?: Partial<BoletimInput>;
  },
) {
  const b = await boletim(request, {
    dataVisita: o.visita,
    dataEmissao: o.visita,
    produtorId: o.produtor.id,
    propriedadeId: o.propriedade.id,
    tecnicoId: o.tecnico.id,
    itens: o.produtos.map((p) => ({
      produtoId: p.id,
      areaProducao: 1,
      producaoEstimada: 5000,
      producaoEmbalada: 4000,
      inicioColheita: o.inicio,
      fimColheita: o.fim,
      ...o.item,
      ...p.item,
    })),
    ...o.boletim,
  });
  return { boletim: b, itens: o.produtos.map((p) => b.itens.find((i) => i.produtoId === p.id)!.id) };
}

/**
 * The harvest window of a scenario: from `dia` - `antes` to `dia` + `depois` days (10 and 30 unless said), visited on
 * `visita` (30 days before `dia` unless said).
 */
type Colheita = { dia: string; antes?: number; depois?: number; visita?: string };
const janela = (o: Colheita) => ({
  inicio: maisDias(o.dia, -(o.antes ?? 10)),
  fim: maisDias(o.dia, o.depois ?? 30),
  visita: o.visita ?? maisDias(o.dia, -30),
});

/** The overrides of a one-producer bulletin scenario (boletimColhendo, romaneioNasPedras). */
export type CenarioDoBoletim = Colheita & {
  produtor?: Partial<PessoaInput>;
  tecnico?: Partial<PessoaInput>;
  municipio?: Partial<MunicipioInput>;
  propriedade?: Partial<PropriedadeInput>;
  grupo?: Partial<ProdutoGrupoInput>;
  item?: Partial<BoletimItemInput>;
  boletim?: Partial<BoletimInput>;
};

/**
 * A producer with a property, a technician, a product group with `produtos` (one override each) and a bulletin
 * whose items are harvestable from `dia` - `antes` to `dia` + `depois` days (10 and 30 unless said), visited and
 * issued on `visita` (yyyy-mm-dd; 30 days before `dia` unless said). `itens` are the bulletin item ids in the order of `produtos`.
 */
export async function boletimColhendo(request: APIRequestContext, o: CenarioDoBoletim & { produtos: ProdutoDoBoletim[] }) {
  const base = await produtorComPropriedade(request, o);
  const tec = await tecnico(request, o.tecnico);
  const { grupo, produtos } = await produtosNumGrupo(request, o.produtos, o.grupo);
  const { inicio, fim, visita } = janela(o);
  const { boletim: b, itens } = await boletimDe(request, {
    ...base,
    tecnico: tec,
    produtos: produtos.map((p, i) => ({ ...p, item: o.produtos[i].item })),
    visita,
    inicio,
    fim,
    item: o.item,
    boletim: o.boletim,
  });
  return { ...base, tecnico: tec, grupo, produtos, boletim: b, itens, inicio, fim };
}

/**
 * A producer's romaneio on `dia` on the stalls numbered `pedras` (and `avulsas`, loose ones), with debt `divida`,
 * selling `quantidade` packages of the one product (`produto`) of his bulletin: boletimColhendo, harvestable from
 * 30 days before `dia` (unless `antes` says otherwise) to 30 after.
 */
export async function romaneioNasPedras(
  request: APIRequestContext,
  o: CenarioDoBoletim & { produto?: ProdutoDoBoletim; pedras?: string[]; avulsas?: string[]; divida: number; quantidade: number },
) {
  const b = await boletimColhendo(request, { antes: 30, ...o, produtos: [o.produto ?? {}] });
  const ocupadas = [];
  for (const numero of o.pedras ?? []) ocupadas.push({ pedrasId: (await pedra(request, numero)).id, ocupacao: null });
  for (const numero of o.avulsas ?? []) ocupadas.push({ pedrasId: (await pedra(request, numero)).id, ocupacao: 'avulsa' as const });
  const r = await romaneio(request, {
    dataEmissao: o.dia,
    divida: o.divida,
    pessoaId: b.produtor.id,
    pedras: ocupadas,
    itens: [{ produtoId: b.produtos[0].id, quantidade: o.quantidade, boletimItensId: b.itens[0] }],
  });
  return { ...b, romaneio: r };
}

/**
 * Look-alike producers of the same products, as the gate meets them: a technician, a product group with `produtos`,
 * and for each of `produtores` (his overrides, his property's, his municipality's) a property and a bulletin of every
 * product harvestable from `dia` - `antes` to `dia` + `depois` (boletimDe; `item` and a product's `item` override its
 * items). `municipio` puts every property in that one municipality; without it each is in a municipality of its own.
 */
export async function produtoresColhendo(
  request: APIRequestContext,
  o: Colheita & {
    produtores: { produtor?: Partial<PessoaInput>; propriedade?: Partial<PropriedadeInput>; municipio?: Partial<MunicipioInput> }[];
    produtos: ProdutoDoBoletim[];
    tecnico?: Partial<PessoaInput>;
    grupo?: Partial<ProdutoGrupoInput>;
    municipio?: Partial<MunicipioInput>;
    item?: Partial<BoletimItemInput>;
  },
) {
  const tec = await tecnico(request, o.tecnico);
  const { grupo, produtos } = await produtosNumGrupo(request, o.produtos, o.grupo);
  const comum = o.municipio && (await municipio(request, o.municipio));
  const { inicio, fim, visita } = janela(o);
  const produtores = [];
  for (const p of o.produtores) {
    const pessoa = await produtor(request, p.produtor);
    const m = comum ?? (await municipio(request, p.municipio));
    const sitio = await propriedade(request, { ...p.propriedade, municipioId: m.id, proprietarioId: pessoa.id });
    const b = await boletimDe(request, {
      produtor: pessoa,
      propriedade: sitio,
      tecnico: tec,
      produtos: produtos.map((x, i) => ({ ...x, item: o.produtos[i].item })),
      visita,
      inicio,
      fim,
      item: o.item,
    });
    produtores.push({ ...pessoa, municipio: m, propriedade: sitio, ...b });
  }
  return { tecnico: tec, grupo, produtos, produtores, inicio, fim };
}
