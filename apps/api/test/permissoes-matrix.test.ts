import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_GRUPO, type Role } from '@ceasa/shared';
import { permite } from '../src/plugins/auth';
import { inserirPessoa } from './fabricas';
import { appDeTeste, build, call, tokenDoProdutor, tokenFor } from './helpers';

/**
 * Every /api route × (no token, no role, a producer's portal account, each role), generated from the app's own route table,
 * so a route added later cannot escape the check. Ids are ones that do not exist and bodies are
 * empty, so allowed calls answer 2xx/400/404 and nothing is changed.
 */
const tokens: Record<string, string> = {};

const t = appDeTeste({ tokens: [] });
beforeAll(async () => {
  tokens.semPerfil = await tokenFor(t.app, []);
  tokens.produtor = await tokenDoProdutor(t.app, await inserirPessoa(t.app, 'Produtor da Matriz'));
  for (const r of Object.keys(ROLE_GRUPO)) tokens[r] = await tokenFor(t.app, [r]);
});

const url = (u: string) =>
  u
    .replace(/:id\b/g, u.startsWith('/api/usuarios') ? '00000000-0000-4000-8000-000000000000' : '999999')
    .replace(/:dir\b/, 'asc')
    .replace(/:field\b/, 'id')
    .replace(/:[a-zA-Z]+/g, '999999');

describe('permission matrix', () => {
  it('covers a non-trivial route table', () => {
    expect(t.app.rotasApi.length).toBeGreaterThan(20);
  });

  it('answers 401/403/allowed exactly as the route declares, for every route', async () => {
    const falhas: string[] = [];
    for (const r of t.app.rotasApi) {
      const u = url(r.url);
      const opts = { method: r.method as 'GET', url: u, ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}) };

      const anon = await call(t.app, null, opts);
      if (r.acesso === 'publico') {
        if (anon.status === 401 || anon.status === 403) falhas.push(`${r.method} ${u} público respondeu ${anon.status}`);
        continue;
      }
      if (anon.status !== 401) falhas.push(`${r.method} ${u} sem token: ${anon.status} (esperado 401)`);

      // A producer's portal account: its own routes and the account routes of any signed-in person, nothing else.
      const prod = await call(t.app, tokens.produtor, opts);
      const permitidoProd = r.acesso === 'produtor' || r.acesso === 'autenticado';
      if (permitidoProd === (prod.status === 401 || prod.status === 403))
        falhas.push(`${r.method} ${u} como produtor: ${prod.status} (esperado ${permitidoProd ? 'permitido' : 403})`);

      const sem = await call(t.app, tokens.semPerfil, opts);
      const esperadoSem = r.acesso === 'autenticado' ? 'permitido' : 403;
      if (esperadoSem === 403 ? sem.status !== 403 : sem.status === 401 || sem.status === 403)
        falhas.push(`${r.method} ${u} sem perfil: ${sem.status} (esperado ${esperadoSem})`);

      for (const role of Object.keys(ROLE_GRUPO) as Role[]) {
        const res = await call(t.app, tokens[role], opts);
        // Portal routes are the producers' alone: every staff role is refused.
        let permitido = r.acesso !== 'produtor';
        if (typeof r.acesso === 'object') {
          const perms = await t.app.permissoesDoGrupo(ROLE_GRUPO[role]);
          permitido = permite(perms, r.acesso);
        }
        const negado = res.status === 401 || res.status === 403;
        if (permitido === negado) falhas.push(`${r.method} ${u} como ${role}: ${res.status} (esperado ${permitido ? 'permitido' : 403})`);
        if (res.status >= 500) falhas.push(`${r.method} ${u} como ${role}: ${res.status} ${JSON.stringify(res.body)}`);
        if (negado && res.body?.message === undefined) falhas.push(`${r.method} ${u} como ${role}: recusa sem mensagem`);
      }
    }
    expect(falhas).toEqual([]);
  });

  it('refuses a forged token and a token signed by another key', async () => {
    const ok = tokens['super-admin'];
    const [h, p] = ok.split('.');
    const forjado = `${h}.${p}.${'A'.repeat(86)}`;
    const r = await call(t.app, forjado, { method: 'GET', url: '/api/municipio' });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/Sessão inválida|entrar/i);
    const outro = await build();
    const deOutro = await tokenFor(outro, ['super-admin']);
    await outro.close();
    expect((await call(t.app, deOutro, { method: 'GET', url: '/api/municipio' })).status).toBe(401);
  });
});
