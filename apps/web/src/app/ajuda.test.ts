import { describe, expect, it } from 'vitest';
import { MANUAL, TAREFAS, secaoDaTela } from '../features/ajuda/manual';
import { resources } from './resources';

describe('the manual', () => {
  it('explains every back-office screen: each path of every resource opens a task of the manual', () => {
    const caminhos = ['/admin', ...resources.flatMap((r) => r.pages.map((p) => p.path.replace(/:\w+/g, '7')))];
    const semAjuda = caminhos.filter((c) => secaoDaTela(c) === 'inicio');
    expect(semAjuda).toEqual([]);
  });

  it('opens the most specific task for a path', () => {
    expect(secaoDaTela('/romaneio')).toBe('ficha-e-etiquetas');
    expect(secaoDaTela('/romaneiocreate')).toBe('romaneio-novo');
    expect(secaoDaTela('/romaneio/edit/12')).toBe('romaneio-correcao');
    expect(secaoDaTela('/precosdia')).toBe('grade-do-dia');
    expect(secaoDaTela('/precoscreate')).toBe('precos-lista');
    expect(secaoDaTela('/caderno/edit/5')).toBe('caderno');
    expect(secaoDaTela('/ajuda')).toBe('inicio');
  });

  it('has one task per anchor, each with steps, a picture and its caption', () => {
    const ids = [...MANUAL.map((p) => p.id), ...TAREFAS.map((t) => t.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of TAREFAS) {
      expect(t.passos.length, t.id).toBeGreaterThan(0);
      expect(t.legenda, t.id).not.toBe('');
      expect(t.foto.startsWith('/'), t.id).toBe(true);
    }
  });

  it('photographs each task in a state of its own: two tasks of one screen differ by what is done before the picture', () => {
    const estados = TAREFAS.map((t) => JSON.stringify([t.foto, t.preparo ?? null]));
    const repetidos = TAREFAS.filter((_, i) => estados.indexOf(estados[i]) !== i).map((t) => t.id);
    expect(repetidos).toEqual([]);
  });

  it('covers the subscriptions, the situation setting, lifting a suspension, open data, the reference, statistics and Prohort', () => {
    const ids = TAREFAS.map((t) => t.id);
    for (const id of ['assinaturas', 'situacao-do-produto', 'suspensao', 'dados-abertos', 'referencia', 'estatisticas', 'prohort']) expect(ids).toContain(id);
    // What 'Publicar cotação' does in each publication mode.
    const publicar = TAREFAS.find((t) => t.id === 'publicar-cotacao')!.passos.join(' ');
    expect(publicar).toMatch(/Publicação automática/);
    expect(publicar).toMatch(/Publicação manual/);
  });
});
