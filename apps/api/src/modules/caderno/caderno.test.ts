import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MSG_CADERNO } from '@ceasa/shared';
import { build, call, countRows, tokensPorPapel } from '../../../test/helpers';

/** This year: a notebook's dates must lie within current-4 and current+1, so the samples follow the clock. */
const ANO = new Date().getFullYear();

let app: FastifyInstance;
let admin: string;
let agro: string;
let userAdmin: string;
let semPerfil: string;
let itens: { id: number }[];
let feijao: { id: number };
let milho: { id: number };

const post = (token: string, url: string, payload: unknown) => call(app, token, { method: 'POST', url: `/api/${url}`, payload: payload as object });
const put = (token: string, url: string, payload: unknown) => call(app, token, { method: 'PUT', url: `/api/${url}`, payload: payload as object });
const contagens = async () => ({
  c: await countRows(app, 'caderno'),
  a: await countRows(app, 'adubacao_correcao'),
  q: await countRows(app, 'aplicacao_produtos_quimicos'),
  l: await countRows(app, 'logs'),
});

beforeAll(async () => {
  app = await build();
  ({ admin, agro, userAdmin, semPerfil } = await tokensPorPapel(app));
  const produtor = (await post(admin, 'pessoa', { nome: 'João Lavrador', cpfcnpj: '111.222.333-96', tipoId: 1 })).body;
  const tecnico = (await post(admin, 'pessoa', { nome: 'Eng. Paulo Mendes', cpfcnpj: '999.888.777-14', tipoId: 2 })).body;
  const mun = (await post(admin, 'municipio', { nome: 'Açailândia', sigla: 'MA' })).body;
  const sitio = (
    await post(admin, 'propriedade', {
      nome: 'Sítio São José',
      municipioId: mun.id,
      areaTotal: 10,
      areaExplorada: 8,
      areaCultivada: 5,
      tipoPosse: 'PRÓPRIO',
      proprietarioId: produtor.id,
    })
  ).body;
  const grupo = (await post(admin, 'produtoGrupo', { nome: 'Grãos', unPadrao: 'kg' })).body;
  feijao = (await post(admin, 'produto', { nome: 'Feijão', embalagem: 'SC 60kg', pesoEmKg: 60, produtoGrupoId: grupo.id, status: 'ATIVO' })).body;
  milho = (await post(admin, 'produto', { nome: 'Milho', embalagem: 'SC 60kg', pesoEmKg: 60, produtoGrupoId: grupo.id, status: 'ATIVO' })).body;
  const item = {
    produtoId: feijao.id,
    areaProducao: 2,
    producaoEstimada: 3000,
    producaoEmbalada: 2900,
    inicioColheita: `${ANO}-05-01`,
    fimColheita: `${ANO}-06-30`,
  };
  const b = (
    await post(agro, 'boletim', {
      dataVisita: `${ANO}-04-01`,
      dataEmissao: `${ANO}-04-02`,
      produtorId: produtor.id,
      propriedadeId: sitio.id,
      tecnicoId: tecnico.id,
      itens: [item, item, item],
    })
  ).body;
  itens = b.itens;
});
afterAll(() => app.close());

const adub = (o: Record<string, unknown> = {}) => ({
  naoNecessarias: false,
  dataAplicacao: `${ANO}-02-05`,
  nomeFormula: 'NPK 4-14-8',
  dose: 30,
  formaDose: 'KG_M',
  formaAplicacao: 'PLANTIO',
  responsavelAplicacao: 'João Lavrador',
  observacao: 'No sulco',
  ...o,
});
const quim = (o: Record<string, unknown> = {}) => ({
  naoNecessarias: false,
  data: `${ANO}-03-10`,
  periodoCarencia: 14,
  pragaDoencaAlvo: 'Lagarta-do-cartucho',
  nomeProduto: 'Bacillus thuringiensis',
  dose: 2,
  formaDose: 'L_M',
  volumeCalda: 200,
  operador: 'Antônio',
  ...o,
});
const caderno = (boletimItemId: number, o: Record<string, unknown> = {}) => ({
  boletimItemId,
  produtoAntigoId: milho.id,
  dataPlantio: `${ANO}-02-01`,
  dataColheita: `${ANO}-05-15`,
  areaCultivo: 'Talhão 2 — baixada',
  preparoSolo: {
    naoNecessarias: false,
    subsolagem: false,
    aracao: true,
    enxadaRotativa: false,
    gradagemComGrade: true,
    leve: false,
    pesada: true,
    niveladora: false,
    outras: true,
    descricaoOutras: 'Calagem',
  },
  praticasConservacionistas: {
    naoNecessarias: false,
    plantioEmNivel: true,
    terracos: false,
    rotacaoDeCulturas: true,
    adubacaoVerde: false,
    outras: false,
    descricaoOutras: null,
  },
  sementesEMudas: { naoNecessarias: false, proprias: false, terceiros: true, viveiroComTermico: false, viveiroSemTermico: false },
  irrigacao: { naoNecessarias: false, sistema: 'Aspersão', origem: 'Açude' },
  adubacaoCorrecao: [
    adub(),
    adub({ naoNecessarias: true, nomeFormula: null, dose: null, formaDose: null, formaAplicacao: null, dataAplicacao: null, responsavelAplicacao: null }),
  ],
  aplicacaoProdutosQuimicos: [quim()],
  ...o,
});

describe('caderno', () => {
  it('creates a notebook with its rows in one POST, finds it by the item, and edits it keeping row ids', async () => {
    const vazio = await call(app, agro, { method: 'GET', url: `/api/caderno/boletimItem/${itens[0].id}` });
    expect(vazio.status).toBe(200);
    expect(vazio.body).toBeUndefined();
    expect((await call(app, agro, { method: 'GET', url: '/api/caderno/boletimItem/999999' })).status).toBe(404);

    const c = await post(agro, 'caderno', caderno(itens[0].id));
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({
      boletimItemId: itens[0].id,
      produtoId: feijao.id,
      produtoNome: 'Feijão',
      produtoAntigoId: milho.id,
      produtoAntigoNome: 'Milho',
      areaCultivo: 'Talhão 2 — baixada',
      identificacaoArea: 'Talhão 2 — baixada',
      produtorNome: 'João Lavrador',
      propriedadeMunicipioNome: 'Açailândia',
      preparoSolo: { gradagemComGrade: true, pesada: true, outras: true, descricaoOutras: 'Calagem', naoNecessarias: false },
      irrigacao: { naoNecessarias: false, sistema: 'Aspersão', origem: 'Açude' },
    });
    expect(c.body.adubacaoCorrecao).toHaveLength(2);
    expect(c.body.adubacaoCorrecao[0]).toMatchObject({ ...adub(), id: expect.any(Number) });
    expect(c.body.adubacaoCorrecao[0].adubacaoCorrecaoId).toBe(c.body.adubacaoCorrecao[0].id);
    expect(c.body.adubacaoCorrecao[1]).toMatchObject({ naoNecessarias: true, nomeFormula: null, dose: null });
    expect(c.body.aplicacaoProdutosQuimicos[0]).toMatchObject({ ...quim(), id: expect.any(Number) });
    const achado = await call(app, userAdmin, { method: 'GET', url: `/api/caderno/boletimItem/${itens[0].id}` });
    expect(achado.body).toEqual(c.body);
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/caderno/${c.body.id}` })).body).toEqual(c.body);

    // The same item twice: 409, nothing stored.
    const antes = await contagens();
    const dup = await post(agro, 'caderno', caderno(itens[0].id));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Este item do boletim já tem um caderno de campo.');
    expect(await contagens()).toEqual(antes);

    // Edit: keep the first fertilisation row (changed), drop the second, add a chemical row; one PUT.
    const [a0] = c.body.adubacaoCorrecao;
    const [q0] = c.body.aplicacaoProdutosQuimicos;
    const u = await put(
      agro,
      'caderno',
      caderno(itens[0].id, {
        id: c.body.id,
        identificacaoArea: undefined,
        areaCultivo: 'Talhão 2',
        irrigacao: { naoNecessarias: true },
        adubacaoCorrecao: [{ ...adub({ dose: 45 }), adubacaoCorrecaoId: a0.id }],
        aplicacaoProdutosQuimicos: [{ ...quim(), id: q0.id }, quim({ periodoCarencia: 1, operador: 'Maria' })],
      }),
    );
    expect(u.status).toBe(200);
    expect(u.body.areaCultivo).toBe('Talhão 2');
    expect(u.body.irrigacao).toEqual({ naoNecessarias: true, sistema: null, origem: null });
    expect(u.body.adubacaoCorrecao.map((r: { id: number; dose: number }) => [r.id, r.dose])).toEqual([[a0.id, 45]]);
    expect(u.body.aplicacaoProdutosQuimicos.map((r: { id: number }) => r.id)[0]).toBe(q0.id);
    expect(u.body.aplicacaoProdutosQuimicos[1]).toMatchObject({ periodoCarencia: 1, operador: 'Maria' });
    const logs = (await post(admin, 'logs/searchLogs/desc/id?size=10', {})).body.content.slice(0, 4);
    expect(logs.map((l: { cadastro: string; acao: string }) => `${l.cadastro} ${l.acao}`).sort()).toEqual([
      'AdubacaoCorrecao DELETE',
      'AdubacaoCorrecao UPDATE',
      'AplicacaoProdutosQuimicos INSERT',
      'Caderno UPDATE',
    ]);
    // PUT without id finds the item's notebook.
    const semId = await put(agro, 'caderno', {
      ...caderno(itens[0].id),
      adubacaoCorrecao: [{ ...adub(), id: a0.id }],
      aplicacaoProdutosQuimicos: u.body.aplicacaoProdutosQuimicos,
    });
    expect(semId.status).toBe(200);
    expect(semId.body.id).toBe(c.body.id);
  });

  it('refuses every broken rule with a 400 on the right field and stores nothing', async () => {
    const antes = await contagens();
    const erro = async (payload: unknown) => {
      const r = await post(agro, 'caderno', payload);
      expect(r.status).toBe(400);
      return r.body.fieldErrors as { field: string; message: string }[];
    };
    const id = itens[1].id;
    expect(await erro(caderno(id, { aplicacaoProdutosQuimicos: [quim({ operador: '' })] }))).toEqual([
      { field: 'aplicacaoProdutosQuimicos[0].operador', message: 'O operador é obrigatório' },
    ]);
    expect(await erro(caderno(id, { dataColheita: `${ANO}-01-31` }))).toEqual([{ field: 'dataColheita', message: MSG_CADERNO.colheitaAntesPlantio }]);
    expect(await erro(caderno(id, { preparoSolo: { aracao: true, gradagemComGrade: true } }))).toEqual([
      { field: 'preparoSolo.gradagemComGrade', message: MSG_CADERNO.gradagem },
    ]);
    expect(await erro(caderno(id, { sementesEMudas: { naoNecessarias: true, proprias: true } }))).toEqual([
      { field: 'sementesEMudas.naoNecessarias', message: MSG_CADERNO.naoNecessariasComOpcao },
    ]);
    expect(await erro(caderno(id, { praticasConservacionistas: { terracos: true, descricaoOutras: 'Sem outras' } }))).toEqual([
      { field: 'praticasConservacionistas.descricaoOutras', message: MSG_CADERNO.descricaoSemOutras },
    ]);
    expect(await erro(caderno(id, { irrigacao: { naoNecessarias: false, sistema: 'Gotejo' } }))).toEqual([
      { field: 'irrigacao.origem', message: MSG_CADERNO.irrigacao },
    ]);
    expect(await erro(caderno(id, { adubacaoCorrecao: [] }))).toEqual([{ field: 'adubacaoCorrecao', message: MSG_CADERNO.semAdubacao }]);
    expect(await erro(caderno(id, { aplicacaoProdutosQuimicos: [] }))).toEqual([{ field: 'aplicacaoProdutosQuimicos', message: MSG_CADERNO.semAplicacao }]);
    expect(await erro(caderno(id, { adubacaoCorrecao: [adub({ dose: 0 })] }))).toEqual([
      { field: 'adubacaoCorrecao[0].dose', message: 'A dose deve ser maior que 0.' },
    ]);
    expect(await erro(caderno(id, { produtoAntigoId: null }))).toEqual([{ field: 'produtoAntigoId', message: 'O produto é obrigatório' }]);
    expect(await erro(caderno(id, { produtoAntigoId: 999999 }))).toEqual([{ field: 'produtoAntigoId', message: 'O produto é obrigatório' }]);
    // The notebook's year range (docs/produto/validacao.md: current-4 to current+1), on the dates and the rows' dates.
    const ano = ANO;
    expect(
      await erro(
        caderno(id, {
          dataPlantio: `${ano - 5}-12-31`,
          adubacaoCorrecao: [adub({ dataAplicacao: `${ano + 2}-01-01` })],
          aplicacaoProdutosQuimicos: [quim({ data: `${ano - 5}-06-01` })],
        }),
      ),
    ).toEqual([
      { field: 'dataPlantio', message: `A data de plantio deve estar entre os anos ${ano - 4} e ${ano + 1}.` },
      { field: 'adubacaoCorrecao[0].dataAplicacao', message: `A data de aplicação deve estar entre os anos ${ano - 4} e ${ano + 1}.` },
      { field: 'aplicacaoProdutosQuimicos[0].data', message: `A data da aplicação deve estar entre os anos ${ano - 4} e ${ano + 1}.` },
    ]);
    expect(await erro(caderno(id, { areaCultivo: '', identificacaoArea: '' }))).toEqual([
      { field: 'areaCultivo', message: 'A identificação da área é obrigatória' },
    ]);
    expect((await post(agro, 'caderno', caderno(999999))).status).toBe(404);
    expect(await contagens()).toEqual(antes);
  });

  it('enforces the bulletin permissions: user-admin views only; no profile nothing', async () => {
    const antes = await contagens();
    const r = await post(userAdmin, 'caderno', caderno(itens[2].id));
    expect(r.status).toBe(403);
    expect((await put(userAdmin, 'caderno', caderno(itens[2].id))).status).toBe(403);
    expect((await call(app, semPerfil, { method: 'GET', url: `/api/caderno/boletimItem/${itens[2].id}` })).status).toBe(403);
    expect((await call(app, null, { method: 'GET', url: `/api/caderno/boletimItem/${itens[2].id}` })).status).toBe(401);
    expect(await contagens()).toEqual(antes);
    const criado = await post(admin, 'caderno', caderno(itens[2].id));
    expect(criado.status).toBe(201);
    // Who only views bulletins reads the notebook and its item (the read-only notebook screen and its print).
    const visto = await call(app, userAdmin, { method: 'GET', url: `/api/caderno/boletimItem/${itens[2].id}` });
    expect(visto.status).toBe(200);
    expect(visto.body.id).toBe(criado.body.id);
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/caderno/${criado.body.id}` })).status).toBe(200);
    expect((await call(app, userAdmin, { method: 'GET', url: `/api/boletimitens/${itens[2].id}` })).status).toBe(200);
    expect((await put(userAdmin, 'caderno', { ...caderno(itens[2].id), id: criado.body.id, areaCultivo: 'Mudou' })).status).toBe(403);
  });
});
