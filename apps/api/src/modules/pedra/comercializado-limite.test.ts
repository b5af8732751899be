import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call } from '../../../test/helpers';
import { inserirGrupo, inserirMunicipio, inserirPessoa, inserirProduto, inserirPropriedade } from '../../../test/fabricas';

const t = appDeTeste();
const TOTAL = 1505;

/**
 * 'Comercializado' past its count's cap (1,000, decision 0098): 1,505 bulletin items, one
 * per bulletin, the bulletin of item n issued n days after 2020-01-01.
 */
beforeAll(async () => {
  const grupo = await inserirGrupo(t.app, 'Folhosas');
  const alface = await inserirProduto(t.app, grupo, 'Alface');
  const produtor = await inserirPessoa(t.app, 'Cida Horta');
  const tecnico = await inserirPessoa(t.app, 'Técnico', 2);
  const sitio = await inserirPropriedade(t.app, 'Sítio A', await inserirMunicipio(t.app, 'Imperatriz', 'MA'), produtor);
  await t.app.ctx.db.execute(sql`
    INSERT INTO boletim (data_visita, data_emissao, produtor_id, propriedade_id, tecnico_id)
    SELECT d, d, ${produtor}, ${sitio}, ${tecnico} FROM (SELECT DATE '2020-01-01' + n AS d FROM generate_series(1, ${TOTAL}) n) s`);
  await t.app.ctx.db.execute(sql`
    INSERT INTO boletim_itens (boletim_id, produto_id, area_producao, producao_estimada, producao_embalada, inicio_colheita, fim_colheita)
    SELECT id, ${alface}, 1, 1000, 50, data_emissao, data_emissao + 30 FROM boletim`);
});

describe('GET produtos-comercializados past the count cap', () => {
  const pagina = (q: string) => call(t.app, t.userAdmin, { method: 'GET', url: `/api/produtos-comercializados?${q}` });

  it("says the total is not exact ('mais de 1.000') and every row, the oldest included, is reached by paging", async () => {
    const primeira = await pagina('page=0&size=15');
    expect(primeira.body).toMatchObject({ totalElements: 1000, totalExato: false, number: 0, size: 15 });
    expect(primeira.body.content[0].dataEmissao).toBe('2024-02-14'); // 2020-01-01 + 1505 days, the newest
    // The pages past the cap answer their rows: the last one holds the 5 oldest.
    const ultima = await pagina(`page=${Math.floor((TOTAL - 1) / 15)}&size=15`);
    expect(ultima.status).toBe(200);
    expect(ultima.body.content.map((l: { dataEmissao: string }) => l.dataEmissao)).toEqual([
      '2020-01-06',
      '2020-01-05',
      '2020-01-04',
      '2020-01-03',
      '2020-01-02',
    ]);
    expect((await pagina(`page=${Math.floor((TOTAL - 1) / 15) + 1}&size=15`)).body.content).toEqual([]);
    // And the oldest first, by sorting.
    const antigos = await pagina('page=0&size=15&sort=dataEmissao,asc');
    expect(antigos.body.content[0].dataEmissao).toBe('2020-01-02');
  });
});
