import { avisoRomaneiosNoFeriado, feriadoRecurso, type Feriado } from '@ceasa/shared';
import type { RegrasDoRecurso } from '../../lib/recurso-da-tabela';
import { romaneiosDoDia } from '../calendario/calendario.repository';

/**
 * A holiday's rule beyond its declaration: a saved holiday answers the warning of the romaneios already on
 * its date, and lists them (none for an extra market day).
 */
const regras: RegrasDoRecurso = {
  recurso: feriadoRecurso,
  depoisDeGravar: async (db, registro) => {
    const f = registro as Feriado;
    if (f.tipo !== 'feriado') return f;
    const romaneios = await romaneiosDoDia(db, f.data);
    return romaneios.length ? { ...f, aviso: avisoRomaneiosNoFeriado(f.data, romaneios), romaneios } : f;
  },
};
export default regras;
