/**
 * Backups of the whole product: every table's rows, the person photos among them (table foto_pessoa), in one gzip'd file of JSON
 * lines, read and written the same way on the embedded database and on PostgreSQL (a backup of one
 * restores into the other). `npm run backup -- FILE` and `npm run restore -- FILE [--substituir]`
 * (backup-cli.ts) use the server's configuration (DATA_DIR or DATABASE_URL).
 *
 * The file: a header line `["CEASA-BACKUP", {versao, criadoEm, banco, migracoes}]`, then per table a line
 * `["TABELA", nome]` followed by one JSON object per row (the row as PostgreSQL's to_jsonb writes it, so
 * numerics, dates and bytes keep their exact text), and a last `["FIM", {tabela: linhas}, fotos]` whose absence
 * tells a cut file. Photos are rows since docs/decisions/0103-fotos-no-banco.md.
 *
 * No live secret goes in (docs/decisions/0160-backup-sem-segredos.md): the file is the owner's alone (0600) and
 * leaves out the signing keys, the provider's cookie keys, sessions, refresh tokens, reset links, the e-mails
 * sent (they carry reset links) and the provider's pending state; a restore starts with new keys, so everyone
 * signs in again. Password hashes stay. The tables the database derives from others (the quotation's summaries)
 * are not written either: a restore rebuilds them from the prices.
 */
import { createHash } from 'node:crypto';
import { cpSync, createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type Database, type Db, type Tx } from './client';
import { CLASSES_DAS_TABELAS, DERIVADAS, FORA_DO_BACKUP } from './classes-das-tabelas';
import { darVez } from '../lib/todo-dia';

const FORMATO = 'CEASA-BACKUP';
const VERSAO = 1;
/** Rows read per fetch of the snapshot's cursor and written per INSERT. */
const LOTE = 2000;
/** The table that holds the person photos. */
const FOTOS = 'foto_pessoa';
/** Longest line a restore reads (a photo row is at most twice UPLOAD_MAX_BYTES): longer is refused unread. */
export const LINHA_MAXIMA = 64 * 1024 * 1024;

/** The classes of the tables (classes-das-tabelas.ts): secrets and counters never go in, derived ones are rebuilt. */
export { DERIVADAS, FORA_DO_BACKUP } from './classes-das-tabelas';
const naoCopiar = new Set([...FORA_DO_BACKUP, ...DERIVADAS]);

/** What a restore tells the operator once done. */
export const MSG_CHAVES_NOVAS =
  'As chaves de assinatura e as sessões não vão no backup: ao iniciar, o servidor cria chaves novas e todos precisam entrar de novo.';

/** A refusal the command line shows as it is (pt-BR), with no stack trace. */
export class ErroDeBackup extends Error {}

type Linha = Record<string, unknown>;

async function linhas<T = Linha>(db: Tx, q: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(q)).rows as T[];
}

/** The migrations applied to this database (drizzle's own table), in order. */
async function migracoesAplicadas(db: Tx): Promise<string[]> {
  const r = await linhas<{ hash: string }>(db, sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`);
  return r.map((x) => x.hash);
}

/** The product's tables (schema public), parents before children (foreign keys), then by name. */
async function tabelasEmOrdem(db: Tx): Promise<string[]> {
  const tabelas = (await linhas<{ nome: string }>(db, sql`SELECT tablename AS nome FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map(
    (t) => t.nome,
  );
  const fks = await linhas<{ filha: string; mae: string }>(
    db,
    sql`SELECT c.conrelid::regclass::text AS filha, c.confrelid::regclass::text AS mae
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const semAspas = (s: string) => s.replace(/^"|"$/g, '');
  const maes = new Map(tabelas.map((t) => [t, new Set<string>()]));
  for (const fk of fks) if (semAspas(fk.filha) !== semAspas(fk.mae)) maes.get(semAspas(fk.filha))?.add(semAspas(fk.mae));
  const ordem: string[] = [];
  const feitas = new Set<string>();
  const visitar = (t: string, caminho: Set<string>) => {
    if (feitas.has(t) || caminho.has(t)) return;
    caminho.add(t);
    for (const m of [...(maes.get(t) ?? [])].sort()) visitar(m, caminho);
    caminho.delete(t);
    feitas.add(t);
    ordem.push(t);
  };
  for (const t of tabelas) visitar(t, new Set());
  return ordem;
}

async function escreverLinhas(arquivo: string, gerar: () => AsyncGenerator<string>): Promise<void> {
  await mkdir(path.dirname(path.resolve(arquivo)), { recursive: true });
  const temp = `${arquivo}.${process.pid}.parcial`;
  try {
    await pipeline(
      Readable.from(
        (async function* () {
          for await (const l of gerar()) yield `${l}\n`;
        })(),
      ),
      createGzip(),
      createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
    );
    // The owner's alone whatever the umask (it holds password hashes and personal data).
    await chmod(temp, 0o600);
    await rename(temp, arquivo);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
}

export interface ResumoBackup {
  tabelas: Record<string, number>;
  fotos: number;
}

/**
 * Writes the backup of the configured database (photos included) to `arquivo` (a new file: written to a temporary
 * name and renamed, so a failure leaves no half file). On PostgreSQL every table is read in one
 * repeatable-read snapshot, so a running server may keep writing meanwhile; on the embedded database from a copy of
 * its files made at the start (Database.copia), for the same reason.
 */
export async function fazerBackup(database: Database, arquivo: string): Promise<ResumoBackup> {
  if (existsSync(arquivo)) throw new ErroDeBackup(`O arquivo ${arquivo} já existe: escolha outro nome ou remova-o.`);
  if (!database.copia) return lerParaOArquivo(database, arquivo);
  // The embedded database: read from a copy of its files, so the server's one connection is not held while writing.
  const copia = await database.copia();
  try {
    return await lerParaOArquivo(copia.database, arquivo);
  } finally {
    await copia.fechar();
  }
}

/** fazerBackup's reading and writing, from `database` (the configured one, or a copy of it). */
async function lerParaOArquivo(database: Database, arquivo: string): Promise<ResumoBackup> {
  const resumo: ResumoBackup = { tabelas: {}, fotos: 0 };
  await database.db.transaction(
    async (tx) => {
      const migracoes = await migracoesAplicadas(tx);
      const todas = await tabelasEmOrdem(tx);
      const semClasse = todas.filter((t) => !Object.hasOwn(CLASSES_DAS_TABELAS, t));
      // A table nobody classified may hold a secret: no backup until it says what it is.
      if (semClasse.length)
        throw new ErroDeBackup(`A tabela ${semClasse.join(', ')} não diz se vai no backup: classifique-a em apps/api/src/db/classes-das-tabelas.ts.`);
      const tabelas = todas.filter((t) => !naoCopiar.has(t));
      await escreverLinhas(arquivo, async function* () {
        const ultimaMigracao = tagDaMigracao(migracoes[migracoes.length - 1]);
        yield JSON.stringify([FORMATO, { versao: VERSAO, criadoEm: new Date().toISOString(), banco: database.kind, migracoes, ultimaMigracao }]);
        for (const tabela of tabelas) {
          yield JSON.stringify(['TABELA', tabela]);
          // A cursor of the snapshot, read LOTE rows at a time: each read continues where the last stopped. (Paging by
          // `ctid > last` rescanned the table from its start on each page on the embedded database: 12 minutes for ten
          // market-years, all of it with the one connection held.)
          let n = 0;
          await tx.execute(sql`DECLARE linhas_do_backup NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS linha FROM ${sql.identifier(tabela)} t`);
          for (;;) {
            const lote = await linhas<{ linha: string }>(tx, sql`FETCH ${sql.raw(String(LOTE))} FROM linhas_do_backup`);
            for (const l of lote) yield l.linha;
            n += lote.length;
            if (lote.length < LOTE) break;
            // The requests waiting meanwhile go first (a copy of the embedded database reads on the server's thread).
            await darVez();
          }
          await tx.execute(sql`CLOSE linhas_do_backup`);
          resumo.tabelas[tabela] = n;
        }
        resumo.fotos = resumo.tabelas[FOTOS] ?? 0;
        yield JSON.stringify(['FIM', resumo.tabelas, resumo.fotos]);
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return resumo;
}

/** The text lines of a stream; a line longer than LINHA_MAXIMA is refused as soon as it is, not read whole. */
async function* linhasDe(entrada: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let partes: Buffer[] = [];
  let tamanho = 0;
  for await (const pedaco of entrada) {
    let inicio = 0;
    for (;;) {
      const fim = pedaco.indexOf(10, inicio);
      if (fim < 0) break;
      partes.push(pedaco.subarray(inicio, fim));
      yield Buffer.concat(partes).toString('utf8').replace(/\r$/, '');
      partes = [];
      tamanho = 0;
      inicio = fim + 1;
    }
    if (inicio < pedaco.length) {
      tamanho += pedaco.length - inicio;
      if (tamanho > LINHA_MAXIMA) throw new ErroDeBackup(`Arquivo de backup inválido: uma linha passa de ${LINHA_MAXIMA / 1024 / 1024} MB.`);
      partes.push(pedaco.subarray(inicio));
    }
  }
  if (tamanho) yield Buffer.concat(partes).toString('utf8');
}

/** The backup's lines, checked: the header first, the end mark last (a cut or foreign file is refused). */
async function* lerBackup(arquivo: string): AsyncGenerator<unknown> {
  if (!existsSync(arquivo)) throw new ErroDeBackup(`Arquivo de backup não encontrado: ${arquivo}`);
  const leitor = linhasDe(createReadStream(arquivo).pipe(createGunzip()));
  let primeira = true;
  let fim = false;
  try {
    for await (const texto of leitor) {
      if (fim) throw new ErroDeBackup('Arquivo de backup inválido: há dados depois da marca de fim.');
      let v: unknown;
      try {
        v = JSON.parse(texto);
      } catch {
        throw new ErroDeBackup('Arquivo de backup inválido ou corrompido.');
      }
      if (primeira && !(Array.isArray(v) && v[0] === FORMATO)) throw new ErroDeBackup('Este arquivo não é um backup do CEASA Regional.');
      primeira = false;
      if (Array.isArray(v) && v[0] === 'FIM') fim = true;
      yield v;
    }
  } catch (e) {
    if (e instanceof ErroDeBackup) throw e;
    throw new ErroDeBackup('Arquivo de backup inválido ou corrompido (não é um gzip íntegro).');
  }
  if (primeira) throw new ErroDeBackup('Arquivo de backup vazio.');
  if (!fim) throw new ErroDeBackup('Arquivo de backup incompleto: falta a marca de fim (cópia interrompida?).');
}

/**
 * The tables that hold records and have rows. A record table has an id from a sequence (serial or identity);
 * the few bookkeeping tables a migration fills (e.g. the price summary's counter row) have none, so a freshly
 * migrated database counts as empty.
 */
async function tabelasComRegistros(db: Tx): Promise<string[]> {
  const tabelas = await linhas<{ t: string }>(
    db,
    sql`SELECT DISTINCT c.relname AS t FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL
        ORDER BY 1`,
  );
  const com: string[] = [];
  for (const { t } of tabelas.filter((x) => !naoCopiar.has(x.t))) {
    const [r] = await linhas<{ tem: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(t)}) AS tem`);
    if (r.tem) com.push(t);
  }
  return com;
}

/** The columns a restore writes: all but generated ones, in table order. */
async function colunasGravaveis(db: Tx, tabela: string): Promise<string[]> {
  const r = await linhas<{ nome: string }>(
    db,
    sql`SELECT attname AS nome FROM pg_attribute
        WHERE attrelid = ${tabela}::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        ORDER BY attnum`,
  );
  return r.map((c) => c.nome);
}

/** This release's migrations, in order: tag (file name) and drizzle's hash of each (the SHA-256 of its SQL). */
function migracoesDestaVersao(): { tag: string; hash: string }[] {
  const jornal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return jornal.entries.map((e) => ({
    tag: e.tag,
    hash: createHash('sha256')
      .update(readFileSync(path.join(migrationsFolder, `${e.tag}.sql`), 'utf8'))
      .digest('hex'),
  }));
}
const tagDaMigracao = (hash: string | undefined) => migracoesDestaVersao().find((m) => m.hash === hash)?.tag ?? null;

/** A schema version in words: how many migrations and the last one's name. */
const versaoDoEsquema = (n: number, ultima: string | null) => `${n} migrações${ultima ? `, a última ${ultima}` : ''}`;

/** The backup's header (its first line), read alone. */
async function cabecalhoDe(arquivo: string): Promise<{ versao: number; migracoes: string[]; ultimaMigracao?: string }> {
  for await (const v of lerBackup(arquivo)) return (v as [string, { versao: number; migracoes: string[]; ultimaMigracao?: string }])[1];
  throw new ErroDeBackup('Arquivo de backup vazio.');
}

/**
 * Takes the target back to an earlier release's schema: every table, function and migration record dropped, then
 * this release's first `n` migrations applied (an earlier release's migrations are this one's first ones,
 * unchanged). A restore then loads the rows as that release wrote them, and the remaining migrations carry them
 * forward, as they do on an upgrade.
 */
async function esquemaDaVersao(database: Database, n: number) {
  const pasta = mkdtempSync(path.join(os.tmpdir(), 'ceasa-migracoes-'));
  try {
    const jornal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    mkdirSync(path.join(pasta, 'meta'));
    for (const e of jornal.entries.slice(0, n)) cpSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(pasta, `${e.tag}.sql`));
    writeFileSync(path.join(pasta, 'meta', '_journal.json'), JSON.stringify({ ...jornal, entries: jornal.entries.slice(0, n) }));
    await database.db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await database.db.execute(sql`DROP SCHEMA public CASCADE`);
    await database.db.execute(sql`CREATE SCHEMA public`);
    await migrar(database, pasta);
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}

const migrar = (database: Database, pasta = migrationsFolder) =>
  database.kind === 'pglite' ? migratePglite(database.db as never, { migrationsFolder: pasta }) : migratePg(database.db, { migrationsFolder: pasta });

export interface OpcoesRestauracao {
  /** Replace what the database holds (otherwise a non-empty target is refused). */
  substituir?: boolean;
}

/** A database error in one pt-BR line that names the rule, never the values (no INSERT, no parameters). */
function semValores(e: unknown, tabela: string | null): ErroDeBackup {
  let c = e as { code?: string; constraint?: string; column?: string; cause?: unknown } | undefined;
  for (let i = 0; c && !c.code && c.cause && i < 5; i++) c = c.cause as typeof c;
  const codigo = c?.code ?? '';
  const regra = c?.constraint ? ` (regra ${c.constraint})` : c?.column ? ` (coluna ${c.column})` : '';
  const motivo =
    codigo === '23505'
      ? `valor repetido onde deve ser único${regra}`
      : codigo === '23503'
        ? `referência a um registro que não existe${regra}`
        : codigo === '23502'
          ? `campo obrigatório vazio${regra}`
          : codigo === '23514'
            ? `valor fora das regras do cadastro${regra}`
            : codigo.startsWith('22')
              ? `valor em formato inválido${regra}`
              : `erro do banco de dados${codigo ? ` ${codigo}` : ''}`;
  return new ErroDeBackup(`A restauração falhou${tabela ? ` na tabela ${tabela}` : ''}: ${motivo}. Nada foi alterado.`);
}

/**
 * The tables the database derives (DERIVADAS), rebuilt from the restored prices and products, with the
 * triggers that keep them still off: the products' copies in each price, the quotation's rows per group and day
 * (by the database's own function, so it follows what the migrations say a quotation counts) and the counts.
 */
async function reconstruirDerivadas(tx: Tx) {
  await tx.execute(sql`UPDATE precos p
    SET produto_nome = pr.nome, produto_embalagem = pr.embalagem, produto_peso_em_kg = pr.peso_em_kg,
        produto_grupo_id = pr.produto_grupo_id, produto_grupo_nome = g.nome
    FROM produto pr JOIN produto_grupo g ON g.id = pr.produto_grupo_id
    WHERE pr.id = p.produto_id`);
  await tx.execute(sql`INSERT INTO precos_resumo_total (unico, linhas, precos) VALUES (true, 0, 0)`);
  await tx.execute(sql`SELECT precos_resumo_atualizar(array_agg(k.g), array_agg(k.d))
    FROM (SELECT DISTINCT pr.produto_grupo_id AS g, p.data AS d FROM precos p JOIN produto pr ON pr.id = p.produto_id) k`);
  await tx.execute(sql`INSERT INTO precos_produto_total (produto_id, precos) SELECT produto_id, count(*) FROM precos GROUP BY produto_id`);
}

/**
 * Restores a backup into the configured database (photos included: they are rows), in one transaction: all or nothing.
 * Refused while a server uses the database (PostgreSQL: the servers' shared lock; the embedded folder is locked
 * by whoever opened it); refused when the target holds records or photos, unless `substituir`;
 * a backup of an earlier release (its migrations are this release's first ones) takes the target back to that
 * release's schema, loads its rows and applies the migrations it did not have, as an upgrade does; a backup of a
 * later release is refused, naming both schema versions (how many migrations and the last one's name).
 * Every table is emptied, secrets included (FORA_DO_BACKUP): the next start makes new keys. The triggers that
 * keep derived tables are off while the rows go in; the derived tables are then rebuilt from their sources
 * (rows a file holds for them are not trusted). Foreign keys and unique constraints stay on, so a restore never
 * stores what the database would refuse. Sequences continue after the restored ids. A failure is one pt-BR
 * line that never shows the values.
 */
export async function restaurar(database: Database, arquivo: string, o: OpcoesRestauracao = {}): Promise<ResumoBackup> {
  // What the file is comes first (read only): a backup this release cannot take is refused as such, server or not.
  const meta = await cabecalhoDe(arquivo);
  if (meta.versao !== VERSAO) throw new ErroDeBackup(`Versão de backup não suportada: ${meta.versao}.`);
  const aqui = await migracoesAplicadas(database.db);
  const nossas = migracoesDestaVersao();
  const faltam = meta.migracoes.filter((m) => !aqui.includes(m));
  if (faltam.length)
    throw new ErroDeBackup(
      `O backup foi feito por uma versão mais nova do sistema (${versaoDoEsquema(meta.migracoes.length, meta.ultimaMigracao ?? null)}) do que esta ` +
        `(${versaoDoEsquema(aqui.length, tagDaMigracao(aqui[aqui.length - 1]))}): restaure-o com aquela versão ou uma mais nova.`,
    );
  const trava = await database.soParaMim?.();
  if (trava && !trava.ok) {
    const varios = trava.servidores.length > 1;
    throw new ErroDeBackup(
      `O banco está em uso por ${varios ? 'servidores' : 'um servidor'} do CEASA Regional (${trava.servidores.join('; ') || 'processo'}): ${varios ? 'pare-os' : 'pare-o'} antes de restaurar.`,
    );
  }
  try {
    const anterior = meta.migracoes.length < aqui.length;
    if (anterior) {
      // An earlier release's backup: its migrations must be this release's first ones, in order.
      if (meta.migracoes.some((m, i) => nossas[i]?.hash !== m))
        throw new ErroDeBackup('O backup foi feito por uma versão do sistema cujas migrações não são as desta: não é possível atualizá-lo.');
      await recusarDestinoOcupado(database.db, o);
      await esquemaDaVersao(database, meta.migracoes.length);
    }
    const resumo = await restaurarSozinho(database.db, arquivo, { ...o, substituir: o.substituir || anterior });
    // The migrations the backup's release did not have carry its rows forward, as on an upgrade.
    if (anterior) await migrar(database);
    return resumo;
  } finally {
    await trava?.soltar();
  }
}

/** A target that holds records or photos is refused unless `substituir`. */
async function recusarDestinoOcupado(db: Db, o: OpcoesRestauracao) {
  if (o.substituir) return;
  const ocupadas = await tabelasComRegistros(db);
  const [{ n: fotosAqui }] = await linhas<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(FOTOS)}`);
  if (ocupadas.length || fotosAqui) {
    const oque = [
      ocupadas.length ? `dados (${ocupadas.slice(0, 5).join(', ')}${ocupadas.length > 5 ? ', …' : ''})` : '',
      fotosAqui ? `${fotosAqui} foto(s)` : '',
    ]
      .filter(Boolean)
      .join(' e ');
    throw new ErroDeBackup(`O destino não está vazio: já tem ${oque}. Para substituir tudo pelo backup, repita com --substituir.`);
  }
}

/** Every serial or identity column continues after the largest restored value. */
async function continuarSequencias(tx: Tx) {
  const seqs = await linhas<{ tabela: string; coluna: string; seq: string }>(
    tx,
    sql`SELECT c.relname AS tabela, a.attname AS coluna, pg_get_serial_sequence(format('%I', c.relname), a.attname) AS seq
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL`,
  );
  for (const s of seqs)
    await tx.execute(sql`SELECT setval(${s.seq}, COALESCE((SELECT max(${sql.identifier(s.coluna)}) FROM ${sql.identifier(s.tabela)}), 0) + 1, false)`);
}

/** The backup's header: its format's version, and the same migrations as this database (nothing restored otherwise). */
function conferirCabecalho(meta: { versao: number; migracoes: string[] }, migracoesAqui: string[]) {
  if (meta.versao !== VERSAO) throw new ErroDeBackup(`Versão de backup não suportada: ${meta.versao}.`);
  // restaurar() brought the schema to the backup's release; anything else here is a file changed meanwhile.
  if (meta.migracoes.length !== migracoesAqui.length || meta.migracoes.some((m) => !migracoesAqui.includes(m)))
    throw new ErroDeBackup('O backup não corresponde à versão do banco de destino: nada foi alterado.');
}

async function restaurarSozinho(db: Db, arquivo: string, o: OpcoesRestauracao): Promise<ResumoBackup> {
  const migracoesAqui = await migracoesAplicadas(db);
  const tabelas = await tabelasEmOrdem(db);
  await recusarDestinoOcupado(db, o);

  const resumo: ResumoBackup = { tabelas: {}, fotos: 0 };
  /** Rows read per table (those of tables not copied included), to check against the end mark. */
  const lidas: Record<string, number> = {};
  let tabela: string | null = null;
  try {
    await db.transaction(async (tx) => {
      for (const t of tabelas) await tx.execute(sql`ALTER TABLE ${sql.identifier(t)} DISABLE TRIGGER USER`);
      await tx.execute(sql.raw(`TRUNCATE ${tabelas.map((t) => `"${t.replace(/"/g, '""')}"`).join(', ')} RESTART IDENTITY CASCADE`));
      const colunas = new Map<string, string[]>();
      let lote: string[] = [];
      const gravar = async () => {
        if (!tabela || !lote.length) return;
        const cols = colunas.get(tabela)!;
        const lista = sql.join(
          cols.map((c) => sql.identifier(c)),
          sql`, `,
        );
        await tx.execute(
          sql`INSERT INTO ${sql.identifier(tabela)} (${lista}) OVERRIDING SYSTEM VALUE
              SELECT ${lista} FROM jsonb_populate_recordset(NULL::${sql.identifier(tabela)}, ${`[${lote.join(',')}]`}::jsonb)`,
        );
        resumo.tabelas[tabela] = (resumo.tabelas[tabela] ?? 0) + lote.length;
        lote = [];
      };
      let cabecalho = true;
      for await (const v of lerBackup(arquivo)) {
        if (cabecalho) {
          cabecalho = false;
          conferirCabecalho((v as [string, { versao: number; migracoes: string[] }])[1], migracoesAqui);
          continue;
        }
        if (!Array.isArray(v)) {
          if (!tabela) throw new ErroDeBackup('Arquivo de backup inválido: linha fora de uma tabela.');
          lidas[tabela]++;
          if (naoCopiar.has(tabela)) continue;
          lote.push(JSON.stringify(v));
          if (lote.length >= LOTE) await gravar();
          continue;
        }
        await gravar();
        if (v[0] === 'TABELA') {
          const nome = String(v[1]);
          if (!tabelas.includes(nome)) throw new ErroDeBackup(`O backup tem a tabela ${nome}, que esta versão do sistema não conhece.`);
          tabela = nome;
          lidas[nome] = 0;
          if (!naoCopiar.has(nome)) {
            resumo.tabelas[nome] = 0;
            colunas.set(nome, await colunasGravaveis(tx, nome));
          }
        } else if (v[0] === 'FIM') {
          tabela = null;
          const esperado = v[1] as Record<string, number>;
          for (const [t, n] of Object.entries(esperado))
            if ((lidas[t] ?? 0) !== n) throw new ErroDeBackup(`Arquivo de backup inconsistente: a tabela ${t} devia ter ${n} linhas.`);
          resumo.fotos = resumo.tabelas[FOTOS] ?? 0;
          if (v[2] !== resumo.fotos) throw new ErroDeBackup('Arquivo de backup inconsistente: número de fotos diferente do anunciado.');
        }
      }
      tabela = 'precos_resumo';
      await reconstruirDerivadas(tx);
      tabela = null;
      for (const t of tabelas) await tx.execute(sql`ALTER TABLE ${sql.identifier(t)} ENABLE TRIGGER USER`);
      await continuarSequencias(tx);
    });
  } catch (e) {
    if (e instanceof ErroDeBackup) throw e;
    throw semValores(e, tabela);
  }
  return resumo;
}
