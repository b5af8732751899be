import { situacaoDaCarteira, suspensaoNaData, type PessoaComDocumento } from '@ceasa/shared';
import { useSettings } from '../../lib/settings';

/**
 * The producer's card at the gate (decision 0182): the warnings to confirm before saving (a card ending within
 * 30 days of a romaneio's date, or already ended with CARTEIRA_PRODUTOR=avisar), one per distinct message. A card
 * past its date with 'exigir' is a refusal: `useRecusaDoProdutor` says it when he is picked.
 */
export function useAvisosDaCarteira() {
  const { carteiraProdutor = 'avisar' } = useSettings();
  return (produtor: { carteiraValidaAte?: string | null } | undefined, datas: string[]): string[] => [
    ...new Set(
      datas.flatMap((d) => {
        const s = situacaoDaCarteira(d, produtor?.carteiraValidaAte, carteiraProdutor);
        return s?.tipo === 'aviso' ? [s.mensagem] : [];
      }),
    ),
  ];
}

/**
 * What the server would refuse of the picked producer on one of the chosen dates, said as soon as he is picked (the
 * server's own words): suspended by a residue result (decision 0187), or his card past its date with
 * CARTEIRA_PRODUTOR=exigir. Null: he may sell on every date. The server still checks at the save.
 */
export function useRecusaDoProdutor() {
  const { carteiraProdutor = 'avisar' } = useSettings();
  return (produtor: PessoaComDocumento | undefined, datas: readonly string[]): string | null => {
    if (!produtor) return null;
    for (const d of [...datas].sort()) {
      const suspenso = suspensaoNaData(d, produtor.suspensoes ?? []);
      if (suspenso) return suspenso;
      const carteira = situacaoDaCarteira(d, produtor.carteiraValidaAte, carteiraProdutor);
      if (carteira?.tipo === 'recusa') return carteira.mensagem;
    }
    return null;
  };
}
