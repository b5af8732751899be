import { Link } from 'react-router';
import { useAuth } from '../../lib/auth';
import type { ItemDeMenu } from '../../lib/recursos';

/** Back-office landing (the stall map and the 'Comercializado' table come with the romaneio issue). */
export default function AdminPage({ menu }: { menu: ItemDeMenu[] }) {
  const { sessao, pode } = useAuth();
  const itens = menu.filter((r) => pode(r.rota, 'visualizar'));
  return (
    <section className="card">
      <h1>Olá, {sessao?.nome}</h1>
      <p>Escolha uma área no menu ou abaixo.</p>
      <ul className="tiles">
        {itens.map((r) => (
          <li key={r.rota}>
            <Link to={r.caminho}>
              <i className={r.icone} aria-hidden />
              <span>{r.rotulo}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
