import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PrintDialog } from '../../components/print/print-dialog';
import { MANUAL } from './manual';
import './ajuda.css';

/** The manual itself: every role's tasks, numbered steps and the picture of the screen. */
function Conteudo({ impresso = false }: { impresso?: boolean }) {
  return (
    <div className="manual">
      {MANUAL.map((papel) => (
        <section key={papel.id} id={impresso ? undefined : papel.id} aria-labelledby={impresso ? undefined : `papel-${papel.id}`} className="manual-papel">
          <h2 id={impresso ? undefined : `papel-${papel.id}`}>{papel.titulo}</h2>
          <p>{papel.quem}</p>
          {papel.tarefas.map((t) => (
            <article key={t.id} id={impresso ? undefined : t.id} className="manual-tarefa">
              <h3>{t.titulo}</h3>
              <ol>
                {t.passos.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ol>
              <figure>
                <img src={`/ajuda/${t.id}.jpg`} alt={t.legenda} loading={impresso ? 'eager' : 'lazy'} width={1366} height={900} />
                <figcaption>{t.legenda}</figcaption>
              </figure>
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}

/** /ajuda: the manual by role, with an index; each back-office screen's '?' opens its task (secaoDaTela). */
export default function AjudaPage() {
  const { hash } = useLocation();
  const [imprimindo, setImprimindo] = useState(false);

  useEffect(() => {
    // The browser does not scroll to an anchor of content rendered after the navigation: the section's heading
    // takes the focus (after the layout's own focus on the page's title) and with it the scroll.
    if (!hash) return;
    const quadro = requestAnimationFrame(() => {
      const titulo = document.getElementById(decodeURIComponent(hash.slice(1)))?.querySelector<HTMLElement>('h2, h3');
      if (!titulo) return;
      titulo.setAttribute('tabindex', '-1');
      titulo.focus();
    });
    return () => cancelAnimationFrame(quadro);
  }, [hash]);

  return (
    <section className="card" id="inicio">
      <div className="list-header">
        <h1>Manual do sistema</h1>
        <Button label="Imprimir manual" icon="pi pi-print" outlined onClick={() => setImprimindo(true)} />
      </div>
      <p>Como fazer cada tarefa do mercado, passo a passo, por função. O botão "?" no alto de cada tela abre a parte deste manual sobre ela.</p>
      <nav aria-label="Índice do manual" className="manual-indice">
        <ul>
          {MANUAL.map((papel) => (
            <li key={papel.id}>
              <a href={`#${papel.id}`}>{papel.titulo}</a>
              <ul>
                {papel.tarefas.map((t) => (
                  <li key={t.id}>
                    <a href={`#${t.id}`}>{t.titulo}</a>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>
      <Conteudo />
      <PrintDialog visible={imprimindo} onHide={() => setImprimindo(false)} titulo="Manual do sistema">
        <Conteudo impresso />
      </PrintDialog>
    </section>
  );
}
