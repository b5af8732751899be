import type { z } from 'zod';
import {
  caminhoDoCampo,
  carenciaNaoCumprida,
  colheitaContem,
  FORA_DA_COLHEITA,
  formatDate,
  NAO_PRODUTOR,
  PESSOA_TIPO,
  type Romaneio,
  type RomaneioItem,
  type romaneioInput,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { romaneio, romaneioItens } from '../../db/schema';
import { auditedCrud, novaVersao, repositorioPadrao } from '../../lib/crud';
import { HttpError, pgErro } from '../../lib/errors';
import {
  aplicacoesDoItem,
  colecaoItens,
  colecaoPedras,
  idsDaDivida,
  ITEM_NAO_ENCONTRADO,
  itensDeBoletim,
  lerItem,
  lerRomaneio,
  liberarDivida,
  NAO_ENCONTRADO,
  numerosDasPedras,
  pedrasOcupadas,
  reservarDivida,
  romaneiosDaDivida,
  tiposDasPessoas,
} from './romaneio.repository';

export { aplicacoesDoItem };

export type RomaneioDados = z.output<typeof romaneioInput>;
type ErroDeCampo = { field: string; message: string };

const SO_QUANTIDADES = 'No romaneio salvo só as quantidades dos itens podem ser alteradas.';

export const pedraOcupada = (numero: string, data: string) => `A pedra ${numero.trim()} já está ocupada em ${formatDate(data)}`;

const recusar = (status: 400 | 409, erros: ErroDeCampo[]) => {
  if (erros.length) throw new HttpError(status, erros[0].message, erros);
};

/**
 * The romaneio's rules (CONTRACT.md, SPEC.md sections 2, 4 and 9): a batch (POST romaneio's array, one
 * romaneio per issue date) is saved in one transaction with its items and stall bookings, and owns its
 * debt; a saved romaneio changes only its item quantities; deleting a batch's last romaneio frees the debt.
 */
export function romaneioService(db: Db) {
  // The generic repository, extended: a create saves a batch, an update only quantities, a delete may free the debt.
  const generico = repositorioPadrao(db, {
    table: romaneio,
    cadastro: 'Romaneio',
    naoEncontrado: NAO_ENCONTRADO,
    colecoes: [colecaoItens, colecaoPedras],
    vinculo: 'romaneios',
    ler: lerRomaneio,
  });
  const { crud } = generico;
  const itemCrud = auditedCrud(romaneioItens, 'RomaneioItens', ITEM_NAO_ENCONTRADO);

  /** Producers, bulletin items and stalls of the batch; 400 naming each field, 409 for a stall already booked. */
  async function validar(t: Tx, lote: RomaneioDados[]) {
    const erros: ErroDeCampo[] = [];
    const campo = (...partes: (string | number)[]) => caminhoDoCampo(partes);

    // All dates distinct, one debt.
    const vistas = new Map<string, number>();
    lote.forEach((r, k) => {
      if (vistas.has(r.dataEmissao))
        erros.push({ field: campo(k, 'dataEmissao'), message: `A data ${formatDate(r.dataEmissao)} aparece mais de uma vez no lote` });
      vistas.set(r.dataEmissao, k);
      if (r.divida !== lote[0].divida) erros.push({ field: campo(k, 'divida'), message: 'Todos os romaneios do lote devem ter a mesma dívida' });
    });
    recusar(400, erros);

    // The producer: a person of type producer.
    const tipoDe = await tiposDasPessoas(
      t,
      lote.map((r) => r.pessoaId),
    );
    lote.forEach((r, k) => {
      const tipo = tipoDe.get(r.pessoaId);
      if (tipo === undefined) erros.push({ field: campo(k, 'pessoaId'), message: 'O produtor deve ser selecionado' });
      else if (tipo !== PESSOA_TIPO.PRODUTOR) erros.push({ field: campo(k, 'pessoaId'), message: NAO_PRODUTOR });
    });
    recusar(400, erros);

    // Each item: a bulletin item of this producer, of this product, harvestable on the romaneio's date.
    const ids = [...new Set(lote.flatMap((r) => r.itens.map((i) => i.boletimItensId)))];
    const itens = await itensDeBoletim(t, ids);
    const itemDe = new Map(itens.map((i) => [i.id, i]));
    lote.forEach((r, k) =>
      r.itens.forEach((i, n) => {
        const bi = itemDe.get(i.boletimItensId);
        const f = campo(k, 'itens', n, 'boletimItensId');
        if (!bi) erros.push({ field: f, message: 'O item do boletim deve estar na lista' });
        else if (bi.produtorId !== r.pessoaId) erros.push({ field: f, message: 'O item do boletim deve ser do produtor selecionado' });
        else if (bi.produtoId !== i.produtoId) erros.push({ field: campo(k, 'itens', n, 'produtoId'), message: 'O produto deve ser o do item do boletim' });
        else if (!colheitaContem(bi, r.dataEmissao)) erros.push({ field: f, message: FORA_DA_COLHEITA });
        else {
          // The withdrawal period of each chemical application of its notebook (issue 19; decision 0106).
          const carencia = carenciaNaoCumprida(bi.aplicacoes, r.dataEmissao);
          if (carencia) erros.push({ field: f, message: carencia });
        }
      }),
    );
    recusar(400, erros);

    // Stalls: existing, each once per romaneio.
    const pedraIds = [...new Set(lote.flatMap((r) => r.pedras.map((p) => p.pedrasId)))];
    const numeros = await numerosDasPedras(t, pedraIds);
    lote.forEach((r, k) => {
      const nesta = new Set<number>();
      r.pedras.forEach((p, n) => {
        const f = campo(k, 'pedras', n, 'pedrasId');
        const numero = numeros.get(p.pedrasId);
        if (numero === undefined) erros.push({ field: f, message: 'A pedra deve estar na lista' });
        else if (nesta.has(p.pedrasId)) erros.push({ field: f, message: `A pedra ${numero.trim()} aparece mais de uma vez` });
        nesta.add(p.pedrasId);
      });
    });
    recusar(400, erros);

    // Stalls already booked on the date: a friendly 409 (the unique key decides a race; see criar).
    if (pedraIds.length) {
      const ocupadas = await pedrasOcupadas(
        t,
        pedraIds,
        lote.map((r) => r.dataEmissao),
      );
      const chave = new Set(ocupadas.map((o) => `${o.pedraId}|${String(o.data)}`));
      lote.forEach((r, k) =>
        r.pedras.forEach((p, n) => {
          if (chave.has(`${p.pedrasId}|${r.dataEmissao}`))
            erros.push({ field: campo(k, 'pedras', n, 'pedrasId'), message: pedraOcupada(numeros.get(p.pedrasId)!, r.dataEmissao) });
        }),
      );
      recusar(409, erros);
    }
    return numeros;
  }

  /**
   * POST romaneio: the batch in ONE transaction: its debt's row (romaneio_divida's primary key refuses
   * a debt another batch holds, also a batch saving at the same moment), then each romaneio with its
   * items and its stall bookings on its own date. Any refusal stores nothing.
   */
  function criar(usuario: string, lote: RomaneioDados[]): Promise<Romaneio[]> {
    return gravarLote(usuario, lote).catch((err: unknown) => {
      // Should two saves still wait on each other (the database picks one to give up), nothing was stored.
      if (pgErro(err)?.code === '40P01') throw new HttpError(409, 'Outro romaneio foi salvo ao mesmo tempo com as mesmas pedras. Tente novamente.');
      throw err;
    });
  }

  function gravarLote(usuario: string, lote: RomaneioDados[]): Promise<Romaneio[]> {
    return db.transaction(async (t) => {
      const numeros = await validar(t, lote);
      const divida = lote[0].divida;
      await reservarDivida(t, usuario, divida);
      // Dates in order and each romaneio's stalls by id: two batches booking the same stalls take their
      // locks in the same order, so one waits for the other instead of deadlocking.
      const ids = new Array<number>(lote.length);
      const ordem = lote.map((r, k) => ({ r, k })).sort((a, b) => a.r.dataEmissao.localeCompare(b.r.dataEmissao));
      for (const { r, k } of ordem) {
        const pedrasOrdenadas = r.pedras.map((p, n) => ({ ...p, n })).sort((a, b) => a.pedrasId - b.pedrasId);
        const salvo = await crud
          .salvarNa(t, usuario, null, () => ({
            dataEmissao: r.dataEmissao,
            divida,
            pessoaId: r.pessoaId,
            itens: r.itens.map((i) => ({ produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId })),
            pedras: pedrasOrdenadas.map((p) => ({ pedraId: p.pedrasId, data: r.dataEmissao, ocupacao: p.ocupacao })),
          }))
          .catch((err: unknown) => {
            // A stall booked by another save between our check and our insert: the unique key (pedra, data) refused it.
            const m = err instanceof HttpError && err.status === 409 ? /^pedras\[(\d+)\]/.exec(err.fieldErrors?.[0]?.field ?? '') : null;
            if (m) {
              const n = pedrasOrdenadas[Number(m[1])].n;
              const message = pedraOcupada(numeros.get(r.pedras[n].pedrasId) ?? String(r.pedras[n].pedrasId), r.dataEmissao);
              throw new HttpError(409, message, [{ field: caminhoDoCampo([k, 'pedras', n, 'pedrasId']), message }]);
            }
            if (err instanceof HttpError && err.fieldErrors)
              throw new HttpError(
                err.status,
                err.message,
                err.fieldErrors.map((f) => ({ ...f, field: `${caminhoDoCampo([k])}.${f.field}` })),
              );
            throw err;
          });
        ids[k] = salvo.id;
      }
      // Read back together (the debt is this batch's alone), each where the body had it.
      const porId = new Map((await romaneiosDaDivida(t, divida)).map((r) => [r.id, r]));
      return ids.map((id) => porId.get(id)!);
    });
  }

  /**
   * PUT romaneio: a saved romaneio changes only its items' quantities; its date, producer, stalls,
   * debt and the set of items are read-only (a changed one → 400 on its field).
   */
  function alterar(usuario: string, id: number, input: RomaneioDados): Promise<Romaneio> {
    return crud.salvar(
      db,
      usuario,
      id,
      async (t) => {
        const atual = await lerRomaneio(t, id);
        const erros: ErroDeCampo[] = [];
        const so = (field: string, oque: string) => erros.push({ field, message: `${oque} não pode ser alterado(a): ${SO_QUANTIDADES}` });
        if (input.dataEmissao !== atual.dataEmissao) so('dataEmissao', 'A data de emissão');
        if (input.pessoaId !== atual.pessoaId) so('pessoaId', 'O produtor');
        if (input.divida !== atual.divida) so('divida', 'A dívida');
        const chavePedras = (ps: { pedrasId: number; ocupacao: string | null }[]) =>
          ps
            .map((p) => `${p.pedrasId}:${p.ocupacao ?? ''}`)
            .sort()
            .join(',');
        if (chavePedras(input.pedras) !== chavePedras(atual.pedras)) so('pedras', 'As pedras');
        const porId = new Map(atual.itens.map((i) => [i.id, i]));
        const enviados = new Set<number>();
        input.itens.forEach((i, n) => {
          const antes = i.id ? porId.get(i.id) : undefined;
          if (!antes || enviados.has(antes.id)) return so(caminhoDoCampo(['itens', n]), `Item ${n + 1}`);
          enviados.add(antes.id);
          if (antes.produtoId !== i.produtoId) so(caminhoDoCampo(['itens', n, 'produtoId']), 'O produto');
          if (antes.boletimItensId !== i.boletimItensId) so(caminhoDoCampo(['itens', n, 'boletimItensId']), 'O item do boletim');
        });
        if (enviados.size !== atual.itens.length && !erros.length) so('itens', 'A lista de itens');
        recusar(400, erros);
        // The withdrawal period, as on POST: a notebook application recorded since refuses the save (decision 0106).
        const ids = atual.itens.flatMap((i) => (i.boletimItensId ? [i.boletimItensId] : []));
        if (ids.length) {
          const aplicacoes = new Map((await itensDeBoletim(t, ids)).map((a) => [a.id, a.aplicacoes]));
          input.itens.forEach((i, n) => {
            const message = carenciaNaoCumprida(aplicacoes.get(i.boletimItensId) ?? null, atual.dataEmissao);
            if (message) erros.push({ field: caminhoDoCampo(['itens', n, 'boletimItensId']), message });
          });
          recusar(400, erros);
        }
        return { itens: input.itens.map((i) => ({ id: i.id!, quantidade: i.quantidade })) };
      },
      lerRomaneio,
      input.versao,
    );
  }

  /** PUT romaneioitens/updateQtde: one item's quantity at once, with its audit row. */
  function alterarQuantidade(usuario: string, id: number, quantidade: number): Promise<RomaneioItem> {
    return db.transaction(async (t) => {
      const item = await itemCrud.alterar(db, usuario, id, { quantidade: quantidade.toFixed(2) }, t);
      // The romaneio's versao covers its items (decision 0085).
      await novaVersao(t, romaneio, item.romaneioId);
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
      const r = await crud.remover(db, usuario, id, t);
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
