import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { tokenDoProdutor } from '../apps/api/test/produtor-do-portal';

/*
 * A producer with a portal account on the embedded database of DATA_DIR, made before the instance that serves it
 * starts (the embedded database has one user at a time): run by e2e/portal-portaria.spec.ts as
 * `node --import tsx e2e/conta-do-produtor.ts <nome> <cpf> <email>` with the instance's environment (its PUBLIC_URL,
 * so the token names that instance's issuer). The person (a producer) and his account are written as the API tests'
 * tokenDoProdutor writes them, with an open session; prints `{"pessoaId", "token"}`: the access token the portal's
 * sign-in would give him (valid ACCESS_TOKEN_TTL).
 */
const [nome, cpf, email] = process.argv.slice(2);
const app = await buildApp({ logger: false, web: false });
try {
  const r = await app.ctx.db.execute(sql`INSERT INTO pessoa (nome, cpfcnpj, celular, tipo_id) VALUES (${nome}, ${cpf}, '11987654321', 1) RETURNING id`);
  const pessoaId = Number((r.rows[0] as { id: number }).id);
  process.stdout.write(`${JSON.stringify({ pessoaId, token: await tokenDoProdutor(app, pessoaId, email) })}\n`);
} finally {
  await app.close();
}
