import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARQUIVO_DA_TRAVA, inicioDoProcesso, PastaEmUso, travarPasta } from './trava-da-pasta';

/** The DATA_DIR lock names its holder by pid and start time: a live process that reuses a dead holder's pid does not hold it. */
const pastas: string[] = [];
const novaPasta = () => {
  const p = mkdtempSync(path.join(os.tmpdir(), 'ceasa-trava-unit-'));
  pastas.push(p);
  return p;
};
afterAll(() => {
  for (const p of pastas) rmSync(p, { recursive: true, force: true });
});

describe('the DATA_DIR lock', () => {
  it('writes the holder’s pid and start time, and refuses another taker while that process runs', () => {
    const pasta = novaPasta();
    const soltar = travarPasta(pasta);
    const inicio = inicioDoProcesso(process.pid);
    expect(inicio).toMatch(/^\d+$/);
    expect(readFileSync(path.join(pasta, ARQUIVO_DA_TRAVA), 'utf8')).toBe(`${process.pid} ${inicio}\n`);
    expect(() => travarPasta(pasta)).toThrow(PastaEmUso);
    soltar();
    const denovo = travarPasta(pasta);
    denovo();
  });

  it('takes over a lock whose pid now belongs to a process that started later (a reused pid)', () => {
    const pasta = novaPasta();
    const arquivo = path.join(pasta, ARQUIVO_DA_TRAVA);
    // This process runs with that pid, but the holder written in the file started at another moment.
    writeFileSync(arquivo, `${process.pid} ${Number(inicioDoProcesso(process.pid)) - 1}\n`);
    const soltar = travarPasta(pasta);
    expect(readFileSync(arquivo, 'utf8')).toBe(`${process.pid} ${inicioDoProcesso(process.pid)}\n`);
    soltar();
  });

  it('refuses a lock whose holder is alive with the same start time, naming its pid', () => {
    const pasta = novaPasta();
    // pid 1 runs as long as the machine does.
    writeFileSync(path.join(pasta, ARQUIVO_DA_TRAVA), `1 ${inicioDoProcesso(1)}\n`);
    expect(() => travarPasta(pasta)).toThrow(`A pasta de dados ${pasta} já está em uso pelo processo 1`);
  });
});
