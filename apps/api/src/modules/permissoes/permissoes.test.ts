import { describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows, tokenFor } from '../../../test/helpers';

const t = appDeTeste();

const rotaId = async (nome: string) => {
  const r = await call(t.app, t.admin, { method: 'GET', url: `/api/rotas/search?searchTerm=${nome}` });
  return r.body.content.find((x: { nome: string }) => x.nome === nome).id as number;
};

describe('grupoPermissoes', () => {
  it('seeds groups 1-3 with the documented flags', async () => {
    const g3 = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/3' });
    expect(g3.body.nome).toBe('Super Administrador');
    expect(g3.body.permissoes.every((p: { criar: boolean; visualizar: boolean }) => p.criar && p.visualizar)).toBe(true);
    const g2 = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/2' });
    const boletim = g2.body.permissoes.find((p: { rotaNome: string }) => p.rotaNome === 'boletim');
    expect(boletim).toMatchObject({ criar: true, editar: true, deletar: true, visualizar: true });
    expect(g2.body.permissoes.find((p: { rotaNome: string }) => p.rotaNome === 'logs')).toBeUndefined();
  });

  it("gives the signed-in user its own group's permissions", async () => {
    const r = await call(t.app, t.agro, { method: 'GET', url: '/api/grupoPermissoes/meu' });
    expect(r.status).toBe(200);
    expect(r.body.grupoId).toBe(2);
    expect(r.body.permissoes.boletim.visualizar).toBe(true);
    expect(r.body.permissoes.logs).toBeUndefined();
    const sem = await call(t.app, await tokenFor(t.app, []), { method: 'GET', url: '/api/grupoPermissoes/meu' });
    expect(sem.body).toEqual({ grupoId: null, permissoes: {} });
  });

  it('saves a group with its checklist; changes take effect on the next request', async () => {
    const municipio = await rotaId('municipio');
    const logs = await rotaId('logs');
    const c = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/grupoPermissoes',
      payload: { nome: 'Consulta', permissoes: [{ rotaId: municipio, visualizar: true }] },
    });
    expect(c.status).toBe(201);
    expect(c.body.permissoes).toEqual([expect.objectContaining({ rotaNome: 'municipio', visualizar: true, criar: false })]);

    // Give user-agro (group 2) the logs screen: its next call is allowed.
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/logs/1' })).status).toBe(403);
    const g2 = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/2' });
    const novas = [...g2.body.permissoes, { rotaId: logs, criar: false, editar: false, deletar: false, visualizar: true }];
    const u = await call(t.app, t.admin, { method: 'PUT', url: '/api/grupoPermissoes', payload: { id: 2, nome: g2.body.nome, permissoes: novas } });
    expect(u.status).toBe(200);
    expect((await call(t.app, t.agro, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: {} })).status).toBe(200);

    const log = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'GrupoPermissoes', cadastroId: '2' } });
    expect(log.body.content[0].acao).toBe('UPDATE');
    expect(log.body.content[0].conteudo).toContain('logs:V');
    expect(log.body.content[0].conteudoAnterior).not.toContain('logs:V');
  });

  it('refuses bad input, the profile groups deletion and callers without permission', async () => {
    const antes = await countRows(t.app, 'permissoes');
    const grupos = await countRows(t.app, 'grupo_permissoes');
    const r = await call(t.app, t.admin, { method: 'POST', url: '/api/grupoPermissoes', payload: { nome: '', permissoes: [] } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O nome do grupo é obrigatório');
    const longo = await call(t.app, t.admin, { method: 'POST', url: '/api/grupoPermissoes', payload: { nome: 'g'.repeat(201) } });
    expect(longo.body.message).toBe('O nome do grupo deve ter no máximo 200 caracteres');
    const rotaInexistente = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/grupoPermissoes',
      payload: { nome: 'X', permissoes: [{ rotaId: 99999, visualizar: true }] },
    });
    expect(rotaInexistente.status).toBe(409);
    expect(await countRows(t.app, 'grupo_permissoes')).toBe(grupos);
    const del = await call(t.app, t.admin, { method: 'DELETE', url: '/api/grupoPermissoes/3' });
    expect(del.status).toBe(400);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/grupoPermissoes' })).status).toBe(403);
    expect(await countRows(t.app, 'permissoes')).toBe(antes);
  });

  it('saves the checklist through the shared master-detail save: kept ids, one audit row per changed permission', async () => {
    const [pessoa, produto, precos] = [await rotaId('pessoa'), await rotaId('produto'), await rotaId('precos')];
    const c = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/grupoPermissoes',
      payload: {
        nome: 'Balcão',
        permissoes: [
          { rotaId: pessoa, visualizar: true },
          { rotaId: produto, visualizar: true, criar: true },
        ],
      },
    });
    expect(c.status).toBe(201);
    const id = c.body.id as number;
    const [pPessoa, pProduto] = c.body.permissoes as { id: number; rotaId: number }[];
    const logsAntes = await countRows(t.app, 'logs');

    // pessoa kept as it is, produto changed, precos added; then produto removed.
    const u = await call(t.app, t.admin, {
      method: 'PUT',
      url: `/api/grupoPermissoes/${id}`,
      payload: {
        nome: 'Balcão',
        permissoes: [
          { id: pPessoa.id, rotaId: pessoa, visualizar: true },
          { id: pProduto.id, rotaId: produto, visualizar: true, criar: true, editar: true },
          { rotaId: precos, visualizar: true },
        ],
      },
    });
    expect(u.status).toBe(200);
    const porRota = new Map((u.body.permissoes as { id: number; rotaId: number; editar: boolean }[]).map((p) => [p.rotaId, p]));
    expect(porRota.get(pessoa)!.id).toBe(pPessoa.id);
    expect(porRota.get(produto)).toMatchObject({ id: pProduto.id, editar: true });
    expect(porRota.get(precos)!.id).toBeGreaterThan(pProduto.id);
    // The group's UPDATE, produto's UPDATE and precos' INSERT: pessoa did not change, so no row for it.
    expect((await countRows(t.app, 'logs')) - logsAntes).toBe(3);
    const perm = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/asc/id',
      payload: { cadastro: 'Permissoes', cadastroId: String(pProduto.id) },
    });
    expect(perm.body.content.map((l: { acao: string }) => l.acao)).toEqual(['INSERT', 'UPDATE']);
    expect(perm.body.content[1].conteudoAnterior).toContain('editar=false');
    expect(perm.body.content[1].conteudo).toContain('editar=true');

    const semProduto = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/grupoPermissoes',
      payload: {
        id,
        nome: 'Balcão',
        permissoes: [
          { id: pPessoa.id, rotaId: pessoa, visualizar: true },
          { id: porRota.get(precos)!.id, rotaId: precos, visualizar: true },
        ],
      },
    });
    expect(semProduto.body.permissoes.map((p: { id: number }) => p.id)).toEqual([pPessoa.id, porRota.get(precos)!.id].sort((a, b) => a - b));
    const del = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/desc/id',
      payload: { cadastro: 'Permissoes', cadastroId: String(pProduto.id) },
    });
    expect(del.body.content[0].acao).toBe('DELETE');
  });

  it("reports a bad permission row on its index and field ('permissoes[2].rotaId') and changes nothing", async () => {
    const g2 = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/2' });
    const antes = { permissoes: await countRows(t.app, 'permissoes'), logs: await countRows(t.app, 'logs') };
    const linhas = g2.body.permissoes.slice(0, 3).map((p: Record<string, unknown>) => ({ ...p }));

    // Validation (the shared zod schema): the row and field by index.
    const invalida = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/grupoPermissoes',
      payload: { id: 2, nome: 'Agronomia', permissoes: [linhas[0], linhas[1], { ...linhas[2], rotaId: 0 }] },
    });
    expect(invalida.status).toBe(400);
    expect(invalida.body.fieldErrors).toEqual([{ field: 'permissoes[2].rotaId', message: 'A rota é obrigatória' }]);

    // The database: a route that does not exist (foreign key) and the same route twice (unique), on their rows.
    const inexistente = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/grupoPermissoes',
      payload: { id: 2, nome: 'Outro nome', permissoes: [...linhas, { rotaId: 99999, visualizar: true }] },
    });
    expect(inexistente.status).toBe(409);
    expect(inexistente.body.message).toBe('Permissão 4: o registro relacionado não existe.');
    expect(inexistente.body.fieldErrors).toEqual([{ field: 'permissoes[3].rotaId', message: inexistente.body.message }]);
    const repetida = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/grupoPermissoes',
      payload: { id: 2, nome: 'Outro nome', permissoes: [...linhas, { rotaId: linhas[0].rotaId, visualizar: true }] },
    });
    expect(repetida.status).toBe(409);
    expect(repetida.body.fieldErrors[0].field).toBe('permissoes[3].rotaId');

    // Another group's permission id.
    const g1 = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/1' });
    const alheia = await call(t.app, t.admin, {
      method: 'PUT',
      url: '/api/grupoPermissoes',
      payload: { id: 2, nome: 'Outro nome', permissoes: [...linhas, g1.body.permissoes[0]] },
    });
    expect(alheia.status).toBe(400);
    expect(alheia.body.fieldErrors[0].field).toBe('permissoes[3].id');

    expect({ permissoes: await countRows(t.app, 'permissoes'), logs: await countRows(t.app, 'logs') }).toEqual(antes);
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/2' })).body).toEqual(g2.body);
  });
});
