// What other modules (and the backup) may use of ftp (docs/arquitetura.md): where and how person photos are stored.
export { diretorioFotos, fotoStorage, nomeFotoValido, type FotoStorage } from './storage';
