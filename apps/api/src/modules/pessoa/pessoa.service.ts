// What other modules may use of pessoa (docs/arquitetura.md): ftp accepts a photo only for a person's CPF/CNPJ;
// romaneio refuses a producer whose card ended (CARTEIRA_PRODUTOR=exigir).
export { existePessoaComDocumento } from './pessoa.repository';
export { recusarCarteiraVencida } from './carteira';
