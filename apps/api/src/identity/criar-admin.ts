/**
 * `npm run admin:criar -- EMAIL`: a super-admin for the server's operator, from the command line (the way back in
 * when no one can sign in as super-admin). A new e-mail becomes a super-admin account; an existing account is
 * made active and super-admin, and its sessions are revoked. Either way it gets a new generated password, shown
 * once on this terminal (never in the server's log) and recorded in the audit log as changed, not its value. Same
 * The generated password must be changed at the account's next sign-in. Same
 * database as the server (DATA_DIR or DATABASE_URL); on the embedded database stop the server first.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { gerarSenha, loadConfig } from '../config';
import { registrarLog } from '../lib/audit';
import { hashSenha } from './passwords';
import { revogarSessoesDoUsuario } from './tokens';
import { openDatabase } from '../db/client';
import { usuarios } from '../db/schema';
import { PastaEmUso } from '../db/trava-da-pasta';

const USO = 'Uso: npm run admin:criar -- EMAIL';
/** Who the audit log names for a change made from the command line. */
const AUTOR = 'admin:criar';

export async function criarAdmin(argv: string[]): Promise<number> {
  const [email, ...resto] = argv;
  if (!email || resto.length) {
    console.error(USO);
    return 2;
  }
  const valido = z.email().safeParse(email.trim().toLowerCase());
  if (!valido.success) {
    console.error(`E-mail inválido: ${email}. ${USO}`);
    return 2;
  }
  let database;
  try {
    database = await openDatabase(loadConfig());
  } catch (e) {
    if (e instanceof PastaEmUso) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
  try {
    const senha = gerarSenha();
    const senhaHash = await hashSenha(senha);
    const criado = await database.db.transaction(async (tx) => {
      const [antes] = await tx.select().from(usuarios).where(eq(usuarios.email, valido.data));
      if (!antes) {
        const [u] = await tx
          .insert(usuarios)
          .values({ nome: 'Administrador', email: valido.data, senhaHash, roles: ['super-admin'], trocarSenha: true })
          .returning();
        await registrarLog(tx, AUTOR, 'Usuario', u.id, 'INSERT', { id: u.id, nome: u.nome, email: u.email, ativo: u.ativo, roles: u.roles });
        return true;
      }
      const roles = antes.roles.includes('super-admin') ? antes.roles : [...antes.roles, 'super-admin'];
      await tx.update(usuarios).set({ senhaHash, roles, ativo: true, trocarSenha: true }).where(eq(usuarios.id, antes.id));
      await revogarSessoesDoUsuario(tx, antes.id);
      await registrarLog(
        tx,
        AUTOR,
        'Usuario',
        antes.id,
        'UPDATE',
        { id: antes.id, email: antes.email, ativo: true, roles, senha: 'alterada' },
        { id: antes.id, email: antes.email, ativo: antes.ativo, roles: antes.roles },
      );
      return false;
    });
    console.log(
      `${criado ? 'Super-admin criado' : 'Conta tornada super-admin, ativa e com senha nova (as sessões dela foram encerradas)'}. ` +
        `E-mail: ${valido.data}  Senha: ${senha}  (gerada; anote-a, ela não será mostrada de novo)`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await criarAdmin(process.argv.slice(2));
