import { describe, expect, it } from 'vitest';
import { FORA_DA_COLHEITA, PRODUTO_JA_ADICIONADO, romaneioInput } from '@ceasa/shared';
import { formSchema, loteDoFormulario, type ItemForm } from './romaneio-lote';

const item = (boletimItensId: number, inicioColheita: string, fimColheita: string, quantidade = 10): ItemForm => ({
  id: null,
  boletimItensId,
  produtoId: boletimItensId * 10,
  produtoNome: `Produto ${boletimItensId}`,
  produtoEmbalagem: 'CX',
  inicioColheita,
  fimColheita,
  quantidade,
});
// Tomato harvested all November; lettuce from the 24th.
const tomate = item(1, '2026-11-01', '2026-11-30', 120.5);
const alface = item(2, '2026-11-24', '2026-12-31', 30);
const form = { datas: ['2026-11-26', '2026-11-23'], divida: 20259001, pessoaId: 5, pedras: [15, 16], avulsa: false, itens: [tomate, alface] };

describe('romaneio form → POST romaneio batch', () => {
  it('gives one romaneio per date, in date order, each with only the items harvestable that day', () => {
    expect(loteDoFormulario(form)).toEqual([
      {
        dataEmissao: '2026-11-23',
        divida: 20259001,
        pessoaId: 5,
        pedras: [
          { pedrasId: 15, ocupacao: null },
          { pedrasId: 16, ocupacao: null },
        ],
        itens: [{ produtoId: 10, produtoNome: 'Produto 1', quantidade: 120.5, boletimItensId: 1 }],
      },
      {
        dataEmissao: '2026-11-26',
        divida: 20259001,
        pessoaId: 5,
        pedras: [
          { pedrasId: 15, ocupacao: null },
          { pedrasId: 16, ocupacao: null },
        ],
        itens: [
          { produtoId: 10, produtoNome: 'Produto 1', quantidade: 120.5, boletimItensId: 1 },
          { produtoId: 20, produtoNome: 'Produto 2', quantidade: 30, boletimItensId: 2 },
        ],
      },
    ]);
    expect(loteDoFormulario({ ...form, avulsa: true })[0].pedras).toEqual([
      { pedrasId: 15, ocupacao: 'avulsa' },
      { pedrasId: 16, ocupacao: 'avulsa' },
    ]);
  });

  it('refuses a date on which no added item is harvestable, no date, no item, a quantity above 10000', () => {
    const msg = (v: unknown) => {
      const r = formSchema.safeParse(v);
      return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(msg(form)).toBeNull();
    expect(msg({ ...form, itens: [alface] })).toEqual([`datas: ${FORA_DA_COLHEITA} (23/11/2026)`]);
    expect(msg({ ...form, datas: [] })).toEqual(['datas: A Data da emissao é obrigatória']);
    expect(msg({ ...form, itens: [] })).toEqual(['itens: É obrigatório adicionar ao menos um produto.']);
    expect(msg({ ...form, itens: [{ ...tomate, quantidade: 10000.01 }] })).toEqual(['itens.0.quantidade: A quantidade deve ser no máximo 10.000']);
    expect(msg({ ...form, divida: undefined })).toEqual(['divida: A divida é obrigatório']);
  });

  it("checks the debt, the producer, the dates and the items with romaneioInput's own rules and messages", () => {
    const daForma = (v: unknown, campo: string) => formSchema.safeParse(v).error?.issues.find((i) => i.path.join('.') === campo)?.message;
    const doServidor = (v: unknown, campo: string) => romaneioInput.safeParse(v).error?.issues.find((i) => i.path.join('.') === campo)?.message;
    const [corpo] = loteDoFormulario(form);
    const casos: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ divida: 0 }, { divida: 0 }, 'divida'],
      [{ divida: 12.5 }, { divida: 12.5 }, 'divida'],
      [{ pessoaId: 0 }, { pessoaId: 0 }, 'pessoaId'],
      [{ pessoaId: undefined }, { pessoaId: undefined }, 'pessoaId'],
      [{ itens: [] }, { itens: [] }, 'itens'],
    ];
    for (const [naForma, noCorpo, campo] of casos) {
      const m = daForma({ ...form, ...naForma }, campo);
      expect(m, campo).toBeTruthy();
      expect(m, campo).toBe(doServidor({ ...corpo, ...noCorpo }, campo));
    }
    // A date that is not a real yyyy-mm-dd one, and a bulletin item twice, as the server refuses them.
    expect(daForma({ ...form, datas: ['23/11/2026'] }, 'datas.0')).toBe(doServidor({ ...corpo, dataEmissao: '23/11/2026' }, 'dataEmissao'));
    expect(daForma({ ...form, itens: [tomate, tomate] }, 'itens.1.boletimItensId')).toBe(PRODUTO_JA_ADICIONADO);
    expect(doServidor({ ...corpo, itens: [corpo.itens[0], corpo.itens[0]] }, 'itens.1.boletimItensId')).toBe(PRODUTO_JA_ADICIONADO);
  });
});
