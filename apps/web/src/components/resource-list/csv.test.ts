import { formatCpfCnpj, formatDateTime, formatTelefone } from '@ceasa/shared';
import { describe, expect, it } from 'vitest';
import { csvDaLista, toCsv } from './csv';
import type { ListColumn } from './resource-list';

/** The lines of a CSV after its BOM (the final line break gives a last empty line). */
const linhasDe = (csv: string) => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return csv.slice(1).split('\r\n');
};

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks, with a BOM for spreadsheets', () => {
    const csv = toCsv(
      ['Nome', 'Obs'],
      [
        ['Açaí; polpa', 'diz "oi"'],
        ['Linha', 'a\nb'],
      ],
    );
    expect(linhasDe(csv)).toEqual(['Nome;Obs', '"Açaí; polpa";"diz ""oi"""', 'Linha;"a\nb"', '']);
  });
});

describe('list export (csvDaLista)', () => {
  type Usuario = { id: number; nome: string; email: string; roles: string[]; ativo: boolean; criadoEm: string };
  // The users' list columns as usuarios-list-page.tsx declares them (a self-registered user names themselves).
  const colunasUsuarios: ListColumn<Usuario>[] = [
    { field: 'nome', header: 'Nome' },
    { field: 'email', header: 'E-mail' },
    { field: 'roles', header: 'Perfis', csv: (u) => u.roles.join(', ') },
    { field: 'ativo', header: 'Situação', csv: (u) => (u.ativo ? 'Ativo' : 'Inativo') },
    { field: 'criadoEm', header: 'Criado em', body: (u) => formatDateTime(u.criadoEm) },
  ];
  const usuario = (id: number, nome: string): Usuario => ({ id, nome, email: `u${id}@x.br`, roles: ['user'], ativo: true, criadoEm: '2026-11-27T13:05:00Z' });

  it("writes a name that starts with =, +, -, @, tab or CR with a leading ' (never a live formula)", () => {
    const nomes = ["=cmd|' /C calc'!A0", '+1', '-1+1', '@SUM(A1)', '\tTab', '\rCR', 'Ana -1'];
    const linhas = linhasDe(
      csvDaLista(
        colunasUsuarios,
        nomes.map((n, i) => usuario(i + 1, n)),
      ),
    );
    expect(linhas[0]).toBe('Nome;E-mail;Perfis;Situação;Criado em');
    expect(linhas.slice(1, -1).map((l) => l.split(';')[0])).toEqual(["'=cmd|' /C calc'!A0", "'+1", "'-1+1", "'@SUM(A1)", "'\tTab", '"\'\rCR"', 'Ana -1']);
    expect(linhas[1]).toBe("'=cmd|' /C calc'!A0;u1@x.br;user;Ativo;27/11/2026 10:05:00");
  });

  it('opens right in a pt-BR spreadsheet: decimal comma, dd/mm/yyyy, documents and phones as text', () => {
    type Linha = { id: number; cpfcnpj: string; celular: string; valor: number; saldo: number; data: string };
    const colunas: ListColumn<Linha>[] = [
      { field: 'cpfcnpj', header: 'CPF/CNPJ', body: (p) => formatCpfCnpj(p.cpfcnpj) },
      { field: 'celular', header: 'Celular', body: (p) => formatTelefone(p.celular) },
      { field: 'valor', header: 'Valor' },
      { field: 'saldo', header: 'Saldo' },
      { field: 'data', header: 'Data' },
    ];
    const linhas = linhasDe(
      csvDaLista(colunas, [
        { id: 1, cpfcnpj: '52998224725', celular: '62999998888', valor: 1055.5, saldo: -3.5, data: '2026-11-27' },
        { id: 2, cpfcnpj: '11222333000181', celular: '6232210000', valor: 20, saldo: 0, data: '2026-01-02' },
      ]),
    );
    expect(linhas).toEqual([
      'CPF/CNPJ;Celular;Valor;Saldo;Data',
      '529.982.247-25;(62) 99999-8888;1055,5;-3,5;27/11/2026',
      '11.222.333/0001-81;(62) 3221-0000;20;0;02/01/2026',
      '',
    ]);
  });
});
