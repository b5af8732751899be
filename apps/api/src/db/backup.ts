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
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from './client';

const FORMATO = 'CEASA-BACKUP';
const VERSAO = 1;
/** Rows read per query (by physical position, inside one snapshot) and written per INSERT. */
const LOTE = 2000;
/** The table that holds the person photos. */
const FOTOS = 'foto_pessoa';
/** Longest line a restore reads (a photo row is at most twice UPLOAD_MAX_BYTES): longer is refused unread. */
export const LINHA_MAXIMA = 64 * 1024 * 1024;

/**
 * What a backup never holds: live secrets (signing and cookie keys, sessions, refresh tokens, reset links, the
 * e-mails that carried them, the provider's codes, grants and interactions) and counters of the moment (sign-in
 * and register attempts). A restore empties them: the next start makes new keys.
 */
export const FORA_DO_BACKUP = [
  'chaves',
  'sessoes',
  'refresh_tokens',
  'reset_tokens',
  'outbox',
  'oidc_modelo',
  'registros_por_endereco',
  'tentativas_de_entrada',
  // The holders' pending requests (confirmation token hashes) and their per-address and per-mailbox counters.
  'titular_confirmacoes',
  'titular_pedidos',
];
/** Tables the database derives from others (migrations 0003-0008): rebuilt by a restore, never read from a file. */
export const DERIVADAS = ['precos_resumo', 'precos_resumo_total', 'precos_produto_total'];
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
 * repeatable-read snapshot, so a running server may keep writing meanwhile.
 */
export async function fazerBackup(database: Database, arquivo: string): Promise<ResumoBackup> {
  if (existsSync(arquivo)) throw new ErroDeBackup(`O arquivo ${arquivo} já existe: escolha outro nome ou remova-o.`);
  const resumo: ResumoBackup = { tabelas: {}, fotos: 0 };
  await database.db.transaction(
    async (tx) => {
      const migracoes = await migracoesAplicadas(tx);
      const tabelas = (await tabelasEmOrdem(tx)).filter((t) => !naoCopiar.has(t));
      await escreverLinhas(arquivo, async function* () {
        yield JSON.stringify([FORMATO, { versao: VERSAO, criadoEm: new Date().toISOString(), banco: database.kind, migracoes }]);
        for (const tabela of tabelas) {
          yield JSON.stringify(['TABELA', tabela]);
          let n = 0;
          let depois = '(0,0)';
          for (;;) {
            const lote = await linhas<{ pos: string; linha: string }>(
              tx,
              sql`SELECT ctid::text AS pos, to_jsonb(t)::text AS linha FROM ${sql.identifier(tabela)} t
                  WHERE ctid > ${depois}::tid ORDER BY ctid LIMIT ${LOTE}`,
            );
            for (const l of lote) yield l.linha;
            n += lote.length;
            if (lote.length < LOTE) break;
            depois = lote[lote.length - 1].pos;
          }
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
 * refused when the backup was made by another version of the schema (other migrations): restore it with the version
 * that made it, then upgrade (the migrations then carry its data forward).
 * Every table is emptied, secrets included (FORA_DO_BACKUP): the next start makes new keys. The triggers that
 * keep derived tables are off while the rows go in; the derived tables are then rebuilt from their sources
 * (rows a file holds for them are not trusted). Foreign keys and unique constraints stay on, so a restore never
 * stores what the database would refuse. Sequences continue after the restored ids. A failure is one pt-BR
 * line that never shows the values.
 */
export async function restaurar(database: Database, arquivo: string, o: OpcoesRestauracao = {}): Promise<ResumoBackup> {
  const trava = await database.soParaMim?.();
  if (trava && !trava.ok) {
    const varios = trava.servidores.length > 1;
    throw new ErroDeBackup(
      `O banco está em uso por ${varios ? 'servidores' : 'um servidor'} do CEASA Regional (${trava.servidores.join('; ') || 'processo'}): ${varios ? 'pare-os' : 'pare-o'} antes de restaurar.`,
    );
  }
  try {
    return await restaurarSozinho(database.db, arquivo, o);
  } finally {
    await trava?.soltar();
  }
}

async function restaurarSozinho(db: Db, arquivo: string, o: OpcoesRestauracao): Promise<ResumoBackup> {
  const migracoesAqui = await migracoesAplicadas(db);
  const tabelas = await tabelasEmOrdem(db);
  if (!o.substituir) {
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
          const meta = (v as [string, { versao: number; migracoes: string[] }])[1];
          if (meta.versao !== VERSAO) throw new ErroDeBackup(`Versão de backup não suportada: ${meta.versao}.`);
          const faltam = meta.migracoes.filter((m) => !migracoesAqui.includes(m));
          if (faltam.length)
            throw new ErroDeBackup(
              `O backup foi feito por uma versão mais nova do sistema (${faltam.length} migração(ões) que esta instalação não tem): atualize o sistema antes de restaurar.`,
            );
          const aMais = migracoesAqui.filter((m) => !meta.migracoes.includes(m));
          if (aMais.length)
            throw new ErroDeBackup(
              `O backup foi feito por uma versão anterior do sistema (${aMais.length} migração(ões) a menos): restaure-o com a versão em que foi feito e atualize o sistema depois.`,
            );
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
      // Every serial or identity column continues after the largest restored value.
      const seqs = await linhas<{ tabela: string; coluna: string; seq: string }>(
        tx,
        sql`SELECT c.relname AS tabela, a.attname AS coluna, pg_get_serial_sequence(format('%I', c.relname), a.attname) AS seq
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
            WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
              AND pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL`,
      );
      for (const s of seqs)
        await tx.execute(sql`SELECT setval(${s.seq}, COALESCE((SELECT max(${sql.identifier(s.coluna)}) FROM ${sql.identifier(s.tabela)}), 0) + 1, false)`);
    });
  } catch (e) {
    if (e instanceof ErroDeBackup) throw e;
    throw semValores(e, tabela);
  }
  return resumo;
}
