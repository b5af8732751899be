import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  nomeFoto,
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
import { naoEncontrado } from '../../lib/errors';
import { chaveDeOrdem, listRow, listRowOrThrow, type ListSpec } from '../../lib/list';
import { nomeFotoValido, type FotoStorage } from '../../db/fotos';

export const pessoaList: ListSpec<Pessoa> = {
  select: sql`p.id, p.versao, p.nome, p.cpfcnpj, p.celular, p.tipo_id AS "tipoId", t.descricao AS "tipoDescricao", p.observacao, p.foto`,
  from: sql`pessoa p JOIN pessoa_tipo t ON t.id = p.tipo_id`,
  fields: {
    id: { expr: sql`p.id`, filter: 'contains' },
    nome: { expr: sql`p.nome`, filter: 'text' },
    // Digits only, so '123.456' and '123456' find the same people.
    cpfcnpj: { expr: sql`regexp_replace(p.cpfcnpj, '[^0-9]', '', 'g')`, filter: 'contains' },
    celular: { expr: sql`p.celular`, filter: 'contains' },
    tipoId: { expr: sql`p.tipo_id`, filter: 'id' },
    tipoDescricao: { expr: sql`t.descricao`, filter: 'text' },
    observacao: { expr: sql`p.observacao`, filter: 'text' },
  },
  aliases: { tipo: 'tipoDescricao', 'pessoaTipo.descricao': 'tipoDescricao', 'pessoaTipo.id': 'tipoId' },
  defaultSort: { field: 'id', dir: 'asc' },
  map: (r) => ({ ...(r as Omit<Pessoa, 'pessoaTipo'>), pessoaTipo: { id: r.tipoId as number, descricao: r.tipoDescricao as string } }),
};

const NAO_ENCONTRADA = 'Pessoa não encontrada';

type RemocaoPessoa = { foto: 'removida' | 'sem-foto' | 'falhou' };

/** People: CRUD with audit, the dropdown lookups, and the photo kept in step with the record. */
export function pessoaRepository(db: Db, fotos: FotoStorage, log?: { warn(o: object, msg: string): void }) {
  /** The person type must exist; then the columns (the photo kept when the form leaves it alone). */
  async function valores(t: Tx, input: PessoaDados, fotoAtual: string | null) {
    await checarReferencias(t, [{ coluna: pessoaTipo.id, valor: input.tipoId, campo: 'tipoId', mensagem: 'A tipo pessoa deve estar na lista' }]);
    return {
      nome: input.nome,
      cpfcnpj: input.cpfcnpj,
      celular: input.celular,
      tipoId: input.tipoId,
      observacao: input.observacao,
      foto: input.foto === undefined ? (fotoAtual ? nomeFoto(input.cpfcnpj) : null) : input.foto ? nomeFoto(input.cpfcnpj) : null,
    };
  }

  /** After a CPF/CNPJ change the photo follows the new name (best effort: the record is already saved). */
  async function renomearFoto(de: string, para: string) {
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

  /** People of these types (all without), id and name, by name. */
  const opcoesDosTipos = (tipos?: number[]) =>
    db
      .select({ id: pessoa.id, nome: pessoa.nome })
      .from(pessoa)
      .where(tipos ? inArray(pessoa.tipoId, tipos) : undefined)
      .orderBy(asc(chaveDeOrdem(pessoa.nome)), asc(pessoa.id));

  const dto = (t: Tx, id: number): Promise<Pessoa> => listRowOrThrow(t, pessoaList, id, NAO_ENCONTRADA);
  const generico = repositorioPadrao(db, {
    table: pessoa,
    cadastro: 'Pessoa',
    naoEncontrado: NAO_ENCONTRADA,
    emUso: (tabela) => `A pessoa não pode ser removida porque está vinculada a ${vinculos(tabela)}.`,
    // Compared by digits (migration 0011): the photo is named by them, so two people never share one.
    unicos: { pessoa_cpfcnpj_uq: { mensagem: 'Já existe uma pessoa com este CPF/CNPJ.', campos: ['cpfcnpj'] } },
    ler: dto,
    valores: (t, input: PessoaDados, atual) => valores(t, input, atual?.foto ?? null),
  });

  return {
    ler: generico.ler,
    inserir: generico.inserir,

    /** The generic save, keeping the row it replaced: after a CPF/CNPJ change the photo follows the new name. */
    async alterar(usuario: string, id: number, input: PessoaDados): Promise<Pessoa> {
      let antes: typeof pessoa.$inferSelect | undefined;
      const p = await generico.crud.salvar(
        db,
        usuario,
        id,
        (t, atual) => {
          antes = atual;
          return valores(t, input, atual!.foto);
        },
        dto,
        input.versao,
      );
      const de = nomeFoto(antes!.cpfcnpj);
      const para = nomeFoto(p.cpfcnpj);
      // The photo is this person's alone: the database holds one person per CPF/CNPJ (migration 0011).
      if (de && para && de !== para) await renomearFoto(de, para);
      return p;
    },

    /** Deletes the person, then the photo; a photo that cannot be removed does not undo the delete. */
    async remover(usuario: string, id: number): Promise<RemocaoPessoa> {
      const row = await generico.crud.remover(db, usuario, id);
      const nomes = [...new Set([nomeFoto(row.cpfcnpj), row.foto].filter(nomeFotoValido))];
      try {
        let removida = false;
        for (const n of nomes) removida = (await fotos.remover(n)) || removida;
        return { foto: removida ? 'removida' : 'sem-foto' };
      } catch (err) {
        log?.warn({ err, pessoa: id }, 'pessoa removida, mas a foto não');
        return { foto: 'falhou' };
      }
    },

    /** The person types in their fixed order (1 producer, 2 technician...), not alphabetical: a short, seeded list. */
    opcoesDeTipo: (): Promise<PessoaTipo[]> => db.select({ id: pessoaTipo.id, descricao: pessoaTipo.descricao }).from(pessoaTipo).orderBy(asc(pessoaTipo.id)),

    /**
     * The people of a type, by name; `ativosDesde` (producers only, decision 0126): only those with a bulletin item
     * whose harvest ends on or after that day, found from the items' harvest-end index (a year's items, however
     * many years the tables hold).
     */
    opcoesDoTipo: (tipoId: number, ativosDesde?: string): Promise<PessoaComDocumento[]> =>
      db
        .select({ id: pessoa.id, nome: pessoa.nome, cpfcnpj: pessoa.cpfcnpj })
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

    opcoesDeProdutores: (): Promise<PessoaOpcao[]> => opcoesDosTipos([PESSOA_TIPO.PRODUTOR]),
    opcoesDeLojistas: (): Promise<PessoaOpcao[]> => opcoesDosTipos([PESSOA_TIPO.LOJISTA]),
    opcoes: (): Promise<PessoaOpcao[]> => opcoesDosTipos(),

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

/** Whether some person has this CPF/CNPJ (compared by digits, as typed with or without the mask). */
export async function existePessoaComDocumento(db: Db, digitos: string): Promise<boolean> {
  const r = await db
    .select({ id: pessoa.id })
    .from(pessoa)
    .where(sql`regexp_replace(${pessoa.cpfcnpj}, '[^0-9]', '', 'g') = ${digitos}`)
    .limit(1);
  return r.length > 0;
}
