import { useSettings } from '../../lib/settings';

/** The market's logo with its name and the municipality's, as the public header and sign-in card show it. */
export function Marca({ className, tamanho }: { className: string; tamanho: number }) {
  const s = useSettings();
  return (
    <div className={className}>
      <img src={s.logoMercado} alt="" width={tamanho} height={tamanho} />
      <div>
        <strong>{s.mercado}</strong>
        <span>{s.municipio}</span>
      </div>
    </div>
  );
}
