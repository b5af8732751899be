import { Link } from 'react-router';
import { resources } from '../../app/resources';
import { useAuth } from '../../lib/auth';

/** Back-office landing (the stall map and the 'Comercializado' table come with the romaneio issue). */
export default function AdminPage() {
  const { sessao, pode } = useAuth();
  const itens = resources.filter((r) => pode(r.rota, 'visualizar'));
  return (
    <section className="card">
      <h1>Olá, {sessao?.nome}</h1>
      <p>Escolha uma área no menu ou abaixo.</p>
      <ul className="tiles">
        {itens.map((r) => (
          <li key={r.rota}>
            <Link to={r.path}>
              <i className={r.icon} aria-hidden />
              <span>{r.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
