import type { FastifyInstance } from 'fastify';
import { feriadoRecurso } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { feriado } from '../../db/schema';
import { recursoDaTabela } from '../../lib/recurso-da-tabela';

export default function feriadoRoutes(app: FastifyInstance, db: Db) {
  recursoDaTabela(app, db, feriadoRecurso, feriado, { unicos: { feriado_data_uq: { mensagem: 'Já existe um feriado nesta data.', campos: ['data'] } } });
}
