import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SETTINGS_PADRAO, situacaoDaCarteira } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirProduto, inserirProdutorComColheita } from '../../../test/fabricas';
import { loadConfig } from '../../config';

const t = appDeTeste({ tokens: ['admin'], config: { settings: { ...SETTINGS_PADRAO, carteiraProdutor: 'exigir' } } });

describe("the producer's card at the gate (decision 0182)", () => {
  it('the rule: nothing, a warning within 30 days, past the date a warning or a refusal by the mode', () => {
    expect(situacaoDaCarteira('2026-11-23', null, 'exigir')).toBeNull();
    expect(situacaoDaCarteira('2026-11-23', '2026-12-24', 'exigir')).toBeNull();
    expect(situacaoDaCarteira('2026-11-23', '2026-12-23', 'avisar')).toEqual({
      tipo: 'aviso',
      mensagem: 'A carteira de produtor vence em 23/12/2026 (em 30 dias).',
    });
    expect(situacaoDaCarteira('2026-11-23', '2026-11-23', 'exigir')).toEqual({ tipo: 'aviso', mensagem: 'A carteira de produtor vence em 23/11/2026 (hoje).' });
    const vencida = 'A carteira de produtor venceu em 22/11/2026: renove-a no cadastro do produtor.';
    expect(situacaoDaCarteira('2026-11-23', '2026-11-22', 'avisar')).toEqual({ tipo: 'aviso', mensagem: vencida });
    expect(situacaoDaCarteira('2026-11-23', '2026-11-22', 'exigir')).toEqual({ tipo: 'recusa', mensagem: vencida });
  });

  it('CARTEIRA_PRODUTOR: avisar by default, exigir, anything else stops the start', () => {
    expect(loadConfig({}).settings.carteiraProdutor).toBe('avisar');
    expect(loadConfig({ CARTEIRA_PRODUTOR: ' Exigir ' }).settings.carteiraProdutor).toBe('exigir');
    expect(() => loadConfig({ CARTEIRA_PRODUTOR: 'sim' })).toThrow('CARTEIRA_PRODUTOR inválido (sim): use avisar ou exigir');
  });

  it('with exigir, refuses a romaneio whose producer card ended before its date (nothing stored), accepts one within the date', async () => {
    const grupo = await inserirGrupo(t.app, 'Hortaliças');
    const tomate = await inserirProduto(t.app, grupo, 'Tomate');
    const p = await inserirProdutorComColheita(t.app, tomate);
    const lote = (divida: number, dataEmissao = '2026-11-23') => [
      { dataEmissao, divida, pessoa: { id: p.produtor }, itens: [{ produtoId: tomate, quantidade: 3, boletimItensId: p.item }], pedras: [] },
    ];
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = '2026-11-22' WHERE id = ${p.produtor}`);
    const antes = await countRows(t.app, 'romaneio');
    const r = await call(t.app, t.admin, { method: 'POST', url: '/api/romaneio', payload: lote(770001) });
    expect(r.status).toBe(400);
    const mensagem = 'A carteira de produtor venceu em 22/11/2026: renove-a no cadastro do produtor.';
    expect(r.body).toMatchObject({ message: mensagem, fieldErrors: [{ field: '[0].pessoaId', message: mensagem }] });
    expect(await countRows(t.app, 'romaneio')).toBe(antes);

    // Renewed (valid through the romaneio's day): no refusal, the question of a card ending that day, then saved.
    await t.app.ctx.db.execute(sql`UPDATE pessoa SET carteira_valida_ate = '2026-11-23' WHERE id = ${p.produtor}`);
    const pergunta = await call(t.app, t.admin, { method: 'POST', url: '/api/romaneio', payload: lote(770002) });
    expect([pergunta.status, pergunta.body.confirmar]).toEqual([409, ['carteira']]);
    const ok = await call(t.app, t.admin, { method: 'POST', url: '/api/romaneio', payload: lote(770002).map((r) => ({ ...r, confirmar: ['carteira'] })) });
    expect(ok.status).toBe(201);
    // The served settings tell the web gate the mode.
    expect((await call(t.app, null, { method: 'GET', url: '/api/config' })).body.carteiraProdutor).toBe('exigir');
  });
});
