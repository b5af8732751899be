import { FUSO_DO_MERCADO } from '@ceasa/shared/tempo';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  CARTEIRA_DIAS_AVISO,
  erroDoDocumento,
  nomeFoto,
  normalizarDocumento,
  PESSOA_TIPO,
  type Pessoa,
  type PessoaComDocumento,
  type PessoaCotacao,
  type PessoaDados,
  type PessoaDoProdutor,
  type PessoaOpcao,
  type PessoaTipo,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { boletim, boletimItens, pessoa, pessoaTipo } from '../../db/schema';
import { checarReferencias, repositorioPadrao, vinculos } from '../../lib/crud';
import { badRequest, naoEncontrado } from '../../lib/errors';
import { chaveDeOrdem, colunas, listRow, listRowOrThrow, opcoesPorNome, type ListSpec } from '../../lib/list';
import { nomeFotoValido, type FotoStorage } from '../../db/fotos';

export const pessoaList: ListSpec<Pessoa> = {
  select: sql`p.id, p.versao, p.nome, p.cpfcnpj, p.celular, p.tipo_id AS "tipoId", t.descricao AS "tipoDescricao", p.observacao, p.foto,
    p.carteira_valida_ate::text AS "carteiraValidaAte", documento_valido(p.cpfcnpj) AS "documentoValido"`,
  from: sql`pessoa p JOIN pessoa_tipo t ON t.id = p.tipo_id`,
  fields: {
    ...colunas('p', { id: 'contains', nome: 'text', celular: 'contains', tipoId: 'id', observacao: 'text' }),
    // Letters and digits in upper case, so '123.456' and '123456', '12.abc' and '12ABC' find the same people.
    cpfcnpj: { expr: sql`upper(regexp_replace(p.cpfcnpj, '[^0-9A-Za-z]', '', 'g'))`, filter: 'contains' },
    tipoDescricao: { expr: sql`t.descricao`, filter: 'text' },
    // The 'Pendência' filter (pessoaFiltro): wrong check digits (migration's documento_valido, the rule of
    // documento.ts) and cards that end within CARTEIRA_DIAS_AVISO days or already ended (decisions 0180, 0182).
    documentoInvalido: { expr: sql`NOT documento_valido(p.cpfcnpj)`, filter: 'bool' },
    carteiraVencendo: {
      expr: sql`coalesce(p.carteira_valida_ate <= (now() AT TIME ZONE ${FUSO_DO_MERCADO})::date + ${sql.raw(String(CARTEIRA_DIAS_AVISO))}, false)`,
      filter: 'bool',
    },
  },
  aliases: { tipo: 'tipoDescricao', 'pessoaTipo.descricao': 'tipoDescricao', 'pessoaTipo.id': 'tipoId' },
  defaultSort: { field: 'id', dir: 'asc' },
  map: (r) => ({ ...(r as Omit<Pessoa, 'pessoaTipo'>), pessoaTipo: { id: r.tipoId as number, descricao: r.tipoDescricao as string } }),
};

const NAO_ENCONTRADA = 'Pessoa não encontrada';

type RemocaoPessoa = { foto: 'removida' | 'sem-foto' | 'falhou' };

/**
 * The person type must exist; a new or changed CPF/CNPJ must have right check digits (an unchanged one is not
 * checked again: an old record with wrong ones can still be saved, decision 0180); then the columns (the photo and
 * the card's date kept when the form leaves them alone).
 */
async function valores(t: Tx, input: PessoaDados, atual: typeof pessoa.$inferSelect | undefined) {
  await checarReferencias(t, [{ coluna: pessoaTipo.id, valor: input.tipoId, campo: 'tipoId', mensagem: 'A tipo pessoa deve estar na lista' }]);
  const erro = !atual || normalizarDocumento(atual.cpfcnpj) !== input.cpfcnpj ? erroDoDocumento(input.cpfcnpj) : null;
  if (erro) throw badRequest(erro, [{ field: 'cpfcnpj', message: erro }]);
  const fotoAtual = atual?.foto ?? null;
  return {
    nome: input.nome,
    cpfcnpj: input.cpfcnpj,
    celular: input.celular,
    tipoId: input.tipoId,
    observacao: input.observacao,
    foto: input.foto === undefined ? (fotoAtual ? nomeFoto(input.cpfcnpj) : null) : input.foto ? nomeFoto(input.cpfcnpj) : null,
    carteiraValidaAte: input.carteiraValidaAte === undefined ? (atual?.carteiraValidaAte ?? null) : input.carteiraValidaAte,
  };
}

type Log = { warn(o: object, msg: string): void } | undefined;

/** After a CPF/CNPJ change the photo follows the new name (best effort: the record is already saved). */
async function renomearFoto(fotos: FotoStorage, log: Log, de: string, para: string) {
  try {
    if (!(await fotos.exists(de)) || (await fotos.exists(para))) return;
    const buf = await fotos.read(de);
    if (!buf) return;
    await fotos.save(para, buf);
    await fotos.remover(de);
  } catch (err) {
    log?.warn({ err, de, para }, 'não foi possível renomear a foto da pessoa');
  }
}

/** Deletes a removed person's photo; a photo that cannot be removed does not undo the delete. */
async function removerFotos(fotos: FotoStorage, log: Log, row: { cpfcnpj: string; foto: string | null }, id: number): Promise<RemocaoPessoa> {
  const nomes = [...new Set([nomeFoto(row.cpfcnpj), row.foto].filter(nomeFotoValido))];
  try {
    let removida = false;
    for (const n of nomes) removida = (await fotos.remover(n)) || removida;
    return { foto: removida ? 'removida' : 'sem-foto' };
  } catch (err) {
    log?.warn({ err, pessoa: id }, 'pessoa removida, mas a foto não');
    return { foto: 'falhou' };
  }
}

/** People of these types (all without), id and name, by name. */
const opcoesDosTipos = (db: Db, tipos?: number[]) => opcoesPorNome(db, pessoa, tipos ? inArray(pessoa.tipoId, tipos) : undefined);

/** The pickers' lists of people (by type, producers, shop owners, quotations) and a producer's data for a new form. */
function opcoesDePessoas(db: Db) {
  return {
    /** The person types in their fixed order (1 producer, 2 technician...), not alphabetical: a short, seeded list. */
    opcoesDeTipo: (): Promise<PessoaTipo[]> => db.select({ id: pessoaTipo.id, descricao: pessoaTipo.descricao }).from(pessoaTipo).orderBy(asc(pessoaTipo.id)),

    /**
     * The people of a type, by name; `ativosDesde` (producers only, decision 0126): only those with a bulletin item
     * whose harvest ends on or after that day, found from the items' harvest-end index (a year's items, however
     * many years the tables hold).
     */
    opcoesDoTipo: (tipoId: number, ativosDesde?: string): Promise<PessoaComDocumento[]> =>
      db
        .select({ id: pessoa.id, nome: pessoa.nome, cpfcnpj: pessoa.cpfcnpj, carteiraValidaAte: pessoa.carteiraValidaAte })
        .from(pessoa)
        .where(
          and(
            eq(pessoa.tipoId, tipoId),
            ativosDesde
              ? inArray(
                  pessoa.id,
                  db
                    .selectDistinct({ id: boletim.produtorId })
                    .from(boletimItens)
                    .innerJoin(boletim, eq(boletim.id, boletimItens.boletimId))
                    .where(gte(boletimItens.fimColheita, ativosDesde)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(chaveDeOrdem(pessoa.nome)), asc(pessoa.id)),

    opcoesDeProdutores: (): Promise<PessoaOpcao[]> => opcoesDosTipos(db, [PESSOA_TIPO.PRODUTOR]),
    opcoesDeLojistas: (): Promise<PessoaOpcao[]> => opcoesDosTipos(db, [PESSOA_TIPO.LOJISTA]),
    opcoes: (): Promise<PessoaOpcao[]> => opcoesDosTipos(db),

    /** Who may have a quotation: shop owners and producers. */
    opcoesDeCotacao: (): Promise<PessoaCotacao[]> =>
      db
        .select({ id: pessoa.id, nome: pessoa.nome, tipoDescricao: pessoaTipo.descricao })
        .from(pessoa)
        .innerJoin(pessoaTipo, eq(pessoaTipo.id, pessoa.tipoId))
        .where(inArray(pessoa.tipoId, [PESSOA_TIPO.PRODUTOR, PESSOA_TIPO.LOJISTA]))
        .orderBy(asc(chaveDeOrdem(pessoa.nome)), asc(pessoa.id)),

    /** A producer's data to start a new person form with (no id). */
    async produtor(id: number): Promise<PessoaDoProdutor> {
      const p = await listRow(db, pessoaList, id);
      if (!p || p.tipoId !== PESSOA_TIPO.PRODUTOR) throw naoEncontrado('Produtor não encontrado');
      const { id: _id, ...dados } = p;
      return dados;
    },
  };
}

/** People: CRUD with audit, the dropdown lookups, and the photo kept in step with the record. */
export function pessoaRepository(db: Db, fotos: FotoStorage, log?: { warn(o: object, msg: string): void }) {
  const dto = (t: Tx, id: number): Promise<Pessoa> => listRowOrThrow(t, pessoaList, id, NAO_ENCONTRADA);
  const generico = repositorioPadrao(db, {
    table: pessoa,
    cadastro: 'Pessoa',
    naoEncontrado: NAO_ENCONTRADA,
    emUso: (tabela) => `A pessoa não pode ser removida porque está vinculada a ${vinculos(tabela)}.`,
    // Compared by digits (migration 0011): the photo is named by them, so two people never share one.
    unicos: { pessoa_cpfcnpj_uq: { mensagem: 'Já existe uma pessoa com este CPF/CNPJ.', campos: ['cpfcnpj'] } },
    ler: dto,
    valores: (t, input: PessoaDados, atual) => valores(t, input, atual),
  });

  return {
    ler: generico.ler,
    inserir: generico.inserir,

    /** The generic save, keeping the row it replaced: after a CPF/CNPJ change the photo follows the new name. */
    async alterar(usuario: string, id: number, input: PessoaDados): Promise<Pessoa> {
      let antes: typeof pessoa.$inferSelect | undefined;
      const p = await generico.crud.salvar(usuario, {
        id,
        preparar: (t, atual) => {
          antes = atual;
          return valores(t, input, atual);
        },
        ler: dto,
        versao: input.versao,
      });
      const de = nomeFoto(antes!.cpfcnpj);
      const para = nomeFoto(p.cpfcnpj);
      // The photo is this person's alone: the database holds one person per CPF/CNPJ (migration 0011).
      if (de && para && de !== para) await renomearFoto(fotos, log, de, para);
      return p;
    },

    /** Deletes the person, then the photo; a photo that cannot be removed does not undo the delete. */
    async remover(usuario: string, id: number): Promise<RemocaoPessoa> {
      const row = await generico.crud.remover(usuario, id);
      return removerFotos(fotos, log, row, id);
    },

    ...opcoesDePessoas(db),
  };
}

/** Whether some person has this CPF/CNPJ (compared by its letters and digits in upper case, as typed with or without the mask). */
export async function existePessoaComDocumento(db: Db, documento: string): Promise<boolean> {
  const r = await db
    .select({ id: pessoa.id })
    .from(pessoa)
    .where(sql`upper(regexp_replace(${pessoa.cpfcnpj}, '[^0-9A-Za-z]', '', 'g')) = ${normalizarDocumento(documento)}`)
    .limit(1);
  return r.length > 0;
}
