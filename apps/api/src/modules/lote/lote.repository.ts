import { and, eq } from 'drizzle-orm';
import { codigoDoLote, lerCodigoDoLote, type Lote } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { boletim, boletimItens, municipio, pessoa, produto, propriedade, romaneio, romaneioItens } from '../../db/schema';

/**
 * The public data of a lot (SPEC.md 'Public lot page'): the item the code names, on the romaneio the code
 * names (an item of another romaneio is no lot), its producer and the property and municipality of the
 * bulletin item it was taken from, as the card's fields and as the romaneio's entity fields narrowed to that item.
 * Null for a malformed or unknown code: the route answers 404.
 */
export async function buscarLote(db: Db, codigo: string, destino: string): Promise<Lote | null> {
  const ids = lerCodigoDoLote(codigo);
  if (!ids) return null;
  const [r] = await db
    .select({
      produtoId: produto.id,
      quantidade: romaneioItens.quantidade,
      pessoaId: pessoa.id,
      produtoNome: produto.nome,
      produtoEmbalagem: produto.embalagem,
      pesoEmKg: produto.pesoEmKg,
      produtorNome: pessoa.nome,
      cpfcnpj: pessoa.cpfcnpj,
      propriedadeNome: propriedade.nome,
      municipioNome: municipio.nome,
      dataEmissao: romaneio.dataEmissao,
    })
    .from(romaneioItens)
    .innerJoin(romaneio, eq(romaneio.id, romaneioItens.romaneioId))
    .innerJoin(produto, eq(produto.id, romaneioItens.produtoId))
    .innerJoin(pessoa, eq(pessoa.id, romaneio.pessoaId))
    .leftJoin(boletimItens, eq(boletimItens.id, romaneioItens.boletimItensId))
    .leftJoin(boletim, eq(boletim.id, boletimItens.boletimId))
    .leftJoin(propriedade, eq(propriedade.id, boletim.propriedadeId))
    .leftJoin(municipio, eq(municipio.id, propriedade.municipioId))
    .where(and(eq(romaneioItens.id, ids.itemId), eq(romaneioItens.romaneioId, ids.romaneioId)))
    .limit(1);
  if (!r) return null;
  const { produtoId, quantidade, pessoaId, pesoEmKg, ...cartao } = r;
  return {
    lote: codigoDoLote(ids.romaneioId, ids.itemId),
    id: ids.romaneioId,
    ...cartao,
    produtoPesoEmKg: Number(pesoEmKg),
    quantidade: Number(quantidade),
    destino,
    pessoa: { id: pessoaId, nome: r.produtorNome, cpfcnpj: r.cpfcnpj },
    itens: [
      {
        id: ids.itemId,
        romaneioId: ids.romaneioId,
        produtoId,
        produtoNome: r.produtoNome,
        produtoEmbalagem: r.produtoEmbalagem,
        produtoPesoEmKg: Number(pesoEmKg),
        quantidade: Number(quantidade),
        boletimItensBoletimPropriedadeNome: r.propriedadeNome,
        boletimItensBoletimPropriedadeMunicipioNome: r.municipioNome,
      },
    ],
  };
}
