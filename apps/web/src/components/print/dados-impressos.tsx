import type { ReactNode } from 'react';

/** The heading data of a printed report (`print-dados`, plus `className`): each label with its value, in the order given. */
export function DadosImpressos({ dados, className }: { dados: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={className ? `print-dados ${className}` : 'print-dados'}>
      {dados.map(([dt, dd]) => (
        <div key={dt}>
          <dt>{dt}</dt>
          <dd>{dd}</dd>
        </div>
      ))}
    </dl>
  );
}
