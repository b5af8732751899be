import { formatDate, type PedraDoMapa } from '@ceasa/shared';
import { PrintDialog } from '../../components/print/print-dialog';
import { GRUPOS_RELATORIO } from './mapa-layout';

/** The report's title: 'Pedras- {dd/mm/yyyy}' (docs/produto/telas.md 'Stall page'). */
const tituloRelatorio = (data: string) => `Pedras- ${formatDate(data)}`;

/**
 * 'Pedras- {date}': the legend (N° Ocupado, N° Livre, Avulsa) and nine tables of stalls (1–19, 20–38, 39–57,
 * 58–99, 100–141, 142–183, 184–206, 207–229, 230–252), three side by side, with each occupant's name.
 */
export function PedrasReport({ visible, onHide, data, pedras }: { visible: boolean; onHide: () => void; data: string; pedras: PedraDoMapa[] }) {
  const porNumero = new Map(pedras.map((p) => [p.numero.trim(), p]));
  const ocupadas = pedras.filter((p) => p.uso).length;
  return (
    <PrintDialog
      visible={visible}
      onHide={onHide}
      titulo={tituloRelatorio(data)}
      subtitulo={
        <span>
          {ocupadas} ocupada(s), {pedras.length - ocupadas} livre(s)
        </span>
      }
    >
      <ul className="pedras-legenda" aria-label="Legenda">
        <li>
          <span className="pedra-rel pedra-ocupada">N°</span> Ocupado
        </li>
        <li>
          <span className="pedra-rel pedra-livre">N°</span> Livre
        </li>
        <li>
          <span className="pedra-rel pedra-ocupada pedra-avulsa">N°</span> Avulsa
        </li>
      </ul>
      <div className="pedras-grupos">
        {GRUPOS_RELATORIO.map(([de, ate]) => (
          <table key={de} className="print-table pedras-grupo">
            <caption>
              Pedras {de} a {ate}
            </caption>
            <thead>
              <tr>
                <th scope="col">N°</th>
                <th scope="col">Ocupante</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: ate - de + 1 }, (_, i) => {
                const n = de + i;
                const p = porNumero.get(String(n));
                const estado = p?.uso ? 'pedra-ocupada' : 'pedra-livre';
                return (
                  <tr key={n}>
                    <td>
                      <span className={`pedra-rel ${estado}${p?.ocupacao === 'avulsa' ? ' pedra-avulsa' : ''}`}>{n}</span>
                    </td>
                    <td>{p?.uso ? `${p.ocupante ?? ''}${p.ocupacao === 'avulsa' ? ' (avulsa)' : ''}` : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </div>
    </PrintDialog>
  );
}
