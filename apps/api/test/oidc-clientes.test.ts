import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { build } from './helpers';

/** The clients of the built-in provider by configuration (OIDC_CLIENTS), checked at start. */
const ler = (v: string) => loadConfig({ OIDC_CLIENTS: v }).oidcClients;
const recusa = (v: string) => {
  try {
    ler(v);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('aceitou');
};

describe('OIDC_CLIENTS', () => {
  it('reads public and confidential clients; none when unset', () => {
    expect(loadConfig({}).oidcClients).toEqual([]);
    expect(
      ler(
        JSON.stringify([
          {
            client_id: 'bi',
            client_secret: 's'.repeat(32),
            redirect_uris: ['https://bi.exemplo.gov.br/cb'],
            post_logout_redirect_uris: ['https://bi.exemplo.gov.br/'],
          },
          { client_id: 'app-feira', redirect_uris: ['br.gov.ceasa.app:/cb'] },
        ]),
      ),
    ).toEqual([
      {
        client_id: 'bi',
        client_secret: 's'.repeat(32),
        redirect_uris: ['https://bi.exemplo.gov.br/cb'],
        post_logout_redirect_uris: ['https://bi.exemplo.gov.br/'],
      },
      { client_id: 'app-feira', redirect_uris: ['br.gov.ceasa.app:/cb'], post_logout_redirect_uris: [] },
    ]);
  });

  it.each([
    ['[{"client_id":"x"', 'OIDC_CLIENTS inválido: não é um JSON válido.'],
    ['{"client_id":"x"}', 'OIDC_CLIENTS inválido: use uma lista (um array JSON) de clientes'],
    ['[{"redirect_uris":["https://a.gov.br/cb"]}]', 'OIDC_CLIENTS inválido: o cliente 1 não tem client_id'],
    ['[{"client_id":"a"}]', "OIDC_CLIENTS inválido: 'a' precisa de redirect_uris: uma lista de endereços"],
    ['[{"client_id":"a","redirect_uris":["/cb"]}]', 'OIDC_CLIENTS inválido: o endereço "/cb" em redirect_uris de \'a\' não é um endereço absoluto'],
    ['[{"client_id":"a","redirect_uris":["https://a.gov.br/cb#x"]}]', 'não é um endereço absoluto'],
    ['[{"client_id":"a","redirect_uris":["https://a.gov.br/cb"],"post_logout_redirect_uris":["sair"]}]', "em post_logout_redirect_uris de 'a'"],
    ['[{"client_id":"a","redirect_uris":["https://a.gov.br/cb"],"client_secret":"curto"}]', "o client_secret de 'a' deve ter pelo menos 32 caracteres"],
    ['[{"client_id":"ceasa-web","redirect_uris":["https://a.gov.br/cb"]}]', "o client_id 'ceasa-web' é o das telas do sistema"],
    [
      '[{"client_id":"a","redirect_uris":["https://a.gov.br/cb"]},{"client_id":"a","redirect_uris":["https://b.gov.br/cb"]}]',
      "o client_id 'a' aparece mais de uma vez",
    ],
    ['[{"client_id":"a","redirect_uri":["https://a.gov.br/cb"]}]', 'o cliente 1 tem campos desconhecidos (redirect_uri)'],
  ])('refuses %s', (v, mensagem) => {
    expect(recusa(v)).toContain(mensagem);
  });

  it('stops the server at start with the message', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        ...process.env,
        OIDC_CLIENTS: '[{"client_id":"a","redirect_uris":["cb"]}]',
        PORT: '3419',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        DATA_DIR: '/nao/existe',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'Não foi possível iniciar o CEASA Regional.\nOIDC_CLIENTS inválido: o endereço "cb" em redirect_uris de \'a\' não é um endereço absoluto',
    );
  });
});

describe('clients the provider itself refuses', () => {
  it('stops the start instead of failing a sign-in later', async () => {
    const erro = await build({
      oidcClients: [{ client_id: 'misto', redirect_uris: ['http://exemplo.gov.br/cb', 'br.gov.app:/cb'], post_logout_redirect_uris: [] }],
    }).then(
      (app) => app.close().then(() => 'iniciou'),
      (e: Error) => e.message,
    );
    expect(erro).toMatch(/^OIDC_CLIENTS inválido: o cliente 'misto' foi recusado pelo provedor OpenID Connect \(.+\)$/);
  });
});
