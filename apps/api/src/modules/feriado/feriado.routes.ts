import type { FastifyInstance } from 'fastify';
import { feriadoRecurso } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { recursoRoutes } from '../../lib/routes';
import { feriadoRepository } from './feriado.repository';

export default function feriadoRoutes(app: FastifyInstance, db: Db) {
  recursoRoutes(app, db, feriadoRecurso, feriadoRepository(db));
}
