import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { codigoDoLote, completarDocumento, formatCpfCnpj } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';
import { inserirGrupo, inserirMunicipio, inserirPessoa, inserirProduto, inserirRomaneio, inserirRomaneioItem } from '../../../test/fabricas';

const t = appDeTeste({ tokens: ['admin'] });
const DIA = '2026-03-02';
const ids: Record<string, number> = {};
let loteTomate = '';
let loteAlface = '';
let loteOutroDia = '';
const cnpj = completarDocumento(`7B${String(Date.now() % 1e6).padStart(6, '0')}0001`);

/** The code a romaneio item's label prints (its random code, or 'romaneioIdRitemId'). */
async function codigo(romaneioId: number, itemId: number) {
  const r = await t.app.ctx.db.execute(sql`SELECT codigo_lote AS c FROM romaneio_itens WHERE id = ${itemId}`);
  return (r.rows[0] as { c: string | null }).c ?? codigoDoLote(romaneioId, itemId);
}

beforeAll(async () => {
  const g = await inserirGrupo(t.app, 'Hortaliças');
  ids.tomate = await inserirProduto(t.app, g, 'Tomate', { peso: 20, embalagem: 'CX 20kg' });
  ids.alface = await inserirProduto(t.app, g, 'Alface', { peso: 1, embalagem: 'UN' });
  ids.municipio = await inserirMunicipio(t.app, 'Ibiúna', 'SP');
  const produtor = await inserirPessoa(t.app, 'João Lavrador', 1);
  const r = await inserirRomaneio(t.app, produtor, DIA, 6101);
  const a = await inserirRomaneioItem(t.app, r, ids.tomate, 10, null);
  const b = await inserirRomaneioItem(t.app, r, ids.alface, 5, null);
  loteTomate = await codigo(r, a);
  loteAlface = await codigo(r, b);
  const r2 = await inserirRomaneio(t.app, produtor, '2026-03-05', 6102);
  loteOutroDia = await codigo(r2, await inserirRomaneioItem(t.app, r2, ids.tomate, 4, null));
  // The buyer: a shop owner with an alphanumeric CNPJ.
  ids.lojista = (
    await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/pessoa',
      payload: { nome: 'Mercado Alfa', cpfcnpj: formatCpfCnpj(cnpj), celular: '11987654321', tipoId: 3 },
    })
  ).body.id;
});

const item = (produtoId: number, lotes?: string[]) => ({ produtoId, municipioId: ids.municipio, quantidade: 3, ...(lotes && { lotes }) });
const postLoja = (itens: object[], dataEmissao = DIA) =>
  call(t.app, t.admin, { method: 'POST', url: '/api/loja', payload: { lojistaId: ids.lojista, dataEmissao, itens } });

describe('who bought each lot (decision 0181)', () => {
  it("lists the day's lots to pick from, of one product when asked", async () => {
    const r = await call(t.app, t.admin, { method: 'GET', url: `/api/loja/lotes?data=${DIA}` });
    expect(r.status).toBe(200);
    expect(r.body.map((l: { lote: string }) => l.lote).sort()).toEqual([loteAlface, loteTomate].sort());
    expect(r.body.find((l: { lote: string }) => l.lote === loteTomate)).toEqual({
      lote: loteTomate,
      produtoId: ids.tomate,
      produtoNome: 'Tomate',
      produtorNome: 'João Lavrador',
      quantidade: 10,
    });
    const so = await call(t.app, t.admin, { method: 'GET', url: `/api/loja/lotes?data=${DIA}&produtoId=${ids.alface}` });
    expect(so.body.map((l: { lote: string }) => l.lote)).toEqual([loteAlface]);
    const ruim = await call(t.app, t.admin, { method: 'GET', url: '/api/loja/lotes?data=02/03/2026' });
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toBe('Informe a data (aaaa-mm-dd)');
  });

  it("refuses a lot of another product or another day (400 on the item's lots), storing nothing", async () => {
    const lojas = await countRows(t.app, 'loja');
    const lotes = await countRows(t.app, 'loja_item_lotes');
    for (const [codigo, itens] of [
      [loteAlface, [item(ids.tomate, [loteAlface])]],
      [loteOutroDia, [item(ids.alface), item(ids.tomate, [loteOutroDia])]],
      ['999999R999999', [item(ids.tomate, ['999999R999999'])]],
    ] as const) {
      const r = await postLoja([...itens]);
      expect(r.status, codigo).toBe(400);
      const campo = itens.length === 2 ? 'itens[1].lotes' : 'itens[0].lotes';
      expect(r.body.fieldErrors).toEqual([{ field: campo, message: `O lote ${codigo} não é deste produto num romaneio da data da loja` }]);
    }
    expect(await countRows(t.app, 'loja')).toBe(lojas);
    expect(await countRows(t.app, 'loja_item_lotes')).toBe(lotes);
  });

  it('a lot named on a shop sheet reaches the recall (JSON and CSV) with its buyer and quantity, never the public lot page', async () => {
    const s = await postLoja([item(ids.tomate, [loteTomate.toLowerCase()]), item(ids.alface)]);
    expect(s.status).toBe(201);
    expect(s.body.itens.map((i: { lotes: string[] }) => i.lotes)).toEqual([[loteTomate], []]);

    const r = await call(t.app, t.admin, { method: 'GET', url: `/api/recall?lote=${loteTomate}` });
    expect(r.status).toBe(200);
    const doLote = r.body.find((i: { lote: string }) => i.lote === loteTomate);
    expect(doLote.compradores).toEqual([
      { lojaId: s.body.id, dataEmissao: DIA, lojistaNome: 'Mercado Alfa', lojistaCpfcnpj: cnpj, lojistaCelular: '11987654321', quantidade: 3 },
    ]);
    const csv = await call(t.app, t.admin, { method: 'GET', url: `/api/recall?lote=${loteTomate}&formato=csv` });
    const linhas = csv.raw.body.slice(1).split('\r\n');
    expect(linhas[0].split(';').at(-1)).toBe('Compradores do lote');
    expect(csv.raw.body).toContain(`Loja ${s.body.id} - Mercado Alfa (${formatCpfCnpj(cnpj)}; (11) 98765-4321): 3`);

    const publico = await call(t.app, null, { method: 'GET', url: `/api/romaneio/lote/${loteTomate}` });
    expect(publico.status).toBe(200);
    expect(JSON.stringify(publico.body)).not.toContain('Mercado Alfa');

    // Saved again without the lot: off the recall.
    const itens = s.body.itens.map((i: { id: number; produtoId: number }) => ({ id: i.id, ...item(i.produtoId, []) }));
    const u = await call(t.app, t.admin, {
      method: 'PUT',
      url: `/api/loja/${s.body.id}`,
      payload: { lojistaId: ids.lojista, dataEmissao: DIA, itens, versao: s.body.versao },
    });
    expect(u.status).toBe(200);
    const depois = await call(t.app, t.admin, { method: 'GET', url: `/api/recall?lote=${loteTomate}` });
    expect(depois.body.find((i: { lote: string }) => i.lote === loteTomate).compradores).toEqual([]);
  });
});
