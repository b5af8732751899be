import { describe, expect, it } from 'vitest';
import type { BoletimItemProduto } from '@ceasa/shared';
import { acimaDoSaldo, kgNoLote, mesmoNome } from './avisos';

const item = (saldoQtde: number): BoletimItemProduto => ({
  id: 7,
  boletimId: 1,
  produtoId: 70,
  produtoNome: 'Batata Doce',
  produtoEmbalagem: 'SC 25kg',
  produtoPesoEmKg: 25,
  inicioColheita: '2026-11-01',
  fimColheita: '2026-11-30',
  saldoQtde,
});
const linha = (quantidade: number) => ({ boletimItensId: 7, produtoNome: 'Batata Doce', quantidade, inicioColheita: '2026-11-01', fimColheita: '2026-11-30' });

describe("the gate's guard rails", () => {
  it("counts an item's kg on every date of the batch it is harvestable on", () => {
    expect(kgNoLote(10, 25, linha(10), ['2026-11-26', '2026-11-30', '2026-12-03'])).toBe(500);
  });

  it("names each item whose kg pass its bulletin item's balance, and no other", () => {
    expect(acimaDoSaldo([linha(20)], [item(1000)], ['2026-11-26', '2026-11-30'])).toEqual([]);
    expect(acimaDoSaldo([linha(20)], [item(999.5)], ['2026-11-26', '2026-11-30'])).toEqual(['Batata Doce: 1.000 kg passam do saldo do boletim (999,5 kg).']);
    expect(acimaDoSaldo([linha(1)], [item(-40)], ['2026-11-26'])).toEqual(['Batata Doce: 25 kg passam do saldo do boletim (0 kg).']);
    expect(acimaDoSaldo([linha(1)], undefined, ['2026-11-26'])).toEqual([]);
  });

  it('compares the taxpayer with the producer without case, accents or punctuation', () => {
    expect(mesmoNome('ADAO  SILVA', 'Adão Silva')).toBe(true);
    expect(mesmoNome('Adão Silva Ltda.', 'Adão Silva')).toBe(false);
  });
});
