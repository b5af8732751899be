import { feriadoRecurso } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { feriado } from '../../db/schema';
import { repositorioDaTabela } from '../../lib/recurso-da-tabela';

export const feriadoRepository = (db: Db) =>
  repositorioDaTabela(db, feriadoRecurso, feriado, { unicos: { feriado_data_uq: { mensagem: 'Já existe um feriado nesta data.', campos: ['data'] } } });
