// One file per resource (its tables, with its items and rows); every import `from '../db/schema'` goes through here.
export * from './identity';
export * from './acesso';
export * from './municipio';
export * from './feriado';
export * from './pessoa';
export * from './propriedade';
export * from './pedra';
export * from './estacionamento';
export * from './divida';
export * from './produto-grupo';
export * from './produto';
export * from './precos';
export * from './boletim';
export * from './caderno';
export * from './romaneio';
export * from './loja';
export * from './cotacao';
