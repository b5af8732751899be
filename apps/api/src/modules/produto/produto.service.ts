// What other modules may use of produto (docs/arquitetura.md): precos reads the product-group filter as the product list does.
export { normalizarFiltroDeGrupo } from './produto.repository';
