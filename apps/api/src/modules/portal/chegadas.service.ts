import { CHEGADA_MSG, hojeNoMercado, type ChegadaDados, type ChegadaRegistro, type ModoCarteira } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { chegadas } from '../../db/schema';
import { repositorioPadrao } from '../../lib/crud';
import { conflict, HttpError, naoEncontrado } from '../../lib/errors';
import { conferirChegada } from '../romaneio/romaneio.service';
import { chegadaTravada, colecaoItensDaChegada, itensPorProduto, lerChegada } from './chegadas.repository';

/** What the announced loads read of the deployment: the gate's (market days, NF-e, card) and PORTAL_DIAS_ANTECEDENCIA; today is the market's. */
export interface OpcoesDasChegadas {
  diasDeMercado: readonly number[];
  nfeObrigatoria: boolean;
  carteira: ModoCarteira;
  diasAntecedencia: number;
}

/** An announced load's row and its products as the save writes them (a product brought again keeps its row). */
const valores = (pessoaId: number, c: ChegadaDados, ids = new Map<number, number>()) => ({
  pessoaId,
  data: c.data,
  chavesNfe: c.chavesNfe,
  observacao: c.observacao,
  alteradaEm: new Date(),
  itens: c.itens.map((i) => ({ id: ids.get(i.produtoId), produtoId: i.produtoId, quantidade: i.quantidade })),
});

/**
 * Loads announced in the portal (docs/produto/portal.md, decision 0298): a producer announces, changes and withdraws
 * his own until a romaneio receives one; each save meets the gate's own rules (romaneio.service `conferirChegada`) in
 * its transaction, so a refusal stores nothing. The reads are the repository's.
 */
export function chegadasService(db: Db, o: OpcoesDasChegadas) {
  const { crud } = repositorioPadrao(db, {
    table: chegadas,
    cadastro: 'Chegada',
    naoEncontrado: CHEGADA_MSG.naoEncontrada,
    colecoes: [colecaoItensDaChegada],
    vinculo: 'chegadas anunciadas',
    // The romaneio that received it keeps it (also when the lock below was not taken first).
    podeRemover: async (t, row) => ((await chegadaTravada(t, row.id))?.romaneioId ? CHEGADA_MSG.recebida : null),
  });

  /** The day's window, then the gate's refusals and questions, on the load as the producer sent it. */
  const verificar = (t: Tx, pessoaId: number, c: ChegadaDados) => conferirChegada(t, c, pessoaId, { ...o, hoje: hojeNoMercado() });

  /** His load, locked: another producer's (or none) is not found; one a romaneio received is no longer his to change. */
  async function suaAindaAnunciada(t: Tx, pessoaId: number, id: number) {
    const c = await chegadaTravada(t, id);
    if (!c || c.pessoaId !== pessoaId) throw naoEncontrado(CHEGADA_MSG.naoEncontrada);
    if (c.romaneioId) throw conflict(CHEGADA_MSG.recebida);
  }

  return {
    /** POST /api/portal/chegadas. */
    criar: (usuario: string, pessoaId: number, c: ChegadaDados): Promise<ChegadaRegistro> =>
      db.transaction(async (t) => {
        await verificar(t, pessoaId, c);
        return crud.salvarNa(t, usuario, { preparar: () => valores(pessoaId, c), ler: lerChegada });
      }),

    /** PUT /api/portal/chegadas/{id}: with the `versao` the producer loaded (another is the 409 of decision 0085). */
    alterar: (usuario: string, pessoaId: number, id: number, c: ChegadaDados): Promise<ChegadaRegistro> => {
      if (c.versao === undefined || c.versao === null)
        return Promise.reject(new HttpError(400, CHEGADA_MSG.versao, [{ field: 'versao', message: CHEGADA_MSG.versao }]));
      return db.transaction(async (t) => {
        await suaAindaAnunciada(t, pessoaId, id);
        return crud.salvarNa(t, usuario, {
          id,
          preparar: async (t) => {
            await verificar(t, pessoaId, c);
            return valores(pessoaId, c, await itensPorProduto(t, id));
          },
          ler: lerChegada,
          versao: c.versao,
        });
      });
    },

    /** DELETE /api/portal/chegadas/{id}: withdrawn with its products (audited), until received. */
    remover: (usuario: string, pessoaId: number, id: number): Promise<void> =>
      db.transaction(async (t) => {
        await suaAindaAnunciada(t, pessoaId, id);
        await crud.removerNa(t, usuario, id);
      }),
  };
}
