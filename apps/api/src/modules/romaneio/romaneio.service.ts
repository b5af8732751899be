import type { z } from 'zod';
import {
  caminhoDoCampo,
  carenciaNaoCumprida,
  colheitaContem,
  FORA_DA_COLHEITA,
  MOTIVO_OBRIGATORIO,
  dataJaNaDivida,
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
import { registrarLog } from '../../lib/audit';
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

const FIXOS = 'no romaneio salvo a data de emissão, o produtor, a dívida e os produtos dos itens ficam como estão.';

/** What a correction's audit row shows of a romaneio: its items (product: quantity) and its stalls. */
const resumoDaCorrecao = (r: Romaneio) => ({
  itens: r.itens.map((i) => `${i.produtoNome.trim()}: ${i.quantidade}`),
  pedras: r.pedras.map((p) => `${p.pedrasNumero.trim()}${p.ocupacao ? ` (${p.ocupacao})` : ''}`),
});

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
    // A day entered again under its debt (issue 28) on a date the batch already has: the key decides a race.
    unicos: { romaneio_divida_data_uq: { mensagem: (v) => dataJaNaDivida(String(v.dataEmissao)), campos: ['dataEmissao'] } },
  });
  const { crud } = generico;
  const itemCrud = auditedCrud(romaneioItens, 'RomaneioItens', ITEM_NAO_ENCONTRADO);

  /** Producers, bulletin items and stalls of the batch; 400 naming each field, 409 for a stall already booked. */
  async function validar(t: Tx, lote: RomaneioDados[], exceto?: number) {
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
    const itens = ids.length ? await itensDeBoletim(t, ids) : [];
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
        exceto,
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
      await reservarDivida(t, usuario, divida, lote);
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
   * PUT romaneio: a correction of a saved romaneio (issue 28). Its date, producer and debt stay; its items may
   * change quantity, be removed, or be added under the gate's rules (the producer's bulletin item, harvest
   * window, carência); its stalls may change to others free on its date. A change of items or stalls needs a
   * `motivo`; the audit log keeps it with the romaneio before and after. A stale `versao` is the 409.
   */
  function alterar(usuario: string, id: number, input: RomaneioDados): Promise<Romaneio> {
    return db.transaction(async (t) => {
      let antes: Romaneio | undefined;
      const depois = await crud.salvarNa(
        t,
        usuario,
        id,
        async (t) => {
          const atual = (antes = await lerRomaneio(t, id));
          const erros: ErroDeCampo[] = [];
          const fixo = (field: string, oque: string) => erros.push({ field, message: `${oque} não pode ser alterado(a): ${FIXOS}` });
          if (input.dataEmissao !== atual.dataEmissao) fixo('dataEmissao', 'A data de emissão');
          if (input.pessoaId !== atual.pessoaId) fixo('pessoaId', 'O produtor');
          if (input.divida !== atual.divida) fixo('divida', 'A dívida');
          const porId = new Map(atual.itens.map((i) => [i.id, i]));
          const mantidos = new Set<number>();
          input.itens.forEach((i, n) => {
            if (!i.id) return;
            const antes = porId.get(i.id);
            if (!antes || mantidos.has(antes.id))
              return erros.push({ field: caminhoDoCampo(['itens', n, 'id']), message: `Item ${n + 1} não é deste romaneio` });
            mantidos.add(antes.id);
            if (antes.produtoId !== i.produtoId) fixo(caminhoDoCampo(['itens', n, 'produtoId']), 'O produto de um item salvo');
            if (antes.boletimItensId !== i.boletimItensId) fixo(caminhoDoCampo(['itens', n, 'boletimItensId']), 'O item do boletim de um item salvo');
          });
          recusar(400, erros);

          const chavePedras = (ps: { pedrasId: number; ocupacao: string | null }[]) =>
            ps
              .map((p) => `${p.pedrasId}:${p.ocupacao ?? ''}`)
              .sort()
              .join(',');
          const novos = input.itens.flatMap((i, n) => (i.id ? [] : [{ i, n }]));
          const mudouPedras = chavePedras(input.pedras) !== chavePedras(atual.pedras);
          if ((novos.length || mantidos.size !== atual.itens.length || mudouPedras) && !input.motivo)
            recusar(400, [{ field: 'motivo', message: MOTIVO_OBRIGATORIO }]);

          // New items and the stalls: the gate's rules (stalls booked by this romaneio itself are free to it).
          await validar(t, [{ ...input, itens: novos.map(({ i }) => i) }], id).catch((err: unknown) => {
            // Each new item's error named by its place in the body.
            if (err instanceof HttpError && err.fieldErrors) {
              const campo = (f: string) =>
                f.replace(/^\[0\]\.itens\[(\d+)\]/, (_m, k: string) => caminhoDoCampo(['itens', novos[Number(k)].n])).replace(/^\[0\]\./, '');
              throw new HttpError(
                err.status,
                err.message,
                err.fieldErrors.map((f) => ({ ...f, field: campo(f.field) })),
              );
            }
            throw err;
          });
          // The withdrawal period of the kept items, as on POST: an application recorded since refuses the save (decision 0106).
          const idsMantidos = atual.itens.flatMap((i) => (i.boletimItensId ? [i.boletimItensId] : []));
          if (idsMantidos.length) {
            const aplicacoes = new Map((await itensDeBoletim(t, idsMantidos)).map((a) => [a.id, a.aplicacoes]));
            input.itens.forEach((i, n) => {
              if (!i.id) return;
              const message = carenciaNaoCumprida(aplicacoes.get(i.boletimItensId) ?? null, atual.dataEmissao);
              if (message) erros.push({ field: caminhoDoCampo(['itens', n, 'boletimItensId']), message });
            });
            recusar(400, erros);
          }
          // A stall kept keeps its booking row; one no longer sent is freed, a new one booked on the romaneio's date.
          const reserva = new Map(atual.pedras.map((p) => [p.pedrasId, p.id]));
          return {
            itens: input.itens.map((i) =>
              i.id ? { id: i.id, quantidade: i.quantidade } : { produtoId: i.produtoId, quantidade: i.quantidade, boletimItensId: i.boletimItensId },
            ),
            pedras: input.pedras.map((p) => ({ id: reserva.get(p.pedrasId), pedraId: p.pedrasId, data: atual.dataEmissao, ocupacao: p.ocupacao })),
          };
        },
        lerRomaneio,
        input.versao,
      );
      // The correction as one audit row: its reason, the romaneio after and (as the previous content) before.
      if (antes && JSON.stringify(resumoDaCorrecao(antes)) !== JSON.stringify(resumoDaCorrecao(depois)))
        await registrarLog(t, usuario, 'Romaneio', id, 'UPDATE', { motivo: input.motivo, ...resumoDaCorrecao(depois) }, resumoDaCorrecao(antes));
      return depois;
    });
  }

  /** PUT romaneioitens/updateQtde: one item's quantity at once, with its audit row; given the romaneio's `versao`, a stale one is the 409. */
  function alterarQuantidade(usuario: string, id: number, quantidade: number, versao?: number | null): Promise<RomaneioItem> {
    return db.transaction(async (t) => {
      const item = await itemCrud.alterar(db, usuario, id, { quantidade: quantidade.toFixed(2) }, t);
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
