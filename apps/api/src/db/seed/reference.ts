import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { count, eq, sql } from 'drizzle-orm';
import { permissoesIniciais, ROTAS, senhaNova, type RotaNome } from '@ceasa/shared';
import type { Config } from '../../config';
import { gerarSenha } from '../../config';
import type { Db } from '../client';
import { grupoPermissoes, pedras, permissoes, pessoaTipo, rotas, statusProduto, usuarios, veiculoTipo } from '../schema';

type Flags = { criar: boolean; editar: boolean; deletar: boolean; visualizar: boolean };
const TUDO: Flags = { criar: true, editar: true, deletar: true, visualizar: true };

/** Groups 1-4 and what each may do on first start (editable afterwards in Permissões): from the route list, ROTAS_INICIAIS. */
export const GRUPOS: { nome: string; flags: Partial<Record<RotaNome, Flags>> }[] = [
  { nome: 'Administrativo', flags: permissoesIniciais('administrativo') },
  { nome: 'Agronomia', flags: permissoesIniciais('agronomia') },
  { nome: 'Super Administrador', flags: Object.fromEntries(ROTAS.map((r) => [r, TUDO])) },
  // Group 4, the role 'encarregado' (LGPD's data protection officer, decision 0228): the holders' requests and incidents.
  { nome: 'Encarregado', flags: permissoesIniciais('encarregado') },
];

export const PESSOA_TIPOS = ['Produtor', 'Técnico', 'Lojista', 'Comprador'];
export const VEICULO_TIPOS = ['Carro', 'Caminhonete', 'Caminhão', 'Motocicleta', 'Outro'];
export const STATUS_PRODUTO = ['ATIVO', 'INATIVO'];
export const TOTAL_PEDRAS = 252;

/** Where a generated first super-admin password is written (in DATA_DIR, the owner's alone), never to a log. */
export const ARQUIVO_DA_SENHA_INICIAL = 'senha-inicial-do-admin.txt';

/**
 * Writes a generated first password to DATA_DIR/senha-inicial-do-admin.txt (0600 whatever the umask) and answers
 * the file's path; nothing when ADMIN_PASSWORD set it. The password never goes to stdout or a log, where journald
 * or a container's log would keep it; the file is removed when that password is first changed.
 */
export function gravarSenhaInicial(dataDir: string, a: { email: string; senha: string; gerada: boolean }): string | null {
  if (!a.gerada) return null;
  mkdirSync(dataDir, { recursive: true });
  const arquivo = path.join(dataDir, ARQUIVO_DA_SENHA_INICIAL);
  writeFileSync(arquivo, `E-mail: ${a.email}\nSenha: ${a.senha}\n`, { mode: 0o600 });
  chmodSync(arquivo, 0o600);
  return arquivo;
}

/** Removes the first password's file once that account's password changed (the file names the account). */
export function esquecerSenhaInicial(dataDir: string | undefined, email: string): void {
  if (!dataDir) return;
  const arquivo = path.join(dataDir, ARQUIVO_DA_SENHA_INICIAL);
  try {
    if (readFileSync(arquivo, 'utf8').split('\n')[0] === `E-mail: ${email}`) rmSync(arquivo, { force: true });
  } catch {
    // No file: nothing to forget.
  }
}

/** The line that tells who the first super-admin is and where its password is (the server or seed:demo, whichever creates it). */
export const linhaDoAdminInicial = (a: { email: string; gerada: boolean }, arquivo: string | null) =>
  a.gerada && arquivo
    ? `Primeiro início: super-admin criado. E-mail: ${a.email}  Senha: gerada, no arquivo ${arquivo} (só o dono lê; apagado quando a senha for trocada)`
    : `Primeiro início: super-admin criado. E-mail: ${a.email}  Senha: a definida em ADMIN_PASSWORD`;

/**
 * Reference data for an empty database, and any route name added since (super-admin gets it).
 * Returns the generated admin password when one was made (printed once by the caller).
 */
export async function seedReference(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword'>) {
  return db.transaction(async (t) => {
    const [{ n: nRotas }] = await t.select({ n: count() }).from(rotas);
    const primeiraVez = nRotas === 0;
    const novas = await t
      .insert(rotas)
      // By key: a product route renamed in the app is the same route (its key stays), never added again.
      .values(ROTAS.map((chave) => ({ nome: chave, chave })))
      .onConflictDoNothing()
      .returning();
    if (primeiraVez) {
      const todas = await t.select().from(rotas);
      const idDe = new Map(todas.map((r) => [r.chave, r.id]));
      for (const g of GRUPOS) {
        const [grupo] = await t.insert(grupoPermissoes).values({ nome: g.nome }).returning();
        const linhas = Object.entries(g.flags).map(([rota, f]) => ({ grupoId: grupo.id, rotaId: idDe.get(rota)!, ...f! }));
        if (linhas.length) await t.insert(permissoes).values(linhas);
      }
      await t.insert(pessoaTipo).values(PESSOA_TIPOS.map((descricao) => ({ descricao })));
      await t.insert(veiculoTipo).values(VEICULO_TIPOS.map((nome) => ({ nome })));
      await t.insert(statusProduto).values(STATUS_PRODUTO.map((nome) => ({ nome })));
      await t.insert(pedras).values(Array.from({ length: TOTAL_PEDRAS }, (_, i) => ({ numero: String(i + 1) })));
    } else {
      // A route name added by a later version: the super-admin group may use it at once.
      await t.execute(sql`
        INSERT INTO permissoes (grupo_id, rota_id, criar, editar, deletar, visualizar)
        SELECT 3, r.id, true, true, true, true FROM rotas r
        WHERE EXISTS (SELECT 1 FROM grupo_permissoes WHERE id = 3)
        ON CONFLICT (grupo_id, rota_id) DO NOTHING`);
      // The encarregado's group (4), added by a later version: created when that number is free.
      await t.execute(sql`INSERT INTO grupo_permissoes (id, nome) VALUES (4, 'Encarregado') ON CONFLICT (id) DO NOTHING`);
      await t.execute(sql`SELECT setval(pg_get_serial_sequence('grupo_permissoes', 'id'), GREATEST((SELECT max(id) FROM grupo_permissoes), 1))`);
      // ...and groups 1, 2 and 4 get what ROTAS_INICIAIS gives them on it (e.g. 'recall' for user-admin, decision 0108).
      for (const [id, g] of [1, 2, 4].map((id) => [id, GRUPOS[id - 1]] as const))
        for (const r of novas) {
          const f = g.flags[r.chave as RotaNome];
          if (f)
            await t.execute(sql`
              INSERT INTO permissoes (grupo_id, rota_id, criar, editar, deletar, visualizar)
              SELECT ${id}, ${r.id}, ${f.criar}, ${f.editar}, ${f.deletar}, ${f.visualizar}
              WHERE EXISTS (SELECT 1 FROM grupo_permissoes WHERE id = ${id})
              ON CONFLICT (grupo_id, rota_id) DO NOTHING`);
        }
    }

    const [{ n: nUsuarios }] = await t.select({ n: count() }).from(usuarios);
    if (nUsuarios > 0) return null;
    if (config.adminPassword !== undefined) {
      // The first super-admin's password follows the rule of every new password; nothing is created otherwise.
      const r = senhaNova.safeParse(config.adminPassword);
      if (!r.success)
        throw new Error(
          `ADMIN_PASSWORD recusada: ${r.error.issues[0].message.replace(/\.$/, '')}. Defina outra senha em ADMIN_PASSWORD (ou deixe-a vazia para o sistema gerar uma) e inicie de novo.`,
        );
    }
    // A generated password must be changed at the first sign-in; ADMIN_PASSWORD's was chosen by the operator.
    const senha = config.adminPassword ?? gerarSenha();
    const existente = await t.select().from(usuarios).where(eq(usuarios.email, config.adminEmail));
    if (!existente.length)
      await t.insert(usuarios).values({
        nome: 'Administrador',
        email: config.adminEmail,
        senhaHash: await hash(senha),
        roles: ['super-admin'],
        trocarSenha: config.adminPassword === undefined,
      });
    return { email: config.adminEmail, senha, gerada: !config.adminPassword };
  });
}
