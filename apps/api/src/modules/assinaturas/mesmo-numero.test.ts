import { describe, expect, it } from 'vitest';
import { appDeTeste, call } from '../../../test/helpers';
import { inserirGrupo, inserirPreco, inserirProduto } from '../../../test/fabricas';
import { assinaturasRepository } from './assinaturas.repository';
import { alertasCruzados } from './envio';
import { mensagemCotacao } from './mensagens';

/* The subscription e-mail reads the same figures as /home's per-product quotation, with the same words. */
const t = appDeTeste();
const DIA = '2031-05-06';
const ANTES = '2031-05-05';

describe("the e-mail's figures are /home's", () => {
  it('minimum, most common and maximum (not the mean), in pt-BR order; the alert compares the most common', async () => {
    const grupo = await inserirGrupo(t.app, 'Diversos');
    const tomate = await inserirProduto(t.app, grupo, 'Tomate Extra', { embalagem: 'CX 20kg', peso: 20 });
    const alface = await inserirProduto(t.app, grupo, 'Alface Crespa', { embalagem: 'CX', peso: 4 });
    const acucar = await inserirProduto(t.app, grupo, 'Açúcar Cristal', { embalagem: 'SC 50kg', peso: 50 });
    // 172, 172, 174: the mean is 172,67, the most common 172,00.
    for (const v of ['172', '172', '174']) await inserirPreco(t.app, tomate, DIA, v);
    for (const v of ['100', '100', '101']) await inserirPreco(t.app, tomate, ANTES, v);
    await inserirPreco(t.app, alface, DIA, '20');
    await inserirPreco(t.app, acucar, DIA, '150');
    const home = await call(t.app, null, { method: 'GET', url: `/api/publico/cotacao/produtos?data=${DIA}` });
    const precos = await assinaturasRepository(t.app.ctx.db).precosDoDia(DIA);
    expect(precos.map((p) => p.produtoNome)).toEqual(['Açúcar Cristal', 'Alface Crespa', 'Tomate Extra']);
    for (const p of precos) {
      const h = home.body.find((l: { produtoId: number }) => l.produtoId === p.produtoId);
      expect([p.valorMinimo, p.valorMaisComum, p.valorMaximo]).toEqual([h.valorMinimo, h.valorMaisComum, h.valorMaximo]);
    }
    const assinante = { id: 1, email: 'a@exemplo.com', produtos: [tomate], alertas: [{ produtoId: tomate, acima: 172.5 }], tokenCancelamento: 'x' };
    const m = mensagemCotacao(
      'CEASA Regional',
      'https://ceasa.exemplo',
      assinante,
      DIA,
      precos.filter((p) => p.produtoId === tomate),
    );
    expect(m.texto).toContain('Tomate Extra (CX 20kg): mínimo R$\u00a0172,00, mais comum R$\u00a0172,00, máximo R$\u00a0174,00');
    expect(m.texto).not.toContain('172,67');
    expect(m.texto).not.toContain('médio');
    // The most common (172,00) is not above 172,50, though the mean (172,67) would be: no alert.
    expect(alertasCruzados(assinante, new Map(precos.map((p) => [p.produtoId, p])))).toEqual([]);
    expect(precos.find((p) => p.produtoId === tomate)!.anterior).toBe(100);
  });

  it('/assinar offers every public product — an inactive one with a published price too — in pt-BR order', async () => {
    const grupo = await inserirGrupo(t.app, 'Outros');
    await inserirProduto(t.app, grupo, 'Abóbora Fora', { status: 'INATIVO' });
    const inativoComPreco = await inserirProduto(t.app, grupo, 'Abacaxi Pérola', { status: 'INATIVO' });
    await inserirPreco(t.app, inativoComPreco, DIA, '9');
    const nomes = (await assinaturasRepository(t.app.ctx.db).produtos()).map((p) => p.nome);
    expect(nomes).toContain('Abacaxi Pérola');
    expect(nomes).not.toContain('Abóbora Fora');
    expect(nomes).toEqual([...nomes].sort(new Intl.Collator('pt-BR').compare));
    expect(nomes.indexOf('Açúcar Cristal')).toBeLessThan(nomes.indexOf('Alface Crespa'));
  });
});
