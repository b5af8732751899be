// What other modules may use of assinaturas (docs/arquitetura.md): the day's mailing, started by 'Publicar cotação' (precos);
// the HTML escape and the small pt-BR page (the portal's unsubscribe of its news, decision 0299).
export { enviarCotacaoDoDia, type EnvioCtx } from './envio';
export { esc, pagina } from './mensagens';
