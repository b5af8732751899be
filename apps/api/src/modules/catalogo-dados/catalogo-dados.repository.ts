import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { registrarLog } from '../../lib/audit';

/**
 * The collection methodology shown until the super-admin writes the market's own (PUT dados-abertos/metodologia):
 * how the product records prices and arrivals, in general terms.
 */
export const METODOLOGIA_PADRAO =
  'Os preços são os de venda no atacado levantados pela equipe do mercado junto aos comerciantes em cada dia de mercado e ' +
  'registrados no sistema por produto e embalagem, em reais por embalagem; o preço por kg divide esse valor pelo peso da embalagem. ' +
  'A cotação por grupo de produto resume os preços do dia dos produtos do grupo (mínimo, média e máximo). As entradas vêm dos ' +
  'romaneios registrados na portaria e das fichas das lojas, com o município de origem declarado pelo produtor.';

export const catalogoDadosRepository = (db: Db) => ({
  async metodologia(): Promise<{ texto: string; alteradoEm: string | null }> {
    const r = await db.execute(sql`SELECT texto, alterado_em AS "alteradoEm" FROM textos_publicos WHERE chave = 'metodologia'`);
    const l = r.rows[0] as { texto: string; alteradoEm: string | Date } | undefined;
    return l ? { texto: l.texto, alteradoEm: new Date(l.alteradoEm).toISOString() } : { texto: METODOLOGIA_PADRAO, alteradoEm: null };
  },

  /** The super-admin's new methodology text, with its audit row (cadastro 'MetodologiaDadosAbertos'). */
  async alterarMetodologia(usuario: string, texto: string) {
    return db.transaction(async (t) => {
      const antes = await t.execute(sql`SELECT texto FROM textos_publicos WHERE chave = 'metodologia' FOR UPDATE`);
      const anterior = (antes.rows[0] as { texto: string } | undefined)?.texto;
      await t.execute(
        sql`INSERT INTO textos_publicos (chave, texto, alterado_por) VALUES ('metodologia', ${texto}, ${usuario})
            ON CONFLICT (chave) DO UPDATE SET texto = excluded.texto, alterado_por = excluded.alterado_por, alterado_em = now()`,
      );
      await registrarLog(
        t,
        usuario,
        'MetodologiaDadosAbertos',
        'metodologia',
        anterior === undefined ? 'INSERT' : 'UPDATE',
        { texto },
        anterior === undefined ? null : { texto: anterior },
      );
    });
  },
});
