// What other modules may use of assinaturas (docs/arquitetura.md): the day's mailing, started by 'Publicar cotação' (precos).
export { enviarCotacaoDoDia, type EnvioCtx } from './envio';
