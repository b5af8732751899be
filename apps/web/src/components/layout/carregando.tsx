/** What shows while the session or a page's code loads (docs/produto/telas.md). */
export const Carregando = () => <p className="carregando">Carregando.....</p>;
