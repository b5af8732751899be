// /home with its default view: ask for the first page of quotations while the app's code downloads
// (tabela-precos.tsx takes this answer once; the request is public). A file of its own, not an inline
// script: the Content-Security-Policy allows scripts from this server only.
(function () {
  try {
    var s = localStorage.getItem('ceasa.filtros.home');
    if (location.pathname !== '/home' || (s && s !== '{"page":0,"sortField":"precoData","sortOrder":-1,"filtros":{}}')) return;
    window.__precosIniciais = fetch('/api/precos/searchPrecosHome/precoData/desc?page=0&size=20', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
      .then(
        function (r) {
          return r.ok ? r.json() : null;
        },
        function () {
          return null;
        },
      )
      .then(function (d) {
        // Kept as is too, so the page's first render already shows the rows when they came first.
        window.__precosIniciaisDados = d;
        return d;
      });
  } catch {
    // No storage or no fetch: the app asks for the page itself.
  }
})();
