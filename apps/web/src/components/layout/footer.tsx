import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useSettings } from '../../lib/settings';

export function Footer() {
  const s = useSettings();
  const [sobre, setSobre] = useState(false);
  return (
    <footer className="app-footer">
      <span>{s.copyright}</span>
      <a href="/privacidade">Privacidade</a>
      <button type="button" className="link-button" onClick={() => setSobre(true)}>
        Desenvolvido por: Fábrica de Software
      </button>
      <Dialog
        header="Sobre este Site"
        visible={sobre}
        onHide={() => setSobre(false)}
        style={{ width: '50vw' }}
        breakpoints={{ '960px': '75vw', '640px': '100vw' }}
      >
        <p>
          Sistema de gestão da {s.mercado}: cotação pública de preços no atacado, romaneios de entrada de mercadoria, ocupação das pedras, boletins de colheita,
          cadernos de campo e rastreabilidade dos lotes.
        </p>
        <p>Desenvolvido pela Fábrica de Software para {s.municipio}.</p>
      </Dialog>
    </footer>
  );
}
