export * from './identity';
export * from './acesso';
export * from './cadastros';
