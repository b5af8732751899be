import type { FastifyInstance } from 'fastify';
import { pedraInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { crudRoutes, listRoutes } from '../../lib/routes';
import { pedraList, pedraRepository } from './pedra.repository';

/** Stalls ('Pedras', route name 'pedra'): list sorted by the numeric value of the number, search by number, CRUD. */
export default function pedraRoutes(app: FastifyInstance, db: Db) {
  const tag = 'Pedras';
  listRoutes(app, db, { base: '/pedras', rota: 'pedra', tag, spec: pedraList, searchTerm: 'numero' });
  crudRoutes(app, { base: '/pedras', rota: 'pedra', tag, input: pedraInput, repo: pedraRepository(db) });
}
