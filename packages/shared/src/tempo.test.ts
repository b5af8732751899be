import { describe, expect, it } from 'vitest';
import { diasEntre, hojeNoMercado, somarDias } from './tempo';

describe('the market time', () => {
  it("gives today's date in the market's time zone, not the server's", () => {
    // 02:30 UTC on 1 March is still 28 February in Brasília (UTC−3).
    expect(hojeNoMercado(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(hojeNoMercado(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
  });
  it('adds and counts calendar days across months, years and leap days', () => {
    expect(somarDias('2028-02-28', 1)).toBe('2028-02-29');
    expect(somarDias('2026-12-31', 1)).toBe('2027-01-01');
    expect(somarDias('2026-03-01', -1)).toBe('2026-02-28');
    expect(diasEntre('2026-02-28', '2026-03-01')).toBe(1);
    expect(diasEntre('2026-12-02', '2026-11-30')).toBe(-2);
    expect(diasEntre('2026-01-01', '2027-01-01')).toBe(365);
  });
});
