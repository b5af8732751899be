import { situacaoDaCarteira, suspensaoNaData, type PessoaComDocumento } from '@ceasa/shared';
import { useSettings } from '../../lib/settings';

/**
 * What the server would refuse of the picked producer on one of the chosen dates, said as soon as he is picked (the
 * server's own words): suspended by a residue result (decision 0187), or his card past its date with
 * CARTEIRA_PRODUTOR=exigir, by the shared helpers the server's rules use. Null: he may sell on every date. The server
 * still checks at the save, and asks its own questions (decision 0294).
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
