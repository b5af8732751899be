import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { cotacaoRecurso } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { cotacaoList, cotacaoRepository } from './cotacao.repository';

/** Quotations. The list's active toggle is a PUT cotacao with the whole record and ativo flipped. */
export default function cotacaoRoutes(app: FastifyInstance, { db }: AppContext) {
  recursoRoutes(app, db, cotacaoRecurso, { lista: cotacaoList, repo: cotacaoRepository(db) });
}
