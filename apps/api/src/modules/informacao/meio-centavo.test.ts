import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call } from '../../../test/helpers';
import { inserirGrupo, inserirPreco, inserirProduto } from '../../../test/fabricas';

/*
 * Derived money is rounded half-up to the cent in exact decimals, the same in every answer: R$ 32,98 ÷ 4 kg is
 * 8,245 → 8,25 and R$ 74,10 ÷ 20 kg is 3,705 → 3,71 (binary floats give 8,24 and 3,70). The expected figures are
 * written here by hand, not computed.
 */
const t = appDeTeste({ tokens: ['admin'], config: { municipioIbge: '3536505' } });
const DIA = '2031-05-06';
let grupoBatata = 0;
let grupoTomate = 0;

beforeAll(async () => {
  grupoBatata = await inserirGrupo(t.app, 'Batata', 'SC 4kg');
  grupoTomate = await inserirGrupo(t.app, 'Tomate', 'CX 20kg');
  const batata = await inserirProduto(t.app, grupoBatata, 'Batata Doce', { embalagem: 'SC 4kg', peso: 4 });
  const tomate = await inserirProduto(t.app, grupoTomate, 'Tomate Italiano', { embalagem: 'CX 20kg', peso: 20 });
  await inserirPreco(t.app, batata, DIA, '32.98');
  await inserirPreco(t.app, tomate, DIA, '74.10');
  // Two prices whose mean is a half cent: (74,10 + 74,11) ÷ 2 = 74,105 → 74,11; per kg 3,70525 → 3,71.
  await inserirPreco(t.app, tomate, DIA, '74.11');
});

const get = (url: string) => call(t.app, null, { method: 'GET', url });

describe('half a cent goes up, everywhere', () => {
  it("/home's per-product quotation and its CSV", async () => {
    const r = await get(`/api/publico/cotacao/produtos?data=${DIA}`);
    expect(r.status).toBe(200);
    const por = Object.fromEntries(r.body.map((l: { produtoNome: string; valorKg: number; valorMaisComum: number }) => [l.produtoNome, l]));
    expect(por['Batata Doce']).toMatchObject({ valorMaisComum: 32.98, valorKg: 8.25 });
    // No value repeats: the most common is the median, the mean of the two in cents, half-up.
    expect(por['Tomate Italiano']).toMatchObject({ valorMaisComum: 74.11, valorKg: 3.71 });
    const csv = await get(`/api/publico/cotacao/produtos?data=${DIA}&formato=csv`);
    const linhas = csv.raw.body.slice(1).trimEnd().split('\r\n');
    expect(linhas.find((l: string) => l.includes('Batata Doce'))).toContain(';32.98;32.98;32.98;8.25;');
    expect(linhas.find((l: string) => l.includes('Tomate Italiano'))).toContain(';74.1;74.11;74.11;3.71;');
  });

  it("Prohort's file", async () => {
    const r = await get(`/api/publico/prohort?data=${DIA}`);
    expect(r.status).toBe(200);
    const linhas = r.raw.body.slice(1).trimEnd().split('\r\n');
    expect(linhas).toContain(`Paulínia;3536505;SP;CEASA Regional;Batata Doce (SC 4kg);KG;${DIA};8.25`);
    expect(linhas).toContain(`Paulínia;3536505;SP;CEASA Regional;Tomate Italiano (CX 20kg);KG;${DIA};3.71`);
  });

  it('the public quotation by group: mean and per kg half-up', async () => {
    const r = await get(`/api/publico/cotacao?data=${DIA}`);
    expect(r.status).toBe(200);
    const por = Object.fromEntries(r.body.map((l: { produtoGrupoId: number }) => [l.produtoGrupoId, l]));
    expect(por[grupoBatata]).toMatchObject({ valorMedio: 32.98, valorKgMinimo: 8.25, valorKgMedio: 8.25, valorKgMaximo: 8.25 });
    expect(por[grupoTomate]).toMatchObject({
      valorMinimo: 74.1,
      valorMedio: 74.11,
      valorMaximo: 74.11,
      valorKgMinimo: 3.71,
      valorKgMedio: 3.71,
      valorKgMaximo: 3.71,
    });
  });

  it('the price reference: mean and median in cents, half-up', async () => {
    const tomate = (await get(`/api/publico/cotacao/produtos?data=${DIA}`)).body.find((l: { produtoNome: string }) => l.produtoNome === 'Tomate Italiano');
    const r = await get(`/api/publico/referencia?produtoId=${tomate.produtoId}&inicio=${DIA}&fim=${DIA}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ n: 2, media: 74.11, mediana: 74.11, minimo: 74.1, maximo: 74.11 });
  });
});
