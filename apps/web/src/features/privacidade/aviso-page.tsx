import { useEffect, useState } from 'react';
import { PublicShell } from '../../components/layout/public-shell';
import { api } from '../../lib/api-client';
import './publico.css';

interface Aviso {
  controlador: string;
  encarregado: { nome: string | null; email: string | null; telefone: string | null };
  categorias: { categoria: string; rotulo: string; campos: string[]; finalidade: string; baseLegal: string; retencao: string; compartilhamento: string }[];
  registroDeLeituras: string;
  compartilhamento: string[];
  direitos: { tipo: string; rotulo: string }[];
  comoExercer: string;
}

/** /privacidade: the privacy notice (LGPD), public, from GET publico/privacidade. */
export default function AvisoPage() {
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [falhou, setFalhou] = useState(false);
  useEffect(() => {
    document.title = 'Aviso de privacidade';
    api<Aviso>('publico/privacidade').then(setAviso, () => setFalhou(true));
  }, []);
  return (
    <PublicShell>
      <div className="privacidade-pagina">
        <h1>Aviso de privacidade</h1>
        {falhou && (
          <p role="alert" className="p-error">
            Não foi possível carregar o aviso de privacidade. Recarregue a página.
          </p>
        )}
        {!aviso && !falhou && <p>Carregando...</p>}
        {aviso && (
          <>
            <h2>Quem trata os seus dados</h2>
            <dl className="privacidade-fatos">
              <dt>Controlador</dt>
              <dd>{aviso.controlador}</dd>
              <dt>Encarregado</dt>
              <dd>
                {aviso.encarregado.nome ?? 'Não informado'}
                {aviso.encarregado.email && (
                  <>
                    {' '}
                    - <a href={`mailto:${aviso.encarregado.email}`}>{aviso.encarregado.email}</a>
                  </>
                )}
                {aviso.encarregado.telefone && <> - {aviso.encarregado.telefone}</>}
              </dd>
            </dl>
            <h2>Os dados que guardamos</h2>
            {aviso.categorias.map((c) => (
              <section key={c.categoria} className="privacidade-categoria">
                <h3>{c.rotulo}</h3>
                <dl className="privacidade-fatos">
                  <dt>Campos</dt>
                  <dd>{c.campos.join(', ') || '-'}</dd>
                  <dt>Finalidade</dt>
                  <dd>{c.finalidade}</dd>
                  <dt>Base legal</dt>
                  <dd>{c.baseLegal}</dd>
                  <dt>Prazo de guarda</dt>
                  <dd>{c.retencao}</dd>
                  <dt>Compartilhamento</dt>
                  <dd>{c.compartilhamento}</dd>
                </dl>
              </section>
            ))}
            <h2>Registro de leituras</h2>
            <p>Quem abre os dados de uma pessoa fica registrado (quem, quando e qual registro). {aviso.registroDeLeituras}</p>
            <h2>Com quem compartilhamos</h2>
            <ul>
              {aviso.compartilhamento.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <h2>Seus direitos</h2>
            <ul>
              {aviso.direitos.map((d) => (
                <li key={d.tipo}>{d.rotulo}</li>
              ))}
            </ul>
            <p>{aviso.comoExercer}</p>
            <p>
              <a href="/privacidade/solicitar" className="p-button">
                Fazer uma solicitação
              </a>
            </p>
          </>
        )}
      </div>
    </PublicShell>
  );
}
