// What other modules may use of config (docs/arquitetura.md): the server's start-up warning about links and labels.
export { avisoSemPublicUrl } from './config.routes';
