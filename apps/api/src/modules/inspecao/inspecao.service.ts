import { randomInt } from 'node:crypto';
import { fimDaSuspensao, INSPECAO_MSG, coletaAntesDoRomaneio, type Inspecao, type InspecaoDados } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { inspecao } from '../../db/schema';
import { repositorioPadrao } from '../../lib/crud';
import { badRequest, HttpError } from '../../lib/errors';
import {
  dataDoRomaneio,
  gravarSorteios,
  lerInspecao,
  romaneioParaFormulario,
  romaneiosParaInspecao,
  romaneiosSemSorteio,
  suspensoesDosProdutores,
  totalDoDia,
  ultimasInspecoes,
} from './inspecao.repository';

// What other modules use (docs/arquitetura.md): the lot's residue situation and the suspensions the producer list carries.
export { resultadoDoResiduo, suspensoesDesde } from './inspecao.repository';

/**
 * One romaneio's draw (decision 0185): drawn with probability `percentual` %, from the operating system's
 * cryptographic generator (in hundredths of a percent), so no one can tell beforehand which load is drawn.
 */
export const sortear = (percentual: number, aleatorio: () => number = () => randomInt(0, 10_000)) => aleatorio() < Math.round(percentual * 100);

/** A label's result: conforme when its checklist has every item. */
const resultadoDaRotulagem = (c: Record<string, boolean>) => (Object.values(c).every(Boolean) ? 'conforme' : 'nao_conforme');

export function inspecaoService(db: Db, config: { inspecaoPercentual: number; suspensaoDias: number }) {
  const repo = repositorioPadrao<typeof inspecao, Inspecao, InspecaoDados>(db, {
    table: inspecao,
    cadastro: 'Inspecao',
    naoEncontrado: INSPECAO_MSG.naoEncontrada,
    ler: lerInspecao,
    vinculo: 'inspeções',
    unicos: { inspecao_amostra_uq: { mensagem: INSPECAO_MSG.amostraRepetida, campos: ['codigoAmostra'] } },
    valores: async (t, input, antes) => {
      if (antes && (antes.romaneioId !== input.romaneioId || antes.tipo !== input.tipo))
        throw badRequest(INSPECAO_MSG.fixo, [{ field: antes.romaneioId !== input.romaneioId ? 'romaneioId' : 'tipo', message: INSPECAO_MSG.fixo }]);
      const dataEmissao = await dataDoRomaneio(t, input.romaneioId);
      if (!dataEmissao) throw badRequest(INSPECAO_MSG.romaneioNaoEncontrado, [{ field: 'romaneioId', message: INSPECAO_MSG.romaneioNaoEncontrado }]);
      if (input.coletaEm < dataEmissao) {
        const message = coletaAntesDoRomaneio(dataEmissao);
        throw badRequest(message, [{ field: 'coletaEm', message }]);
      }
      if (input.tipo === 'rotulagem') {
        const checklist = input.checklist!;
        return {
          romaneioId: input.romaneioId,
          tipo: input.tipo,
          coletaEm: input.coletaEm,
          laboratorio: null,
          codigoAmostra: null,
          resultado: resultadoDaRotulagem(checklist),
          principioAtivo: null,
          checklist,
          observacao: input.observacao ?? null,
          suspensoAte: null,
        };
      }
      const naoConforme = input.resultado === 'nao_conforme';
      // A suspension already given keeps its last day while its collection date stays (SUSPENSAO_DIAS may have changed since).
      const mantida = naoConforme && antes?.suspensoAte && antes.coletaEm === input.coletaEm ? antes.suspensoAte : null;
      return {
        romaneioId: input.romaneioId,
        tipo: input.tipo,
        coletaEm: input.coletaEm,
        laboratorio: input.laboratorio,
        codigoAmostra: input.codigoAmostra,
        resultado: input.resultado!,
        principioAtivo: input.principioAtivo ?? null,
        checklist: null,
        observacao: input.observacao ?? null,
        suspensoAte: naoConforme ? (mantida ?? fimDaSuspensao(input.coletaEm, config.suspensaoDias)) : null,
      };
    },
  });

  /**
   * The market day's list (decision 0185): the romaneios of the day not drawn yet are drawn now, each kept,
   * then the drawn ones (and any inspected outside the draw) are listed. A draw is never made again.
   */
  async function dia(data: string) {
    const pendentes = await romaneiosSemSorteio(db, data);
    await gravarSorteios(
      db,
      data,
      config.inspecaoPercentual,
      pendentes.map((romaneioId) => ({ romaneioId, sorteado: sortear(config.inspecaoPercentual) })),
    );
    return { data, percentual: config.inspecaoPercentual, total: await totalDoDia(db, data), romaneios: await romaneiosParaInspecao(db, data) };
  }

  return {
    ler: repo.ler,
    inserir: repo.inserir,
    alterar: (usuario: string, id: number, input: InspecaoDados) => {
      if (input.id !== undefined && input.id !== null && input.id !== id) throw new HttpError(400, 'O código do corpo difere do código do caminho');
      return repo.alterar(usuario, id, input);
    },
    dia,
    lista: (pessoaId?: number) => ultimasInspecoes(db, pessoaId),
    romaneio: (id: number) => romaneioParaFormulario(db, id),
    suspensoes: async (pessoaId: number) => ({
      suspensoes: (await suspensoesDosProdutores(db, [pessoaId])).map(({ pessoaId: _p, ...s }) => s),
    }),
  };
}
