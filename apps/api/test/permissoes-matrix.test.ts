import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_GRUPO, type Role } from '@ceasa/shared';
import { alternativas, permite } from '../src/plugins/auth';
import { inserirPessoa } from './fabricas';
import { appDeTeste, build, call, tokenDoProdutor, tokenFor } from './helpers';

/**
 * Every /api route × (no token, no role, each role, a producer's portal account), generated from the app's own route table,
 * so a route added later cannot escape the check. Ids are ones that do not exist and bodies are
 * empty, so allowed calls answer 2xx/400/404 and nothing is changed.
 */
const tokens: Record<string, string> = {};

const t = appDeTeste({ tokens: [] });
beforeAll(async () => {
  tokens.semPerfil = await tokenFor(t.app, []);
  for (const r of Object.keys(ROLE_GRUPO)) tokens[r] = await tokenFor(t.app, [r]);
  tokens.produtor = await tokenDoProdutor(t.app, await inserirPessoa(t.app, 'Produtor da Matriz'));
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

      // Each alternative of the route's access (decision 0298): 'autenticado' lets anyone in, 'produtor' only a portal
      // account, 'perfil' any staff profile, a permission the roles whose group holds it.
      const kinds = alternativas(r.acesso);
      const sem = await call(t.app, tokens.semPerfil, opts);
      const esperadoSem = kinds.includes('autenticado') ? 'permitido' : 403;
      if (esperadoSem === 403 ? sem.status !== 403 : sem.status === 401 || sem.status === 403)
        falhas.push(`${r.method} ${u} sem perfil: ${sem.status} (esperado ${esperadoSem})`);

      for (const role of [...(Object.keys(ROLE_GRUPO) as Role[]), 'produtor' as const]) {
        const res = await call(t.app, tokens[role], opts);
        let permitido = false;
        for (const a of kinds)
          if (role === 'produtor') permitido ||= a === 'autenticado' || a === 'produtor';
          else if (typeof a === 'object') permitido ||= permite(await t.app.permissoesDoGrupo(ROLE_GRUPO[role]), a);
          else permitido ||= a !== 'produtor';
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
