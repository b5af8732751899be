import { useSearchParams } from 'react-router';
import { useAuth } from '../../lib/auth';
import { AvisoDiaSemMercado } from '../../components/aviso-dia-sem-mercado';
import { ChegadasDoDia } from './chegadas-do-dia';
import { ComercializadoTabela } from './comercializado-tabela';
import { OfertaPrevisao } from './oferta-previsao';
import { PainelGestor } from './painel-gestor';
import { PedrasPainel } from './pedras-painel';
import './admin.css';

/**
 * The back-office landing (/admin, docs/produto/telas.md): the stall map of a day and the supply outlook below it
 * (decision 0110) for every back-office profile, the day's loads announced in the portal for whoever may view romaneios (decision
 * 0298), and the 'Comercializado' table for whoever may view bulletins (its data is theirs).
 */
export default function AdminPage() {
  const { sessao, pode } = useAuth();
  const [, setParams] = useSearchParams();
  return (
    <div className="admin-page">
      <h1 className="admin-saudacao">Olá, {sessao?.nome}</h1>
      <AvisoDiaSemMercado rotuloUsar="Ver o mapa de" onUsar={(data) => setParams({ data })} />
      <PedrasPainel />
      {pode('romaneio', 'visualizar') && <PainelGestor />}
      {pode('romaneio', 'visualizar') && <ChegadasDoDia />}
      <OfertaPrevisao />
      {pode('boletim', 'visualizar') && <ComercializadoTabela />}
    </div>
  );
}
