import { situacaoDaCarteira } from '@ceasa/shared';
import { useSettings } from '../../lib/settings';

/**
 * The producer's card at the gate (decision 0182): the warnings to confirm before saving (a card ending within
 * 30 days of a romaneio's date, or already ended with CARTEIRA_PRODUTOR=avisar), one per distinct message. A card
 * past its date with 'exigir' is the server's to refuse (its message shows on the producer).
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
