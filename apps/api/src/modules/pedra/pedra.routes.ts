import type { FastifyInstance } from 'fastify';
import { pedraRecurso } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { recursoRoutes } from '../../lib/routes';
import { pedraList, pedraRepository } from './pedra.repository';

/** Stalls ('Pedras', route name 'pedra'): list sorted by the numeric value of the number, search by number, CRUD. */
export default function pedraRoutes(app: FastifyInstance, db: Db) {
  recursoRoutes(app, db, pedraRecurso, { lista: pedraList, repo: pedraRepository(db) });
}
