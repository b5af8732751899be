// What other modules use of the open data (docs/arquitetura.md): the answer's bytes, its ETag and headers.
export { CABECALHOS_DADOS_ABERTOS, corpoDadosAbertos, enviarDadosAbertos, NAO_MUDOU } from './dados-abertos.routes';
