import type { ReactNode } from 'react';

/** The heading data of a printed report: each label with its value, in the order given. */
export function DadosImpressos({ dados }: { dados: [string, ReactNode][] }) {
  return (
    <dl className="print-dados">
      {dados.map(([dt, dd]) => (
        <div key={dt}>
          <dt>{dt}</dt>
          <dd>{dd}</dd>
        </div>
      ))}
    </dl>
  );
}
