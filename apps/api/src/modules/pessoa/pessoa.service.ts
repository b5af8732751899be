import { inArray } from 'drizzle-orm';
import { situacaoDaCarteira, type ModoCarteira } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { pessoa } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * The gate's card check (decision 0182): with CARTEIRA_PRODUTOR=exigir, a romaneio whose producer's card ended
 * before its issue date is refused (pt-BR 400 on its pessoaId, naming the card's last day). The warnings
 * ('avisar', or within 30 days) are the web gate's to ask; the API accepts those saves.
 */
export async function recusarCarteiraVencida(db: Db, romaneios: { pessoaId: number; dataEmissao: string }[], modo: ModoCarteira, campo: (i: number) => string) {
  if (modo !== 'exigir' || !romaneios.length) return;
  const ids = [...new Set(romaneios.map((r) => r.pessoaId))];
  const validade = new Map(
    (await db.select({ id: pessoa.id, ate: pessoa.carteiraValidaAte }).from(pessoa).where(inArray(pessoa.id, ids))).map((p) => [p.id, p.ate]),
  );
  const erros = romaneios.flatMap((r, i) => {
    const s = situacaoDaCarteira(r.dataEmissao, validade.get(r.pessoaId), modo);
    return s?.tipo === 'recusa' ? [{ field: campo(i), message: s.mensagem }] : [];
  });
  if (erros.length) throw badRequest(erros[0].message, erros);
}
