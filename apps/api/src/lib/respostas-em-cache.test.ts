import { describe, expect, it } from 'vitest';
import { avisosLocais } from './avisos';
import { chaveGuardavel, LruPorBytes, respostasEmCache } from './respostas-em-cache';

describe('kept public answers (decision 0164)', () => {
  it('keys an answer by the path and the query parameters the pages know', () => {
    expect(chaveGuardavel('/api/x?page=0&size=20&v=1')).toBe('/api/x?page=0&size=20');
    expect(chaveGuardavel('/api/x?v=1&utm_source=y')).toBe('/api/x');
    expect(chaveGuardavel('/api/x')).toBe('/api/x');
    // An escaped or odd name, or a known one twice, could change the answer: not kept.
    expect(chaveGuardavel('/api/x?pa%67e=1')).toBeNull();
    expect(chaveGuardavel('/api/x?page[]=1')).toBeNull();
    expect(chaveGuardavel('/api/x?page=1&page=2')).toBeNull();
  });

  it('keeps within a byte budget, least recently used out', () => {
    const lru = new LruPorBytes<string>(100, (v) => v.length);
    lru.set('a', 'x'.repeat(40));
    lru.set('b', 'x'.repeat(40));
    expect(lru.get('a')).toBeDefined();
    lru.set('c', 'x'.repeat(40));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.tamanhoAtual.bytes).toBeLessThanOrEqual(100);
    lru.set('grande', 'x'.repeat(200));
    expect(lru.get('grande')).toBeUndefined();
  });

  it('answers query strings that differ only by unknown parameters from one kept answer', async () => {
    const avisos = avisosLocais();
    const cache = respostasEmCache(avisos, ['c'], 1000, 1024 * 1024);
    let calculos = 0;
    const calcular = async () => `{"n":${++calculos}}`;
    for (let i = 0; i < 1000; i++) await cache.obter(`/p?page=0&v=${i}`, calcular);
    expect(calculos).toBe(1);
    expect(cache.pronta('/p?page=0&outro=1')).toBe('{"n":1}');
    expect(cache.guardadas.entradas).toBe(1);
    await avisos.fechar();
  });
});
