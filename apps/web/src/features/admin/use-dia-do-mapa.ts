import { useSearchParams } from 'react-router';
import { ehDataIso } from '../../components/form/mascaras';
import { useCalendarioDeMercado } from '../../lib/calendario';
import { diaDoMapa } from './mapa-layout';

/**
 * The day /admin shows: the one in the address (?data=yyyy-mm-dd), else today or the next market day once the
 * holidays are known (null until then). The stall map and the manager's panel follow the same day.
 */
export function useDiaDoMapa() {
  const cal = useCalendarioDeMercado();
  const [params, setParams] = useSearchParams();
  const daUrl = params.get('data');
  const data = ehDataIso(daUrl) ? daUrl : cal.carregado ? diaDoMapa(new Date(), cal.dias, cal.calendario) : null;
  return { data, daUrl, setParams, cal };
}
