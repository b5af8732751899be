// What other modules may use of pedra (docs/arquitetura.md): romaneio sorts its stalls in the stalls' numeric order.
export { ordemDoNumero } from './pedra.repository';
