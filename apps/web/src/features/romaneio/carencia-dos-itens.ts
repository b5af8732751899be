import { carenciaNaoCumprida, colheitaContem, type BoletimItemProduto } from '@ceasa/shared';

/** A gate form row as this rule needs it: its bulletin item and harvest window. */
type Linha = { boletimItensId: number; inicioColheita: string; fimColheita: string };

/**
 * The withdrawal-period message of each row of the gate form (decision 0106), by bulletin item:
 * the server's own refusal ('Carência não cumprida: ...'), computed by the shared rule on each chosen date
 * the row is brought (its harvest window contains it), the earliest refused date first. Rows whose bulletin
 * item has no notebook, or whose applications had all ended their period, have no entry.
 */
export function mensagensDeCarencia(
  itens: readonly Linha[],
  datas: readonly string[],
  doProdutor: readonly Pick<BoletimItemProduto, 'id' | 'aplicacoes'>[] | undefined,
): Map<number, string> {
  const aplicacoes = new Map((doProdutor ?? []).map((b) => [b.id, b.aplicacoes ?? null]));
  const mensagens = new Map<number, string>();
  for (const i of itens) {
    for (const d of [...datas].sort()) {
      if (!colheitaContem(i, d)) continue;
      const m = carenciaNaoCumprida(aplicacoes.get(i.boletimItensId), d);
      if (m) {
        mensagens.set(i.boletimItensId, m);
        break;
      }
    }
  }
  return mensagens;
}
