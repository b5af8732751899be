import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codigosDeRecuperacao, logs, segundosFatores, sessoes, usuarios } from '../src/db/schema';
import { hashSenha } from '../src/identity/passwords';
import { MSG_CADASTRE_O_FATOR, MSG_CODIGO_INVALIDO, MSG_CODIGO_NECESSARIO } from '../src/identity/segundo-fator';
import { codigoNoPasso, passoDe } from '../src/identity/totp';
import { build, call, countRows, tokenFor } from './helpers';

/**
 * The second factor (TOTP, RFC 6238) and its recovery codes, with MFA_OBRIGATORIO at its default (the suites
 * turn it off in vitest.config.ts): codes are computed here from the secret the server answers.
 */
const ADMIN = { email: 'admin@teste.local', senha: 'admin-senha' };
const CSRF = { 'x-ceasa-csrf': '1' };
const linhas: Record<string, unknown>[] = [];
let app: FastifyInstance;
const WEB = () => ({ ...CSRF, origin: `http://localhost:${app.ctx.config.port}` });

beforeAll(async () => {
  app = await build(
    { mfaObrigatorio: ['super-admin', 'user-admin'] },
    {
      destinoDoLog: {
        write: (l: string) => {
          linhas.push(JSON.parse(l) as Record<string, unknown>);
        },
      },
    },
  );
});
afterAll(() => app?.close());

let endereco = 1;
/** Each sign-in from its own address unless told, so the throttling of one test does not reach another. */
const entrar = (corpo: Record<string, string>, remoteAddress = `10.9.0.${endereco++}`) =>
  call(app, null, { method: 'POST', url: '/api/auth/sessao/login', headers: WEB(), payload: corpo, remoteAddress });
const grant = (corpo: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/realms/ceasa/protocol/openid-connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', ...corpo }).toString(),
    remoteAddress: `10.9.1.${endereco++}`,
  });
/** A code the server has not seen yet: the step after the current one (inside the ±1 window). */
const codigoSeguinte = (segredo: string) => codigoNoPasso(segredo, passoDe(Date.now()) + 1);

describe('TOTP (RFC 6238)', () => {
  it("computes RFC 6238's SHA-1 test vector (the last 6 of its 8 digits)", () => {
    const segredo = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of '12345678901234567890'
    expect(codigoNoPasso(segredo, passoDe(59_000))).toBe('287082');
    expect(codigoNoPasso(segredo, passoDe(1_111_111_109_000))).toBe('081804');
    expect(codigoNoPasso(segredo, passoDe(20_000_000_000_000))).toBe('353130');
  });
});

describe('second factor', () => {
  let segredo = '';
  let recuperacao: string[] = [];

  it("a super-admin's first sign-in leads to enrolment: nothing else until the factor is confirmed", async () => {
    const l = await entrar(ADMIN);
    expect(l.status).toBe(200);
    expect(l.body.cadastrarSegundoFator).toBe(true);
    const token = l.body.access_token as string;
    const outra = await call(app, token, { method: 'GET', url: '/api/municipio' });
    expect(outra.status).toBe(403);
    expect(outra.body.message).toBe(MSG_CADASTRE_O_FATOR);
    expect((await call(app, token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    // A session opened earlier with the password alone: enrolling ends it.
    const antiga = await entrar(ADMIN);
    expect(antiga.status).toBe(200);

    const inicio = await call(app, token, { method: 'POST', url: '/api/auth/mfa/totp' });
    expect(inicio.status).toBe(200);
    expect(inicio.headers['cache-control']).toBe('no-store');
    segredo = inicio.body.segredo;
    expect(segredo).toMatch(/^[A-Z2-7]{32}$/);
    expect(inicio.body.uri).toBe(
      `otpauth://totp/CEASA%20Regional%3Aadmin%40teste.local?secret=${segredo}&issuer=CEASA+Regional&algorithm=SHA1&digits=6&period=30`,
    );

    // A wrong code: refused in pt-BR, nothing turned on.
    const certo = codigoNoPasso(segredo, passoDe(Date.now()));
    const errado = await call(app, token, {
      method: 'POST',
      url: '/api/auth/mfa/totp/confirmar',
      payload: { codigo: certo === '000000' ? '111111' : '000000' },
    });
    expect(errado.status).toBe(400);
    expect(errado.body.message).toBe(MSG_CODIGO_INVALIDO);
    const [f0] = await app.ctx.db.select().from(segundosFatores);
    expect(f0.ativoEm).toBeNull();
    expect(await countRows(app, 'codigos_de_recuperacao')).toBe(0);
    const letras = await call(app, token, { method: 'POST', url: '/api/auth/mfa/totp/confirmar', payload: { codigo: 'abc' } });
    expect(letras.status).toBe(400);
    expect(letras.body.message).toContain('Informe o código de 6 dígitos do aplicativo');

    const ok = await call(app, token, {
      method: 'POST',
      url: '/api/auth/mfa/totp/confirmar',
      payload: { codigo: codigoNoPasso(segredo, passoDe(Date.now())) },
    });
    expect(ok.status).toBe(200);
    recuperacao = ok.body.codigosDeRecuperacao;
    expect(recuperacao).toHaveLength(10);
    for (const c of recuperacao) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(recuperacao).size).toBe(10);
    // Only hashes are kept.
    const guardados = await app.ctx.db.select().from(codigosDeRecuperacao);
    expect(guardados.map((g) => g.hash)).not.toContain(recuperacao[0].replace('-', ''));
    // The same session goes on; the other one ended.
    expect((await call(app, token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
    expect((await call(app, antiga.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    // Audited.
    const auditoria = await app.ctx.db.select().from(logs).where(eq(logs.usuario, ADMIN.email));
    expect(auditoria.map((a) => a.conteudo)).toContainEqual(expect.stringContaining('segundoFator=ativado'));
    // A second enrolment is refused while this one is on.
    const outraVez = await call(app, token, { method: 'POST', url: '/api/auth/mfa/totp' });
    expect(outraVez.status).toBe(409);
    const situacao = await call(app, token, { method: 'GET', url: '/api/auth/mfa' });
    expect(situacao.body).toEqual({ ativo: true, obrigatorio: true, codigosRestantes: 10 });
  });

  it('once on, sign-in needs the code after the password; a code is used once', async () => {
    const sem = await entrar(ADMIN);
    expect(sem.status).toBe(401);
    expect(sem.body.message).toBe(MSG_CODIGO_NECESSARIO);
    expect(sem.body.codigoNecessario).toBe(true);
    const senhaErrada = await entrar({ ...ADMIN, senha: 'outra-senha' });
    expect(senhaErrada.status).toBe(401);
    expect(senhaErrada.body.codigoNecessario).toBeUndefined();

    const codigo = codigoSeguinte(segredo);
    const antes = await countRows(app, 'sessoes');
    const errado = await entrar({ ...ADMIN, codigo: codigo === '123456' ? '654321' : '123456' });
    expect(errado.status).toBe(401);
    expect(errado.body.message).toBe(MSG_CODIGO_INVALIDO);
    expect(await countRows(app, 'sessoes')).toBe(antes);

    const ok = await entrar({ ...ADMIN, codigo });
    expect(ok.status).toBe(200);
    expect(ok.body.cadastrarSegundoFator).toBeUndefined();
    expect((await call(app, ok.body.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
    const deNovo = await entrar({ ...ADMIN, codigo });
    expect(deNovo.status).toBe(401);
    expect(deNovo.body.message).toBe(MSG_CODIGO_INVALIDO);
  });

  it('a recovery code signs in once, typed in any case, with or without its hyphen', async () => {
    const ok = await entrar({ ...ADMIN, codigo: recuperacao[0].toUpperCase() });
    expect(ok.status).toBe(200);
    const deNovo = await entrar({ ...ADMIN, codigo: recuperacao[0].replace('-', '') });
    expect(deNovo.status).toBe(401);
    expect(deNovo.body.message).toBe(MSG_CODIGO_INVALIDO);
    const [adm] = await app.ctx.db.select().from(usuarios).where(eq(usuarios.email, ADMIN.email));
    const t = await call(app, ok.body.access_token, { method: 'GET', url: '/api/auth/mfa' });
    expect(t.body.codigosRestantes).toBe(9);
    expect(adm).toBeTruthy();
  });

  it('the password grant needs the parameter totp (as Keycloak does)', async () => {
    const sem = await grant({ username: ADMIN.email, password: ADMIN.senha });
    expect(sem.statusCode).toBe(400);
    expect(sem.json()).toMatchObject({ error: 'invalid_grant', message: MSG_CODIGO_NECESSARIO });
    const ok = await grant({ username: ADMIN.email, password: ADMIN.senha, totp: recuperacao[1] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
  });

  it('a missing or wrong code counts against the sign-in limit of the account and address', async () => {
    const ip = '10.9.2.1';
    for (let i = 0; i < app.ctx.config.loginMaxAttempts; i++) expect((await entrar(ADMIN, ip)).status).toBe(401);
    const depois = await entrar({ ...ADMIN, codigo: recuperacao[2] }, ip);
    expect(depois.status).toBe(429);
    expect(depois.headers['retry-after']).toBeTruthy();
    // The recovery code was not spent by the refused attempt.
    expect((await entrar({ ...ADMIN, codigo: recuperacao[2] })).status).toBe(200);
  });

  it("a super-admin resets someone's factor (audited, the person's sessions end); nobody else may", async () => {
    const email = 'gestor-mfa@teste.local';
    const [u] = await app.ctx.db
      .insert(usuarios)
      .values({ nome: 'Gestor', email, senhaHash: await hashSenha('senha-do-gestor-42'), roles: ['user-admin'] })
      .returning();
    await app.ctx.db.insert(segundosFatores).values({ usuarioId: u.id, segredo: 'JBSWY3DPEHPK3PXP', ativoEm: new Date() });
    const [s] = await app.ctx.db
      .insert(sessoes)
      .values({ usuarioId: u.id, expiraEm: new Date(Date.now() + 3_600_000) })
      .returning();
    // A user-admin whose group may edit /usuarios is still not a super-admin.
    const userAdmin = await tokenFor(app, ['user-admin']);
    const recusa = await call(app, userAdmin, { method: 'DELETE', url: `/api/usuarios/${u.id}/segundo-fator` });
    expect([403]).toContain(recusa.status);
    expect(await countRows(app, 'segundos_fatores')).toBe(2);

    const admin = await tokenFor(app, ['super-admin']);
    const r = await call(app, admin, { method: 'DELETE', url: `/api/usuarios/${u.id}/segundo-fator` });
    expect(r.status).toBe(204);
    expect(await app.ctx.db.select().from(segundosFatores).where(eq(segundosFatores.usuarioId, u.id))).toHaveLength(0);
    const [sessao] = await app.ctx.db.select().from(sessoes).where(eq(sessoes.id, s.id));
    expect(sessao.revogadaEm).not.toBeNull();
    const auditoria = await app.ctx.db.select().from(logs).where(eq(logs.cadastroId, u.id));
    expect(auditoria.map((a) => a.conteudo)).toContainEqual(expect.stringContaining('segundoFator=redefinido'));
    // Signing in again leads to enrolment (user-admin is in MFA_OBRIGATORIO).
    const l = await entrar({ email, senha: 'senha-do-gestor-42' });
    expect(l.status).toBe(200);
    expect(l.body.cadastrarSegundoFator).toBe(true);
    const denovo = await call(app, admin, { method: 'DELETE', url: `/api/usuarios/${u.id}/segundo-fator` });
    expect(denovo.status).toBe(400);
    expect(denovo.body.message).toBe('Este usuário não tem verificação em duas etapas cadastrada.');
  });

  it('roles outside MFA_OBRIGATORIO sign in with the password alone', async () => {
    const email = 'agro-mfa@teste.local';
    await app.ctx.db.insert(usuarios).values({ nome: 'Agro', email, senhaHash: await hashSenha('senha-do-agro-42'), roles: ['user-agro'] });
    const l = await entrar({ email, senha: 'senha-do-agro-42' });
    expect(l.status).toBe(200);
    expect(l.body.cadastrarSegundoFator).toBeUndefined();
    expect((await call(app, l.body.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
  });

  it('logs one JSON line per sign-in and refusal: account, address, reason; never the password or the code', async () => {
    const falha = linhas.filter((l) => l.seguranca === 'entrada-recusada' && l.motivo === 'senha-errada');
    expect(falha.length).toBeGreaterThan(0);
    expect(falha[0]).toMatchObject({ conta: ADMIN.email, endereco: expect.stringMatching(/^10\.9\./), level: 40 });
    const sucesso = linhas.filter((l) => l.seguranca === 'entrada');
    expect(sucesso.find((l) => l.motivo === 'senha+totp')).toMatchObject({ conta: ADMIN.email, endereco: expect.stringMatching(/^10\.9\./) });
    expect(sucesso.find((l) => l.motivo === 'senha+codigo-de-recuperacao')).toBeTruthy();
    expect(linhas.find((l) => l.seguranca === 'codigo-recusado' && l.motivo === 'codigo-ausente')).toMatchObject({
      conta: ADMIN.email,
      endereco: expect.any(String),
    });
    expect(linhas.find((l) => l.seguranca === 'fator-ativado')).toMatchObject({ conta: ADMIN.email });
    expect(linhas.find((l) => l.seguranca === 'fator-redefinido')).toMatchObject({ alvo: 'gestor-mfa@teste.local' });
    expect(linhas.find((l) => l.seguranca === 'acesso-negado')).toMatchObject({ rota: 'GET /api/municipio', motivo: 'cadastro-do-fator-pendente' });
    const tudo = JSON.stringify(linhas);
    expect(tudo).not.toContain(ADMIN.senha);
    expect(tudo).not.toContain('senha-do-gestor-42');
    for (const c of recuperacao) expect(tudo).not.toContain(c);
    expect(tudo).not.toContain(segredo);
  });
});
