import type { Settings } from '@ceasa/shared/settings';

/** The market's logo with its name and the municipality's, as the public header and sign-in card show it. */
export function Marca({ s, className, tamanho }: { s: Pick<Settings, 'logoMercado' | 'mercado' | 'municipio'>; className: string; tamanho: number }) {
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
