import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  formatKg,
  formatTamanho,
  formatQuantidadeEmbalagens,
  formatCep,
  formatCpfCnpj,
  formatDate,
  formatDateTime,
  formatTelefone,
  fromIsoDate,
  partesNoMercado,
  toIsoDate,
} from './format';
import { conteudoParaYaml } from './resources/logs';
import { grupoDosPapeis } from './permissions';

describe('pt-BR formats', () => {
  it('money, dates and documents', () => {
    expect(formatBRL(1234.5)).toBe('R$\u00a01.234,50');
    expect(formatBRL(null)).toBe('');
    expect(formatDate('2026-01-05')).toBe('05/01/2026');
    expect(formatDateTime('2026-01-05T02:30:00Z')).toBe('04/01/2026 23:30:00');
    expect(formatCpfCnpj('12345678901')).toBe('123.456.789-01');
    expect(formatCpfCnpj('12345678000190')).toBe('12.345.678/0001-90');
    expect(formatTelefone('11987654321')).toBe('(11) 98765-4321');
    expect(formatTelefone('1132654321')).toBe('(11) 3265-4321');
    expect(formatCep('01001000')).toBe('01001-000');
  });

  it('quantities say their unit: packages and their kg', () => {
    expect(formatQuantidadeEmbalagens(300, 'CX 20kg', 20)).toBe('300 CX 20kg (6.000 kg)');
    expect(formatQuantidadeEmbalagens('2.5', 'SC', '12.5')).toBe('2,5 SC (31,25 kg)');
    expect(formatQuantidadeEmbalagens(3, null, null)).toBe('3');
    expect(formatKg(1822)).toBe('1.822 kg');
  });

  it('calendar dates round-trip without a time-zone shift', () => {
    const d = fromIsoDate('2026-03-01')!;
    expect(d.getDate()).toBe(1);
    expect(toIsoDate(d)).toBe('2026-03-01');
  });
});

describe("the market's clock", () => {
  it("tells a moment's date, time and offset in São Paulo from the time zone data", () => {
    expect(partesNoMercado(new Date('2026-11-27T05:00:00.250Z'))).toEqual({
      year: '2026',
      month: '11',
      day: '27',
      hour: '02',
      minute: '00',
      second: '00',
      offset: '-03:00',
    });
    // Midnight is hour 00 (never 24), and the day before UTC's.
    expect(partesNoMercado(new Date('2027-01-01T02:59:59Z'))).toMatchObject({ year: '2026', month: '12', day: '31', hour: '23', second: '59' });
    expect(partesNoMercado(new Date('2027-01-01T03:00:00Z'))).toMatchObject({ year: '2027', month: '01', day: '01', hour: '00' });
    // Daylight saving time, as Brazil kept it until 2019.
    expect(partesNoMercado(new Date('2018-12-01T12:00:00Z'))).toMatchObject({ hour: '10', offset: '-02:00' });
  });
});

describe('roles', () => {
  it('the highest group wins; no known role means no profile', () => {
    expect(grupoDosPapeis(['user-admin', 'user-agro'])).toBe(2);
    expect(grupoDosPapeis(['super-admin', 'user-admin'])).toBe(3);
    expect(grupoDosPapeis(['offline_access'])).toBeNull();
  });
});

describe('audit content', () => {
  it('becomes YAML-like text', () => {
    expect(conteudoParaYaml('Municipio(id=1, nome=São João, sigla=MG)')).toBe('Municipio:\n  id: 1\n  nome: São João\n  sigla: MG');
    expect(conteudoParaYaml('GrupoPermissoes(id=2, permissoes=[a:V, b:VC])')).toBe('GrupoPermissoes:\n  id: 2\n  permissoes: [a:V, b:VC]');
  });
});

describe('formatTamanho', () => {
  it('says KB under a megabyte and MB above, with one pt-BR decimal', () => {
    expect(formatTamanho(1536)).toBe('1,5 KB');
    expect(formatTamanho(5 * 1024 * 1024 + 512 * 1024)).toBe('5,5 MB');
    expect(formatTamanho(null)).toBe('');
  });
});
