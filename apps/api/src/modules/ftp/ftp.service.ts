// What other modules (and the backup) may use of ftp (docs/arquitetura.md): where and how person photos are stored.
export { diretorioFotos, fotoStorage, importarFotosDaPasta, nomeFotoValido, type FotoStorage } from './storage';
