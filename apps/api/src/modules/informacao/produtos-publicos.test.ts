import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appDeTeste, call } from '../../../test/helpers';
import { inserirGrupo, inserirPreco, inserirProduto } from '../../../test/fabricas';

/* Every public product list holds every public product (active, or inactive with a published price), in pt-BR order. */
const t = appDeTeste();
const DIA = '2031-05-06';
const pt = new Intl.Collator('pt-BR');

describe('the public product lists', () => {
  it("/referencia's choice (GET publico/produtos) is /assinar's list: every public product, sorted by Intl.Collator('pt-BR')", async () => {
    const grupo = await inserirGrupo(t.app, 'Diversos');
    // Active without any price: public (it was missing from the reference's choice).
    await inserirProduto(t.app, grupo, 'Alface Crespa', { embalagem: 'CX', peso: 4 });
    // Names the database's byte order puts elsewhere: lower case, accents.
    await inserirProduto(t.app, grupo, 'abacate Manteiga', { embalagem: 'CX 20kg', peso: 20 });
    await inserirProduto(t.app, grupo, 'Açúcar Cristal', { embalagem: 'SC 50kg', peso: 50 });
    await inserirProduto(t.app, grupo, 'Ébano Teste', { embalagem: 'UN', peso: 1 });
    await inserirProduto(t.app, grupo, 'Batata Inglesa', { embalagem: 'SC 50kg', peso: 50 });
    // Inactive with a published price: public. Inactive with only a draft, or with nothing: not public.
    const inativoPublicado = await inserirProduto(t.app, grupo, 'Abacaxi Pérola', { status: 'INATIVO' });
    await inserirPreco(t.app, inativoPublicado, DIA, '9');
    const inativoRascunho = await inserirProduto(t.app, grupo, 'Abobrinha Rascunho', { status: 'INATIVO' });
    const rascunho = await inserirPreco(t.app, inativoRascunho, DIA, '7');
    await t.app.ctx.db.execute(sql`UPDATE precos SET publicado = false WHERE id = ${rascunho}`);
    await inserirProduto(t.app, grupo, 'Abóbora Fora', { status: 'INATIVO' });

    const referencia = await call(t.app, null, { method: 'GET', url: '/api/publico/produtos' });
    expect(referencia.status).toBe(200);
    const nomes = (referencia.body as { nome: string }[]).map((p) => p.nome);
    expect(nomes).toEqual(['abacate Manteiga', 'Abacaxi Pérola', 'Açúcar Cristal', 'Alface Crespa', 'Batata Inglesa', 'Ébano Teste']);
    expect(nomes).toEqual([...nomes].sort(pt.compare));

    const assinar = await call(t.app, null, { method: 'GET', url: '/api/publico/assinaturas/produtos' });
    expect(assinar.status).toBe(200);
    expect(assinar.body).toEqual(referencia.body);
  });
});
