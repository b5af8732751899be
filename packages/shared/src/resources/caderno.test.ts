import { afterEach, describe, expect, it, vi } from 'vitest';
import { boletimInput, boletimItemInput } from './boletim';
import { cadernoInput, MSG_CADERNO, rotuloCarencia, rotuloCarenciaImpressa } from './caderno';

/** This year: the notebook's dates must lie within current-4 and current+1, so the samples follow the clock. */
const ANO = new Date().getFullYear();

/** A notebook that passes every rule; each test breaks one thing. */
const valido = () => ({
  boletimItemId: 1,
  produtoAntigoId: 2,
  dataPlantio: `${ANO}-03-01`,
  dataColheita: `${ANO}-06-01`,
  areaCultivo: 'Talhão 3, margem do córrego',
  preparoSolo: {
    naoNecessarias: false,
    subsolagem: false,
    aracao: true,
    enxadaRotativa: false,
    gradagemComGrade: true,
    leve: true,
    pesada: false,
    niveladora: false,
    outras: false,
    descricaoOutras: null as string | null,
  },
  praticasConservacionistas: {
    naoNecessarias: false,
    plantioEmNivel: true,
    terracos: false,
    rotacaoDeCulturas: false,
    adubacaoVerde: false,
    outras: false,
    descricaoOutras: null as string | null,
  },
  sementesEMudas: { naoNecessarias: false, proprias: true, terceiros: false, viveiroComTermico: false, viveiroSemTermico: false },
  irrigacao: { naoNecessarias: false, sistema: 'Gotejamento', origem: 'Poço artesiano' } as Record<string, unknown>,
  adubacaoCorrecao: [
    {
      naoNecessarias: false,
      dataAplicacao: `${ANO}-03-05`,
      nomeFormula: 'NPK 10-10-10',
      dose: 20,
      formaDose: 'KG_M',
      formaAplicacao: 'PLANTIO',
      responsavelAplicacao: 'João',
      observacao: '',
    } as Record<string, unknown>,
  ],
  aplicacaoProdutosQuimicos: [
    {
      naoNecessarias: false,
      data: `${ANO}-04-10`,
      periodoCarencia: 7,
      pragaDoencaAlvo: 'Pulgão',
      nomeProduto: 'Óleo de neem',
      dose: 5,
      formaDose: 'L_M',
      volumeCalda: 200,
      operador: 'Açúcar da Silva',
    } as Record<string, unknown>,
  ],
});
type C = ReturnType<typeof valido>;

/** The [path, message] pairs of a refused notebook. */
function erros(c: unknown): [string, string][] {
  const r = cadernoInput.safeParse(c);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}
const com = (f: (c: C) => void) => {
  const c = valido();
  f(c);
  return c;
};

describe('caderno: the notebook rules of docs/produto/dados.md and docs/produto/validacao.md', () => {
  it('accepts a whole notebook and takes identificacaoArea as areaCultivo', () => {
    expect(erros(valido())).toEqual([]);
    const { areaCultivo, ...semArea } = valido();
    const r = cadernoInput.parse({ ...semArea, identificacaoArea: areaCultivo });
    expect(r.areaCultivo).toBe('Talhão 3, margem do córrego');
  });

  it('requires the previous crop, the area and both dates, with the spec messages', () => {
    expect(erros({ ...valido(), produtoAntigoId: undefined })).toEqual([['produtoAntigoId', 'O produto é obrigatório']]);
    expect(erros({ ...valido(), produtoAntigoId: 0 })).toEqual([['produtoAntigoId', 'O produto é obrigatório']]);
    expect(erros({ ...valido(), areaCultivo: '  ' })).toEqual([['areaCultivo', 'A identificação da área é obrigatória']]);
    expect(erros({ ...valido(), areaCultivo: 'x'.repeat(201) })).toEqual([['areaCultivo', 'A identificação da área deve ter no máximo 200 caracteres']]);
    expect(erros({ ...valido(), dataPlantio: null })).toEqual([['dataPlantio', 'A data de plantio é obrigatória']]);
    expect(erros({ ...valido(), dataColheita: '' })).toEqual([['dataColheita', 'A data de colheita é obrigatória']]);
  });

  it('refuses a harvest before the planting, and accepts the same day', () => {
    expect(erros({ ...valido(), dataColheita: `${ANO}-02-28` })).toEqual([['dataColheita', MSG_CADERNO.colheitaAntesPlantio]]);
    expect(erros({ ...valido(), dataColheita: `${ANO}-03-01` })).toEqual([]);
    // Shown even while another field is still missing.
    expect(erros({ ...valido(), areaCultivo: '', dataColheita: `${ANO}-02-28` })).toContainEqual(['dataColheita', MSG_CADERNO.colheitaAntesPlantio]);
  });

  it('soil preparation: at least one option unless none-needed, never both', () => {
    const nada = com((c) => Object.assign(c.preparoSolo, { aracao: false, gradagemComGrade: false, leve: false }));
    expect(erros(nada)).toEqual([['preparoSolo', MSG_CADERNO.umaOpcao]]);
    expect(erros(com((c) => Object.assign(c.preparoSolo, { aracao: false, gradagemComGrade: false, leve: false, naoNecessarias: true })))).toEqual([]);
    expect(erros(com((c) => Object.assign(c.preparoSolo, { naoNecessarias: true })))).toEqual([
      ['preparoSolo.naoNecessarias', MSG_CADERNO.naoNecessariasComOpcao],
    ]);
    expect(erros({ ...valido(), preparoSolo: null })).toEqual([['preparoSolo', MSG_CADERNO.umaOpcao]]);
  });

  it('soil preparation: gradagem needs leve, pesada or niveladora, and those need gradagem', () => {
    expect(erros(com((c) => Object.assign(c.preparoSolo, { leve: false })))).toEqual([['preparoSolo.gradagemComGrade', MSG_CADERNO.gradagem]]);
    for (const tipo of ['leve', 'pesada', 'niveladora']) expect(erros(com((c) => Object.assign(c.preparoSolo, { leve: false, [tipo]: true })))).toEqual([]);
    expect(erros(com((c) => Object.assign(c.preparoSolo, { gradagemComGrade: false })))).toEqual([['preparoSolo.gradagemComGrade', MSG_CADERNO.semGradagem]]);
    // leve alone is not an option of its own.
    expect(erros(com((c) => Object.assign(c.preparoSolo, { aracao: false, gradagemComGrade: false, niveladora: true })))).toContainEqual([
      'preparoSolo.gradagemComGrade',
      MSG_CADERNO.semGradagem,
    ]);
  });

  it("'outras' and its description go together (soil preparation and conservation practices)", () => {
    for (const s of ['preparoSolo', 'praticasConservacionistas'] as const) {
      expect(erros(com((c) => Object.assign(c[s], { outras: true })))).toEqual([[`${s}.descricaoOutras`, MSG_CADERNO.descricaoObrigatoria]]);
      expect(erros(com((c) => Object.assign(c[s], { outras: true, descricaoOutras: '   ' })))).toEqual([
        [`${s}.descricaoOutras`, MSG_CADERNO.descricaoObrigatoria],
      ]);
      expect(erros(com((c) => Object.assign(c[s], { outras: true, descricaoOutras: 'Cobertura morta' })))).toEqual([]);
      expect(erros(com((c) => Object.assign(c[s], { descricaoOutras: 'Sem outras' })))).toEqual([[`${s}.descricaoOutras`, MSG_CADERNO.descricaoSemOutras]]);
      expect(erros(com((c) => Object.assign(c[s], { outras: true, descricaoOutras: 'x'.repeat(201) })))).toEqual([
        [`${s}.descricaoOutras`, MSG_CADERNO.descricaoMaxima],
      ]);
    }
    // 'outras' alone is an option.
    expect(erros(com((c) => Object.assign(c.praticasConservacionistas, { plantioEmNivel: false, outras: true, descricaoOutras: 'Cordão de pedra' })))).toEqual(
      [],
    );
  });

  it('conservation practices and seeds: at least one option or none-needed, never both', () => {
    expect(erros(com((c) => Object.assign(c.praticasConservacionistas, { plantioEmNivel: false })))).toEqual([
      ['praticasConservacionistas', MSG_CADERNO.umaOpcao],
    ]);
    expect(erros(com((c) => Object.assign(c.praticasConservacionistas, { naoNecessarias: true })))).toEqual([
      ['praticasConservacionistas.naoNecessarias', MSG_CADERNO.naoNecessariasComOpcao],
    ]);
    expect(erros(com((c) => Object.assign(c.praticasConservacionistas, { plantioEmNivel: false, naoNecessarias: true })))).toEqual([]);
    expect(erros(com((c) => Object.assign(c.sementesEMudas, { proprias: false })))).toEqual([['sementesEMudas', MSG_CADERNO.umaOpcao]]);
    expect(erros(com((c) => Object.assign(c.sementesEMudas, { naoNecessarias: true })))).toEqual([
      ['sementesEMudas.naoNecessarias', MSG_CADERNO.naoNecessariasComOpcao],
    ]);
    expect(erros(com((c) => Object.assign(c.sementesEMudas, { proprias: false, naoNecessarias: true })))).toEqual([]);
  });

  it('irrigation: sistema and origem required unless none-needed, and empty when none-needed', () => {
    expect(erros(com((c) => (c.irrigacao = { naoNecessarias: false, sistema: '', origem: null })))).toEqual([
      ['irrigacao.sistema', MSG_CADERNO.irrigacao],
      ['irrigacao.origem', MSG_CADERNO.irrigacao],
    ]);
    expect(erros(com((c) => (c.irrigacao = { naoNecessarias: true, sistema: null, origem: null })))).toEqual([]);
    expect(erros(com((c) => (c.irrigacao = { naoNecessarias: true, sistema: 'Aspersão', origem: null })))).toEqual([
      ['irrigacao.naoNecessarias', MSG_CADERNO.irrigacaoNaoNecessaria],
    ]);
    expect(erros(com((c) => (c.irrigacao = { naoNecessarias: false, sistema: 'x'.repeat(201), origem: 'Rio' })))).toEqual([
      ['irrigacao.sistema', 'O sistema deve ter no máximo 200 caracteres'],
    ]);
  });

  it('needs at least one fertilisation row and one chemical row', () => {
    expect(erros({ ...valido(), adubacaoCorrecao: [] })).toEqual([['adubacaoCorrecao', MSG_CADERNO.semAdubacao]]);
    expect(erros({ ...valido(), adubacaoCorrecao: undefined })).toEqual([['adubacaoCorrecao', MSG_CADERNO.semAdubacao]]);
    expect(erros({ ...valido(), aplicacaoProdutosQuimicos: [] })).toEqual([['aplicacaoProdutosQuimicos', MSG_CADERNO.semAplicacao]]);
  });

  it('a fertilisation row needs every field unless none-needed; dose an integer of at least 1', () => {
    expect(erros(com((c) => (c.adubacaoCorrecao[0] = { naoNecessarias: false })))).toEqual([
      ['adubacaoCorrecao.0.dataAplicacao', 'A data de aplicação é obrigatória'],
      ['adubacaoCorrecao.0.nomeFormula', 'O nome da fórmula é obrigatório'],
      ['adubacaoCorrecao.0.dose', 'A dose é obrigatória'],
      ['adubacaoCorrecao.0.formaDose', 'A forma da dose é obrigatória'],
      ['adubacaoCorrecao.0.formaAplicacao', 'A forma de aplicação é obrigatória'],
      ['adubacaoCorrecao.0.responsavelAplicacao', 'O responsável pela aplicação é obrigatório'],
    ]);
    expect(erros(com((c) => (c.adubacaoCorrecao[0].dose = 0)))).toEqual([['adubacaoCorrecao.0.dose', 'A dose deve ser maior que 0.']]);
    expect(erros(com((c) => (c.adubacaoCorrecao[0].dose = 2.5)))).toEqual([['adubacaoCorrecao.0.dose', 'Deve ser um número inteiro']]);
    expect(erros(com((c) => (c.adubacaoCorrecao[0].dose = 10_000_000)))).toEqual([['adubacaoCorrecao.0.dose', 'Deve ser no máximo 9.999.999']]);
    expect(erros(com((c) => (c.adubacaoCorrecao[0].formaDose = 'KG')))).toEqual([
      ['adubacaoCorrecao.0.formaDose', 'A forma da dose deve ser Kg/m², L/m² ou g/Planta'],
    ]);
    expect(erros(com((c) => (c.adubacaoCorrecao[0].formaAplicacao = 'AEREA')))).toEqual([
      ['adubacaoCorrecao.0.formaAplicacao', 'A forma de aplicação deve ser Plantio, Cobertura, Foliar ou Fertirrigação'],
    ]);
    expect(erros(com((c) => (c.adubacaoCorrecao[0].nomeFormula = 'x'.repeat(201))))).toEqual([
      ['adubacaoCorrecao.0.nomeFormula', 'O nome da fórmula deve ter no máximo 200 caracteres'],
    ]);
    for (const f of ['FERTIRRIGACAO', 'COBERTURA', 'FOLIAR']) expect(erros(com((c) => (c.adubacaoCorrecao[0].formaAplicacao = f)))).toEqual([]);
  });

  it('a none-needed row needs nothing and is stored cleared', () => {
    const c = com((c) => {
      c.adubacaoCorrecao[0].naoNecessarias = true;
      c.aplicacaoProdutosQuimicos[0] = { naoNecessarias: true, operador: 'sobrou' };
    });
    expect(erros(c)).toEqual([]);
    const r = cadernoInput.parse(c);
    expect(r.adubacaoCorrecao[0]).toMatchObject({ naoNecessarias: true, nomeFormula: null, dose: null, formaDose: null, dataAplicacao: null });
    expect(r.aplicacaoProdutosQuimicos[0]).toMatchObject({ naoNecessarias: true, operador: null });
    expect(erros(com((c) => (c.adubacaoCorrecao = [{ naoNecessarias: true }])))).toEqual([]);
  });

  it('a chemical row needs every field, an operator included, unless none-needed', () => {
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].operador = '')))).toEqual([['aplicacaoProdutosQuimicos.0.operador', 'O operador é obrigatório']]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0] = {})))).toEqual([
      ['aplicacaoProdutosQuimicos.0.data', 'A data é obrigatória'],
      ['aplicacaoProdutosQuimicos.0.periodoCarencia', 'O período de carência é obrigatório'],
      ['aplicacaoProdutosQuimicos.0.pragaDoencaAlvo', 'A praga/doença alvo é obrigatória'],
      ['aplicacaoProdutosQuimicos.0.nomeProduto', 'O nome do produto é obrigatório'],
      ['aplicacaoProdutosQuimicos.0.dose', 'A dose é obrigatória'],
      ['aplicacaoProdutosQuimicos.0.formaDose', 'A forma da dose é obrigatória'],
      ['aplicacaoProdutosQuimicos.0.volumeCalda', 'O volume de calda é obrigatório'],
      ['aplicacaoProdutosQuimicos.0.operador', 'O operador é obrigatório'],
    ]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].periodoCarencia = 0)))).toEqual([
      ['aplicacaoProdutosQuimicos.0.periodoCarencia', 'O período de carência deve ser de pelo menos 1 dia'],
    ]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].periodoCarencia = 1.5)))).toEqual([
      ['aplicacaoProdutosQuimicos.0.periodoCarencia', 'Deve ser um número inteiro'],
    ]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].dose = 0.5)))).toEqual([['aplicacaoProdutosQuimicos.0.dose', 'A dose deve ser maior que 0.']]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].volumeCalda = 0)))).toEqual([
      ['aplicacaoProdutosQuimicos.0.volumeCalda', 'O volume de calda deve ser maior que 0.'],
    ]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].volumeCalda = 10_000_000)))).toEqual([
      ['aplicacaoProdutosQuimicos.0.volumeCalda', 'Deve ser no máximo 9.999.999'],
    ]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].pragaDoencaAlvo = 'x'.repeat(201))))).toEqual([
      ['aplicacaoProdutosQuimicos.0.pragaDoencaAlvo', 'A praga/doença alvo deve ter no máximo 200 caracteres'],
    ]);
  });

  it('keeps row ids (adubacaoCorrecaoId is the same id)', () => {
    const r = cadernoInput.parse(com((c) => ((c.adubacaoCorrecao[0].adubacaoCorrecaoId = 7), (c.aplicacaoProdutosQuimicos[0].id = 9))));
    expect(r.adubacaoCorrecao[0].id).toBe(7);
    expect(r.aplicacaoProdutosQuimicos[0].id).toBe(9);
  });

  it("takes dates only from current-4 to current+1 (the pickers' range, docs/produto/validacao.md), rows included", () => {
    const faixa = (nome: string) => `${nome} deve estar entre os anos ${ANO - 4} e ${ANO + 1}.`;
    expect(erros({ ...valido(), dataPlantio: `${ANO - 4}-01-01`, dataColheita: `${ANO + 1}-12-31` })).toEqual([]);
    expect(erros({ ...valido(), dataPlantio: `${ANO - 5}-12-31` })).toEqual([['dataPlantio', faixa('A data de plantio')]]);
    expect(erros({ ...valido(), dataColheita: `${ANO + 2}-01-01` })).toEqual([['dataColheita', faixa('A data de colheita')]]);
    expect(erros(com((c) => (c.adubacaoCorrecao[0].dataAplicacao = `${ANO + 2}-01-01`)))).toEqual([
      ['adubacaoCorrecao.0.dataAplicacao', faixa('A data de aplicação')],
    ]);
    expect(erros(com((c) => (c.aplicacaoProdutosQuimicos[0].data = `${ANO - 5}-06-30`)))).toEqual([
      ['aplicacaoProdutosQuimicos.0.data', faixa('A data da aplicação')],
    ]);
    // A row 'não necessárias' has no date to check.
    expect(erros(com((c) => (c.adubacaoCorrecao[0] = { naoNecessarias: true, dataAplicacao: null })))).toEqual([]);
  });

  it("carência reads 'dia' for 1 on the form and under 2 on the print", () => {
    expect([0, 1, 2, 7].map(rotuloCarencia)).toEqual(['dias', 'dia', 'dias', 'dias']);
    expect([0, 1, 2, 7].map(rotuloCarenciaImpressa)).toEqual(['dia', 'dia', 'dias', 'dias']);
  });
});

describe('boletim: the bulletin rules of docs/produto/validacao.md', () => {
  const item = () => ({
    produtoId: 3,
    areaProducao: 1.5,
    producaoEstimada: 12000,
    producaoEmbalada: 11000.25,
    inicioColheita: `${ANO}-05-01`,
    fimColheita: `${ANO}-07-31`,
  });
  const boletim = () => ({ dataVisita: `${ANO}-04-20`, dataEmissao: `${ANO}-04-22`, produtorId: 1, propriedadeId: 2, tecnicoId: 3, itens: [item()] });
  const e = (
    v: unknown,
    s: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } = boletimInput,
  ) => {
    const r = s.safeParse(v);
    return r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('requires every header field with the spec messages', () => {
    expect(e(boletim())).toEqual([]);
    expect(e({})).toEqual([
      ['dataVisita', 'A Data da visita é obrigatória'],
      ['dataEmissao', 'A data emissão é obrigatória'],
      ['produtorId', 'O produtor é obrigatório'],
      ['propriedadeId', 'A propriedade é obrigatório'],
      ['tecnicoId', 'O técnico é obrigatório'],
    ]);
    expect(e({ ...boletim(), dataVisita: '31/02/2026' })).toEqual([['dataVisita', 'Uma data da visita deve ser inserida']]);
    expect(e({ ...boletim(), produtorId: 0 })).toEqual([['produtorId', 'O produtor deve ser selecionado']]);
  });
  it('requires every item field, within the limits', () => {
    expect(e({}, boletimItemInput)).toEqual([
      ['produtoId', 'O produto é obrigatório'],
      ['areaProducao', 'A área de produção é obrigatória'],
      ['producaoEstimada', 'A produção estimada é obrigatória'],
      ['producaoEmbalada', 'A produção embalada é obrigatória'],
      ['inicioColheita', 'A data inicio colheita é obrigatória'],
      ['fimColheita', 'A data fim colheita é obrigatória'],
    ]);
    expect(e({ ...item(), areaProducao: 1_000_000 }, boletimItemInput)).toEqual([['areaProducao', 'A área de produção deve ser no máximo 999.999 ha']]);
    expect(e({ ...item(), producaoEstimada: 10_000_000_000 }, boletimItemInput)).toEqual([
      ['producaoEstimada', 'A produção estimada deve ser no máximo 9.999.999.999 kg'],
    ]);
    expect(e({ ...item(), fimColheita: `${ANO}-04-30` }, boletimItemInput)).toEqual([
      ['fimColheita', 'A data fim colheita não pode ser anterior à data inicio colheita.'],
    ]);
    expect(e({ ...boletim(), itens: [item(), { ...item(), produtoId: null }] })).toEqual([['itens.1.produtoId', 'O produto é obrigatório']]);
  });
  it("takes dates only within the pickers' year ranges (docs/produto/validacao.md), at both ends", () => {
    const h = new Date().getFullYear();
    expect(e({ ...boletim(), dataVisita: '2000-01-01', dataEmissao: `${h + 2}-12-31` })).toEqual([]);
    expect(e({ ...boletim(), dataVisita: '1999-12-31' })).toEqual([['dataVisita', `A data da visita deve estar entre os anos 2000 e ${h + 2}.`]]);
    expect(e({ ...boletim(), dataEmissao: `${h + 3}-01-01` })).toEqual([['dataEmissao', `A data de emissão deve estar entre os anos 2000 e ${h + 2}.`]]);
    expect(e({ ...item(), inicioColheita: '2010-01-01', fimColheita: `${h + 5}-12-31` }, boletimItemInput)).toEqual([]);
    expect(e({ ...item(), inicioColheita: `${h + 3}-12-31`, fimColheita: `${h + 4}-01-01` }, boletimItemInput)).toEqual([]);
    expect(e({ ...item(), inicioColheita: '2009-12-31' }, boletimItemInput)).toEqual([
      ['inicioColheita', `A data de início da colheita deve estar entre os anos 2010 e ${h + 3}.`],
    ]);
    expect(e({ ...item(), inicioColheita: `${h + 4}-01-01`, fimColheita: `${h + 4}-02-01` }, boletimItemInput)).toEqual([
      ['inicioColheita', `A data de início da colheita deve estar entre os anos 2010 e ${h + 3}.`],
    ]);
    expect(e({ ...item(), fimColheita: `${h + 6}-01-01` }, boletimItemInput)).toEqual([
      ['fimColheita', `A data de fim da colheita deve estar entre os anos 2010 e ${h + 5}.`],
    ]);
  });
});

describe('year ranges follow the clock', () => {
  afterEach(() => vi.useRealTimers());
  it('reads the current year when a value is checked, not when the schema was built', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2040-06-15T12:00:00Z'));
    const em2040 = com((c) => {
      c.adubacaoCorrecao[0].dataAplicacao = '2040-03-05';
      c.aplicacaoProdutosQuimicos[0].data = '2040-04-10';
    });
    expect(erros({ ...em2040, dataPlantio: '2036-01-01', dataColheita: '2041-12-31' })).toEqual([]);
    expect(erros({ ...em2040, dataPlantio: '2035-12-31', dataColheita: '2040-01-01' })).toEqual([
      ['dataPlantio', 'A data de plantio deve estar entre os anos 2036 e 2041.'],
    ]);
    expect(boletimInput.safeParse({ dataVisita: '2042-01-01', dataEmissao: '2042-12-31', produtorId: 1, propriedadeId: 2, tecnicoId: 3 }).success).toBe(true);
  });
});
