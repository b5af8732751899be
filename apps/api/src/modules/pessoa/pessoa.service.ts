// What other modules may use of pessoa (docs/arquitetura.md): ftp accepts a photo only for a person's CPF/CNPJ.
export { existePessoaComDocumento } from './pessoa.repository';
