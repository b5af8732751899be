import { colheitaContem, formatDate, formatKg, type BoletimItemProduto, type DividaConsulta, type Page, type RomaneioLinha } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { palavras } from './busca';

/*
 * The gate's guard rails: before saving, what deserves a second look. The save is not refused:
 * the form asks for a confirmation naming each one (the server keeps its own refusals).
 */

/** The kg an item takes from its bulletin item: its packages × the package's kg, on each date of the batch it is harvestable on. */
export const kgNoLote = (quantidade: number, pesoEmKg: number | undefined, item: { inicioColheita: string; fimColheita: string }, datas: string[]) =>
  quantidade * (pesoEmKg ?? 1) * datas.filter((d) => colheitaContem(item, d)).length;

/** Items whose kg in the batch pass their bulletin item's balance: 'Tomate: 1.200 kg passam do saldo do boletim (800 kg).' */
export function acimaDoSaldo(
  itens: { boletimItensId: number; produtoNome: string; quantidade: number; inicioColheita: string; fimColheita: string }[],
  doProdutor: BoletimItemProduto[] | undefined,
  datas: string[],
): string[] {
  const porId = new Map((doProdutor ?? []).map((b) => [b.id, b]));
  return itens.flatMap((i) => {
    const b = porId.get(i.boletimItensId);
    if (!b) return [];
    const kg = kgNoLote(i.quantidade, b.produtoPesoEmKg, i, datas);
    return kg > b.saldoQtde ? [`${i.produtoNome}: ${formatKg(kg)} passam do saldo do boletim (${formatKg(Math.max(b.saldoQtde, 0))}).`] : [];
  });
}

/** The same name however written (case, accents, punctuation). */
export const mesmoNome = (a: string, b: string) => palavras(a).join(' ') === palavras(b).join(' ');

/** The producer's romaneios on the batch's dates (one list query per date): 'Já existe romaneio de Ana em 30/11/2026 (código 12).' */
export async function romaneiosNoDia(pessoaId: number, nome: string, datas: string[]): Promise<string[]> {
  const achados = await Promise.all(
    datas.map((d) =>
      api<Page<RomaneioLinha>>('romaneio/searchRomaneio/asc/id', { method: 'POST', body: { produtor: pessoaId, dataEmissao: d } }).then((p) => p.content),
    ),
  );
  return achados.flat().map((r) => `Já existe romaneio de ${nome} em ${formatDate(r.dataEmissao)} (código ${r.id}).`);
}

/** The debt's taxpayer when it is not the producer: 'O contribuinte da dívida 123 é Maria, não o produtor Ana.' */
export async function contribuinteDiferente(divida: number, nome: string): Promise<string[]> {
  const d = await api<DividaConsulta>(`romaneio/divida/${divida}`).catch(() => null);
  return d && !mesmoNome(d.nomeContribuinte, nome) ? [`O contribuinte da dívida ${divida} é ${d.nomeContribuinte}, não o produtor ${nome}.`] : [];
}
