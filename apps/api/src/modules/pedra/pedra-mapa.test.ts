import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import {
  inserirBoletim,
  inserirBoletimItem,
  inserirGrupo,
  inserirMunicipio,
  inserirPessoa,
  inserirProduto,
  inserirPropriedade,
  inserirRomaneio,
  inserirRomaneioItem,
} from '../../../test/fabricas';

const t = appDeTeste();

type Pedra = { id: number; numero: string; uso: boolean; ocupante: string | null; ocupacao: string | null; romaneioId: number | null };

const ocupadas = (token: string | null, corpo: unknown) =>
  call(t.app, token, { method: 'POST', url: '/api/pedras/ocupadas', payload: JSON.stringify(corpo), headers: { 'content-type': 'application/json' } });

/** A stall's id by its number. */
async function pedra(numero: string): Promise<number> {
  const r = await t.app.ctx.db.execute(sql`SELECT id FROM pedras WHERE numero = ${numero}`);
  return Number((r.rows[0] as { id: number }).id);
}

const reservar = (romaneioId: number, numero: string, data: string, ocupacao: string | null = null) =>
  pedra(numero).then((pedraId) =>
    t.app.ctx.db.execute(sql`INSERT INTO romaneio_pedras (romaneio_id, pedra_id, data, ocupacao) VALUES (${romaneioId}, ${pedraId}, ${data}, ${ocupacao})`),
  );

describe('POST pedras/ocupadas: the stall map of a day', () => {
  let ana: number;
  let bruno: number;
  let r1: number;
  let r2: number;
  let r3: number;

  beforeAll(async () => {
    ana = await inserirPessoa(t.app, 'Ana Produtora');
    bruno = await inserirPessoa(t.app, 'Bruno Avulso');
    r1 = await inserirRomaneio(t.app, ana, '2024-05-02', 101);
    r2 = await inserirRomaneio(t.app, bruno, '2024-05-02', 102);
    // Ana's batch on another day: her stalls that day are not those of 2024-05-02.
    r3 = await inserirRomaneio(t.app, ana, '2024-05-06', 101);
    await reservar(r1, '1', '2024-05-02');
    await reservar(r1, '2', '2024-05-02');
    await reservar(r2, '100', '2024-05-02', 'avulsa');
    await reservar(r3, '252', '2024-05-06');
  });

  it('answers every stall in numeric order, free or with its occupant, for a date sent as a JSON string', async () => {
    const r = await ocupadas(t.userAdmin, '2024-05-02');
    expect(r.status).toBe(200);
    const mapa = r.body as Pedra[];
    expect(mapa).toHaveLength(252);
    expect(mapa.map((p) => p.numero)).toEqual(Array.from({ length: 252 }, (_, i) => String(i + 1)));
    expect(Object.keys(mapa[0]).sort()).toEqual(['id', 'numero', 'ocupacao', 'ocupante', 'romaneioId', 'uso']);
    expect(mapa[0]).toEqual({ id: await pedra('1'), numero: '1', uso: true, ocupante: 'Ana Produtora', ocupacao: null, romaneioId: r1 });
    expect(mapa[1]).toMatchObject({ numero: '2', uso: true, ocupante: 'Ana Produtora', romaneioId: r1 });
    expect(mapa[2]).toEqual({ id: await pedra('3'), numero: '3', uso: false, ocupante: null, ocupacao: null, romaneioId: null });
    expect(mapa[99]).toMatchObject({ numero: '100', uso: true, ocupante: 'Bruno Avulso', ocupacao: 'avulsa', romaneioId: r2 });
    expect(mapa.filter((p) => p.uso).map((p) => p.numero)).toEqual(['1', '2', '100']);
    // The booking of another day does not show.
    expect(mapa[251]).toMatchObject({ numero: '252', uso: false, ocupante: null });
  });

  it('also takes { data }, and shows each day its own bookings', async () => {
    const r = await ocupadas(t.agro, { data: '2024-05-06' });
    expect(r.status).toBe(200);
    expect((r.body as Pedra[]).filter((p) => p.uso)).toEqual([
      { id: await pedra('252'), numero: '252', uso: true, ocupante: 'Ana Produtora', ocupacao: null, romaneioId: r3 },
    ]);
    // The bare date as a text body ('date as body').
    const texto = await call(t.app, t.agro, { method: 'POST', url: '/api/pedras/ocupadas', payload: '2024-05-06', headers: { 'content-type': 'text/plain' } });
    expect(texto.status).toBe(200);
    expect((texto.body as Pedra[]).filter((p) => p.uso).map((p) => p.numero)).toEqual(['252']);
    const vazio = await ocupadas(t.admin, { data: '2030-01-07' });
    expect(vazio.status).toBe(200);
    expect((vazio.body as Pedra[]).every((p) => !p.uso && p.ocupante === null && p.romaneioId === null)).toBe(true);
  });

  it('follows a stall added later and a deleted romaneio', async () => {
    const nova = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/pedras', payload: { numero: '253' } });
    const r4 = await inserirRomaneio(t.app, bruno, '2024-05-09', 104);
    await reservar(r4, '253', '2024-05-09');
    let mapa = (await ocupadas(t.userAdmin, '2024-05-09')).body as Pedra[];
    expect(mapa).toHaveLength(253);
    expect(mapa[252]).toMatchObject({ id: nova.body.id, numero: '253', uso: true, ocupante: 'Bruno Avulso' });
    // Deleting the romaneio frees its stalls (the booking goes with it).
    await t.app.ctx.db.execute(sql`DELETE FROM romaneio WHERE id = ${r4}`);
    mapa = (await ocupadas(t.userAdmin, '2024-05-09')).body as Pedra[];
    expect(mapa[252]).toMatchObject({ numero: '253', uso: false, ocupante: null });
  });

  it('refuses a missing or bad date with a pt-BR 400', async () => {
    for (const corpo of [{}, '', null, { data: '' }]) {
      const r = await ocupadas(t.userAdmin, corpo);
      expect(r.status, JSON.stringify(corpo)).toBe(400);
      expect(r.body.message).toBe('A data da pesquisa é obrigatória');
    }
    for (const corpo of ['02/05/2024', '2024-02-30', '2024-13-01', 'abc', { data: '2024-5-2' }, 20240502, ['2024-05-02'], { data: 42 }]) {
      const r = await ocupadas(t.userAdmin, corpo);
      expect(r.status, JSON.stringify(corpo)).toBe(400);
      expect(r.body.message).toBe('A data da pesquisa é inválida');
    }
    const semCorpo = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/pedras/ocupadas' });
    expect(semCorpo.status).toBe(400);
    expect(semCorpo.body.message).toBe('A data da pesquisa é obrigatória');
  });

  it('is shown to every back-office profile, not to a user without one or signed out', async () => {
    for (const token of [t.admin, t.userAdmin, t.agro]) expect((await ocupadas(token, '2024-05-02')).status).toBe(200);
    const sem = await ocupadas(t.semPerfil, '2024-05-02');
    expect(sem.status).toBe(403);
    expect(sem.body.message).toMatch(/não foi atribuído perfil/);
    expect((await ocupadas(null, '2024-05-02')).status).toBe(401);
  });
});

describe('GET produtos-comercializados: the Comercializado table', () => {
  let b1: number;
  let b2: number;
  let alface: number;
  let tomate: number;

  beforeAll(async () => {
    const grupo = await inserirGrupo(t.app, 'Folhosas');
    alface = await inserirProduto(t.app, grupo, 'Alface');
    tomate = await inserirProduto(t.app, grupo, 'Tomate');
    const cida = await inserirPessoa(t.app, 'Cida Horta');
    const davi = await inserirPessoa(t.app, 'Davi Campo');
    const tecnico = await inserirPessoa(t.app, 'Técnico', 2);
    const m = await inserirMunicipio(t.app, 'Imperatriz', 'MA');
    const p1 = await inserirPropriedade(t.app, 'Sítio A', m, cida);
    const p2 = await inserirPropriedade(t.app, 'Sítio B', m, davi);
    b1 = await inserirBoletim(t.app, { produtorId: cida, tecnicoId: tecnico, propriedadeId: p1, dataEmissao: '2024-03-01' });
    b2 = await inserirBoletim(t.app, { produtorId: davi, tecnicoId: tecnico, propriedadeId: p2, dataEmissao: '2024-04-01' });
    // Estimated 1000 each (the fixture's value).
    const i1 = await inserirBoletimItem(t.app, b1, alface, '2024-03-01', '2024-06-30');
    await inserirBoletimItem(t.app, b1, tomate, '2024-03-01', '2024-05-31');
    const i3 = await inserirBoletimItem(t.app, b2, tomate, '2024-04-01', '2024-07-31');
    const r1 = await inserirRomaneio(t.app, cida, '2024-05-02', 201);
    const r2 = await inserirRomaneio(t.app, cida, '2024-05-06', 201);
    const r3 = await inserirRomaneio(t.app, davi, '2024-05-06', 202);
    await inserirRomaneioItem(t.app, r1, alface, 250.5, i1);
    await inserirRomaneioItem(t.app, r2, alface, 100, i1);
    await inserirRomaneioItem(t.app, r3, tomate, 1000, i3);
    // An item without a bulletin item counts for no row.
    await inserirRomaneioItem(t.app, r3, alface, 10, null);
  });

  it('answers a page of one row per bulletin item, newest bulletin first, with the commercialised sums and fractions', async () => {
    const r = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/produtos-comercializados?page=0&size=15' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 15 });
    const linhas = r.body.content;
    expect(Object.keys(linhas[0]).sort()).toEqual(
      [
        'boletimId',
        'dataEmissao',
        'fimColheita',
        'id',
        'nomeProdutor',
        'nomeProduto',
        'porcentagemComercializada',
        'quantidadeComercializada',
        'quantidadeEstimada',
      ].sort(),
    );
    expect(linhas.map((l: { boletimId: number; nomeProduto: string }) => [l.boletimId, l.nomeProduto])).toEqual([
      [b2, 'Tomate'],
      [b1, 'Tomate'],
      [b1, 'Alface'],
    ]);
    expect(linhas[0]).toMatchObject({
      quantidadeEstimada: 1000,
      quantidadeComercializada: 1000,
      porcentagemComercializada: 1,
      nomeProdutor: 'Davi Campo',
      dataEmissao: '2024-04-01',
      fimColheita: '2024-07-31',
    });
    expect(linhas[1]).toMatchObject({ quantidadeComercializada: 0, porcentagemComercializada: 0, fimColheita: '2024-05-31' });
    expect(linhas[2]).toMatchObject({
      quantidadeEstimada: 1000,
      quantidadeComercializada: 350.5,
      porcentagemComercializada: 0.3505,
      nomeProdutor: 'Cida Horta',
      dataEmissao: '2024-03-01',
    });
  });

  it('pages and sorts by any column', async () => {
    const pagina = (q: string) => call(t.app, t.userAdmin, { method: 'GET', url: `/api/produtos-comercializados?${q}` });
    const p1 = await pagina('page=1&size=2');
    expect(p1.body).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, size: 2 });
    expect(p1.body.content.map((l: { nomeProduto: string }) => l.nomeProduto)).toEqual(['Alface']);
    const porFracao = await pagina('sort=porcentagemComercializada,desc');
    expect(porFracao.body.content.map((l: { porcentagemComercializada: number }) => l.porcentagemComercializada)).toEqual([1, 0.3505, 0]);
    const porQtd = await pagina('sort=quantidadeComercializada,asc');
    expect(porQtd.body.content.map((l: { quantidadeComercializada: number }) => l.quantidadeComercializada)).toEqual([0, 350.5, 1000]);
    const porProdutor = await pagina('sort=nomeProdutor,desc');
    expect(porProdutor.body.content[0].nomeProdutor).toBe('Davi Campo');
    const porFim = await pagina('sort=fimColheita,asc');
    expect(porFim.body.content.map((l: { fimColheita: string }) => l.fimColheita)).toEqual(['2024-05-31', '2024-06-30', '2024-07-31']);
    // An unknown sort field and a bad page are pt-BR 400s (the sort fields are a closed list, decision 0076).
    const nada = await pagina('sort=nada,asc');
    expect([nada.status, nada.body.message]).toEqual([400, 'Campo de ordenação inválido: nada']);
    const ruim = await pagina('page=-1');
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toMatch(/página/i);
  });

  it('gives no fraction to an item with nothing estimated', async () => {
    const vazio = await inserirBoletimItem(t.app, b2, alface, '2024-04-01', '2024-04-30');
    await t.app.ctx.db.execute(sql`UPDATE boletim_itens SET producao_estimada = 0 WHERE id = ${vazio}`);
    const r = await call(t.app, t.agro, { method: 'GET', url: '/api/produtos-comercializados?size=15' });
    expect(r.status).toBe(200);
    expect(r.body.content.find((l: { id: number }) => l.id === vazio)).toMatchObject({
      quantidadeEstimada: 0,
      quantidadeComercializada: 0,
      porcentagemComercializada: null,
    });
    await t.app.ctx.db.execute(sql`DELETE FROM boletim_itens WHERE id = ${vazio}`);
  });

  it('is read with the boletim view permission: 403 without it, and the table changes nothing', async () => {
    const antes = await countRows(t.app, 'logs');
    for (const token of [t.admin, t.userAdmin, t.agro])
      expect((await call(t.app, token, { method: 'GET', url: '/api/produtos-comercializados' })).status).toBe(200);
    expect((await call(t.app, t.semPerfil, { method: 'GET', url: '/api/produtos-comercializados' })).status).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/api/produtos-comercializados' })).status).toBe(401);
    // A group that may not view bulletins (group 1 with the flag taken away) is refused in pt-BR.
    await t.app.ctx.db.execute(sql`UPDATE permissoes SET visualizar = false WHERE grupo_id = 1 AND rota_id = (SELECT id FROM rotas WHERE nome = 'boletim')`);
    t.app.invalidarPermissoes();
    const negado = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/produtos-comercializados' });
    expect(negado.status).toBe(403);
    expect(negado.body.message).toBe('Você não tem permissão para visualizar em boletim.');
    // The stall map stays open to the same user.
    expect((await ocupadas(t.userAdmin, '2024-05-02')).status).toBe(200);
    await t.app.ctx.db.execute(sql`UPDATE permissoes SET visualizar = true WHERE grupo_id = 1 AND rota_id = (SELECT id FROM rotas WHERE nome = 'boletim')`);
    t.app.invalidarPermissoes();
    expect(await countRows(t.app, 'logs')).toBe(antes);
  });
});
