// What other modules may use of boletim (docs/arquitetura.md): romaneio and pedra count a bulletin item's commercialised quantity.
export { comercializadaDoItem } from './boletim.repository';
