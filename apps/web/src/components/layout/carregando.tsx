/** What shows while the session or a page's code loads (SPEC.md section 2). */
export const Carregando = () => <p className="carregando">Carregando.....</p>;
