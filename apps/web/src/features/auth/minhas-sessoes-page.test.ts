import { describe, expect, it } from 'vitest';
import { descreverDispositivo } from './minhas-sessoes-page';

describe('descreverDispositivo', () => {
  it('names the browser and the system as a person says them', () => {
    expect(descreverDispositivo('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toBe(
      'Chrome no Linux',
    );
    expect(
      descreverDispositivo('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'),
    ).toBe('Edge no Windows');
    expect(descreverDispositivo('Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36')).toBe(
      'Chrome no Android',
    );
    expect(
      descreverDispositivo(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari no iOS');
    expect(descreverDispositivo('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox no macOS');
  });

  it('keeps an unknown client as sent, shortened, and says when there is none', () => {
    expect(descreverDispositivo('curl/8.5.0')).toBe('curl/8.5.0');
    expect(descreverDispositivo('x'.repeat(100))).toBe(`${'x'.repeat(57)}...`);
    expect(descreverDispositivo(null)).toBe('Dispositivo desconhecido');
  });
});
