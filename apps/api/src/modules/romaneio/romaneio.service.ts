import { eq } from 'drizzle-orm';
import {
  caminhoDoCampo,
  CHEGADA_MSG,
  chegadaJaRecebida,
  dataJaNaDivida,
  type ChegadaDados,
  type ModoCarteira,
  type PerguntasDoRomaneio,
  type Romaneio,
  type RomaneioDados,
  type RomaneioItem,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { romaneio, romaneioItens } from '../../db/schema';
import { novaVersao, repositorioPadrao } from '../../lib/crud';
import { registrarLog } from '../../lib/audit';
import { HttpError, pgErro } from '../../lib/errors';
import {
  aplicacoesDoItem,
  colecaoItens,
  colecaoNfe,
  colecaoPedras,
  idsDaDivida,
  idsDasChaves,
  ITEM_NAO_ENCONTRADO,
  itensDoProdutor,
  lerFatos,
  lerItem,
  lerRomaneio,
  liberarDivida,
  NAO_ENCONTRADO,
  reservarDivida,
  romaneiosDaDivida,
} from './romaneio.repository';
import {
  camposFixos,
  chegadaNaPortaria,
  correcaoNaPortaria,
  diasDeMercado,
  doLote,
  emitenteConfere,
  ETAPAS,
  ETAPAS_DA_CHEGADA,
  type ErroDeCampo,
  janelaDaChegada,
  PERGUNTAS_DA_CHEGADA,
  type Fatos,
  motivoDaCorrecao,
  type NaPortaria,
  type Pergunta,
  PERGUNTAS,
  perguntasEmAberto,
  primeiraRecusa,
} from './regras';

export { aplicacoesDoItem };
export type { RomaneioDados };

/** What the gate reads of the deployment: CEASA_DIAS_MERCADO's weekdays, NFE_OBRIGATORIA, CARTEIRA_PRODUTOR, and the debt lookup. */
export interface OpcoesDaPortaria {
  diasDeMercado: readonly number[];
  nfeObrigatoria: boolean;
  carteira: ModoCarteira;
  /** A debt's taxpayer (null: unknown, nothing asked about it). */
  contribuinte: (divida: number) => Promise<string | null>;
  /**
   * Told once a saved batch has committed, for each announced load one of its romaneios received (decision 0298): where
   * the 'load received' notice goes (avisarChegadaRecebida, docs/produto/portal.md 'News'). Its failure is not the save's.
   */
  aoReceberChegada?: (chegadaId: number) => Promise<unknown> | void;
}

/** What a correction's audit row shows of a romaneio: its items (product: quantity) and its stalls. */
const resumoDaCorrecao = (r: Romaneio) => ({
  itens: r.itens.map((i) => `${i.produtoNome.trim()}: ${i.quantidade}`),
  pedras: r.pedras.map((p) => `${p.pedrasNumero.trim()}${p.ocupacao ? ` (${p.ocupacao})` : ''}`),
  ...(r.chavesNfe?.length ? { chavesNfe: r.chavesNfe } : {}),
});

const recusar = (status: 400 | 409, erros: ErroDeCampo[]) => {
  if (erros.length) throw new HttpError(status, erros[0].message, erros);
};

/** The rules' first refusal (regras.ts ETAPAS, or an announced load's), as the pt-BR 4xx naming each field. */
const aplicarRegras = (lote: readonly NaPortaria[], fatos: Fatos, etapas = ETAPAS) => {
  const recusa = primeiraRecusa(lote, fatos, etapas);
  if (recusa) recusar(recusa.status, recusa.erros);
};

/**
 * The questions the save still asks (regras.ts PERGUNTAS): the 409 naming each one, with `confirmar` (their codes)
 * and `perguntas` (each with its code, message, field and figures). The same save confirming them goes through.
 */
const perguntar = (lote: readonly NaPortaria[], fatos: Fatos, de: readonly Pergunta[] = PERGUNTAS) => {
  const perguntas = perguntasEmAberto(lote, fatos, de);
  if (!perguntas.length) return;
  const corpo: PerguntasDoRomaneio = { confirmar: [...new Set(perguntas.map((p) => p.codigo))], perguntas };
  throw new HttpError(
    409,
    perguntas.map((p) => p.mensagem).join(' '),
    perguntas.map((p) => ({ field: p.field, message: p.mensagem })),
    { ...corpo },
  );
};

/**
 * An announced load (docs/produto/portal.md, decision 0298) against the gate's own rules, in the transaction of its
 * save: its day from `hoje` to `diasAntecedencia` days ahead, then regras.ts ETAPAS_DA_CHEGADA (refusals) and
 * PERGUNTAS_DA_CHEGADA (questions, confirmed by its `confirmar`), on the facts `lerFatos` reads for it as a romaneio of
 * the producer on its day, each product taken from his bulletin item `itemDaChegada` picks.
 */
export async function conferirChegada(
  t: Tx,
  c: ChegadaDados,
  pessoaId: number,
  o: Omit<OpcoesDaPortaria, 'contribuinte' | 'aoReceberChegada'> & { hoje: string; diasAntecedencia: number },
) {
  recusar(400, janelaDaChegada(c.data, o.hoje, o.diasAntecedencia));
  const naPortaria = chegadaNaPortaria(c, pessoaId, await itensDoProdutor(t, pessoaId));
  const fatos = await lerFatos(t, [naPortaria.r], {
    diasDeMercado: o.diasDeMercado,
    nfeObrigatoria: o.nfeObrigatoria,
    carteira: o.carteira,
    contribuinte: null,
  });
  aplicarRegras([naPortaria], fatos, ETAPAS_DA_CHEGADA);
  perguntar([naPortaria], fatos, PERGUNTAS_DA_CHEGADA);
}

/** A romaneio's key rows as the save writes them: each key with whether its issuer is the producer. */
const linhasNfe = (chaves: readonly string[], cpfcnpj: string | undefined, ids?: Map<string, number>) =>
  chaves.map((chave) => ({ id: ids?.get(chave), chave, emitenteConfere: emitenteConfere(chave, cpfcnpj) }));

/**
 * One romaneio per announced load (romaneio.chegada_id is unique): a receipt that lost a race the lock did not
 * serialise is the gate's 409 naming the romaneio that won, read after the loser's rollback; null for another error.
 */
export async function chegadaJaRecebidaPor(db: Db, err: unknown): Promise<HttpError | null> {
  const e = pgErro(err);
  if (e?.code !== '23505' || e.constraint !== 'romaneio_chegada_id_unique') return null;
  const chegadaId = Number(/\(chegada_id\)=\((\d+)\)/.exec(e.detail ?? '')?.[1]);
  const [outro] = chegadaId ? await db.select({ id: romaneio.id }).from(romaneio).where(eq(romaneio.chegadaId, chegadaId)) : [];
  const message = outro ? chegadaJaRecebida(outro.id) : CHEGADA_MSG.recebida;
  return new HttpError(409, message, [{ field: 'chegadaId', message }]);
}

/**
 * The romaneio's save (docs/produto/dados.md, docs/produto/telas.md and docs/produto/dados.md and docs/produto/funcionamento.md): a batch (POST romaneio's array, one romaneio per
 * issue date) is saved in one transaction with its items, stall bookings and NF-e keys, and owns its debt; a saved
 * romaneio changes only its item quantities, items, stalls and keys (a correction); deleting a batch's last
 * romaneio frees the debt. The gate's rules are regras.ts's pure functions over the facts `lerFatos` reads.
 */
export function romaneioService(db: Db, portaria: OpcoesDaPortaria) {
  // The generic repository, extended: a create saves a batch, an update a correction, a delete may free the debt.
  const generico = repositorioPadrao(db, {
    table: romaneio,
    cadastro: 'Romaneio',
    naoEncontrado: NAO_ENCONTRADO,
    colecoes: [colecaoItens, colecaoPedras, colecaoNfe],
    vinculo: 'romaneios',
    ler: lerRomaneio,
    // A day entered again under its debt on a date the batch already has: the key decides a race.
    unicos: { romaneio_divida_data_uq: { mensagem: (v) => dataJaNaDivida(String(v.dataEmissao)), campos: ['dataEmissao'] } },
  });
  const { crud } = generico;
  const itemCrud = repositorioPadrao(db, { table: romaneioItens, cadastro: 'RomaneioItens', naoEncontrado: ITEM_NAO_ENCONTRADO }).crud;
  const { contribuinte, aoReceberChegada, ...opcoes } = portaria;
  // The debt's taxpayer is looked up before the transaction (it may be the tax system over HTTP).
  const fatosDe = (t: Tx, lote: readonly RomaneioDados[], nome: string | null, exceto?: number) =>
    lerFatos(t, lote, { ...opcoes, contribuinte: nome === null ? null : { divida: lote[0].divida, nome }, exceto });

  /**
   * POST romaneio: the batch in ONE transaction: the gate's rules (refusals, then questions), its debt's row (romaneio_divida's primary key
   * refuses a debt another batch holds, also a batch saving at the same moment), then each romaneio with its
   * items, its stall bookings on its own date and its keys. Any refusal stores nothing.
   */
  function criar(usuario: string, corpo: RomaneioDados[]): Promise<Romaneio[]> {
    // A romaneio of a new batch without keys has none (a correction without them keeps its own).
    const lote = corpo.map((r) => ({ ...r, chavesNfe: r.chavesNfe ?? [] }));
    return contribuinte(lote[0].divida)
      .then((nome) => gravarLote(usuario, lote, nome))
      .then((salvos) => {
        // Committed: each announced load received is told (a failure of the notice is the notice's own, never the save's).
        for (const { chegadaId } of salvos)
          if (chegadaId && aoReceberChegada)
            void Promise.resolve(chegadaId)
              .then(aoReceberChegada)
              .catch(() => undefined);
        return salvos;
      })
      .catch(async (err: unknown) => {
        // Should two saves still wait on each other (the database picks one to give up), nothing was stored.
        if (pgErro(err)?.code === '40P01') throw new HttpError(409, 'Outro romaneio foi salvo ao mesmo tempo com as mesmas pedras. Tente novamente.');
        throw (await chegadaJaRecebidaPor(db, err)) ?? err;
      });
  }

  function gravarLote(usuario: string, lote: RomaneioDados[], contribuinte: string | null): Promise<Romaneio[]> {
    return db.transaction(async (t) => {
      const naPortaria = lote.map(doLote);
      const fatos = await fatosDe(t, lote, contribuinte);
      aplicarRegras(naPortaria, fatos);
      const divida = lote[0].divida;
      await reservarDivida(t, usuario, divida, lote);
      // Every refusal first (the debt's too); the questions, when asked, roll the debt's row back with the rest.
      perguntar(naPortaria, fatos);
      // Dates in order (each romaneio's stalls are written in stall order: see colecaoPedras).
      const ids = new Array<number>(lote.length);
      const ordem = lote.map((r, k) => ({ r, k })).sort((a, b) => a.r.dataEmissao.localeCompare(b.r.dataEmissao));
      for (const { r, k } of ordem) {
        const salvo = await crud.salvarNa(t, usuario, {
          preparar: () => ({
            dataEmissao: r.dataEmissao,
            divida,
            pessoaId: r.pessoaId,
            chegadaId: r.chegadaId ?? null,
            itens: r.itens.map((i) => ({ produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId })),
            pedras: r.pedras.map((p) => ({ pedraId: p.pedrasId, data: r.dataEmissao, ocupacao: p.ocupacao, numero: fatos.numeros.get(p.pedrasId) })),
            chavesNfe: linhasNfe(r.chavesNfe ?? [], fatos.pessoas.get(r.pessoaId)?.cpfcnpj),
          }),
          caminho: caminhoDoCampo([k]) + '.',
        });
        ids[k] = salvo.id;
      }
      // Read back together (the debt is this batch's alone), each where the body had it.
      const porId = new Map((await romaneiosDaDivida(t, divida)).map((r) => [r.id, r]));
      return ids.map((id) => porId.get(id)!);
    });
  }

  /**
   * PUT romaneio: a correction of a saved romaneio. Its date, producer and debt stay; its items may
   * change quantity, be removed, or be added under the gate's rules (every one of POST's: the producer not
   * suspended, his card, the bulletin item, harvest window, carência; then its questions); its stalls may change to
   * others free on its date, its NF-e keys to others. A change of items, stalls or keys needs a `motivo`; the audit
   * log keeps it with the romaneio before and after. A stale `versao` is the 409.
   */
  async function alterar(usuario: string, id: number, input: RomaneioDados): Promise<Romaneio> {
    const nome = await contribuinte(input.divida);
    return db.transaction(async (t) => {
      // The date a market day, before anything else (as the gate form checks it).
      const fatos = await fatosDe(t, [input], nome, id);
      aplicarRegras([correcaoNaPortaria(input)], fatos, [{ status: 400, regras: [diasDeMercado] }]);
      let antes: Romaneio | undefined;
      const depois = await crud.salvarNa(t, usuario, {
        id,
        preparar: async (t) => {
          const atual = (antes = await lerRomaneio(t, id));
          recusar(400, camposFixos(input, atual));
          recusar(400, motivoDaCorrecao(input, atual));
          // The gate's rules, then its questions, on the romaneio as corrected (regras.ts: its stalls and keys are free
          // to it, its kept items' withdrawal period is checked again, it asks only of what it adds).
          const naPortaria = correcaoNaPortaria(input, atual);
          aplicarRegras([naPortaria], fatos, ETAPAS.slice(1));
          perguntar([naPortaria], fatos);
          // A stall kept keeps its booking row; one no longer sent is freed, a new one booked on the romaneio's date.
          const reserva = new Map(atual.pedras.map((p) => [p.pedrasId, p.id]));
          const cpfcnpj = fatos.pessoas.get(atual.pessoaId)?.cpfcnpj;
          return {
            itens: input.itens.map((i) =>
              i.id ? { id: i.id, quantidade: i.quantidade } : { produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId },
            ),
            pedras: input.pedras.map((p) => ({
              id: reserva.get(p.pedrasId),
              pedraId: p.pedrasId,
              data: atual.dataEmissao,
              ocupacao: p.ocupacao,
              numero: fatos.numeros.get(p.pedrasId),
            })),
            // Absent: the saved keys stay. A key kept keeps its row (and what was confirmed of it).
            ...(input.chavesNfe ? { chavesNfe: linhasNfe(input.chavesNfe, cpfcnpj, await idsDasChaves(t, id)) } : {}),
          };
        },
        ler: lerRomaneio,
        versao: input.versao,
        auditarPai: false,
      });
      // The correction as one audit row (the save writes none of its own): its reason, the romaneio after and before.
      if (antes && JSON.stringify(resumoDaCorrecao(antes)) !== JSON.stringify(resumoDaCorrecao(depois)))
        await registrarLog(t, usuario, 'Romaneio', id, 'UPDATE', { motivo: input.motivo, ...resumoDaCorrecao(depois) }, resumoDaCorrecao(antes));
      return depois;
    });
  }

  /** PUT romaneioitens/updateQtde: one item's quantity at once, with its audit row; given the romaneio's `versao`, a stale one is the 409. */
  function alterarQuantidade(usuario: string, id: number, quantidade: number, versao?: number | null): Promise<RomaneioItem> {
    return db.transaction(async (t) => {
      const item = await itemCrud.alterarNa(t, usuario, id, { quantidade: quantidade.toFixed(2) });
      // The romaneio's versao covers its items (decision 0085): raised, only from the one the page loaded.
      await novaVersao(t, romaneio, item.romaneioId, versao);
      return (await lerItem(t, id))!;
    });
  }

  /**
   * DELETE romaneio/{id}: the romaneio, its items and bookings (one audit row each); when it was the
   * last romaneio of its debt, the debt's batch row goes too, so the debt may be used again
   * (docs/decisions: deleting a batch frees its debt).
   */
  function remover(usuario: string, id: number) {
    return db.transaction(async (t) => {
      const r = await crud.removerNa(t, usuario, id);
      if (!(await idsDaDivida(t, r.divida)).length) await liberarDivida(t, usuario, r.divida);
    });
  }

  return {
    ler: generico.ler,
    criar,
    alterar,
    alterarQuantidade,
    remover,
    /** GET romaneio/dividas/{divida}: every romaneio of the debt's batch, by date then id (none: an empty list). */
    daDivida: (divida: number) => romaneiosDaDivida(db, divida),
  };
}
