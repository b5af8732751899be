import { cleanup, render, screen } from '@testing-library/react';
import { loteRegistro, type Lote } from '@ceasa/shared';
import { SETTINGS_PADRAO, type Settings } from '@ceasa/shared/settings';
import { afterEach, describe, expect, it } from 'vitest';
import { registro } from '../lib/respostas-de-teste';
import { LotePage, TEXTOS, codigoDaUrl } from './lote-page';

/** The lot as GET romaneio/lote/{lote} answers it (checked against the shared schema); `o` changes some fields. */
const loteDe = (o: Partial<Lote> = {}) => registro(loteRegistro, { ...LOTE, ...o });
const LOTE: Lote = {
  lote: '57R203',
  id: 57,
  // The CPF whole here and below (the API sends it masked): the page masks it all the same.
  pessoa: { nome: 'Maria da Horta', cpfcnpj: '12345678901' },
  itens: [
    {
      id: 203,
      romaneioId: 57,
      produtoId: 4,
      produtoNome: 'Tomate Italiano',
      produtoEmbalagem: 'CX 20kg',
      quantidade: 300,
      boletimItensBoletimPropriedadeNome: 'Sítio Boa Vista',
      boletimItensBoletimPropriedadeMunicipioNome: 'Vale Verde',
    },
  ],
  produtoNome: 'Tomate Italiano',
  produtoEmbalagem: 'CX 20kg',
  produtorNome: 'Maria da Horta',
  cpfcnpj: '12345678901',
  propriedadeNome: 'Sítio Boa Vista',
  municipioNome: 'Vale Verde',
  dataEmissao: '2026-05-04',
  destino: 'CEASA Regional - Mercado Atacadista',
  inicioColheita: '2026-05-01',
  fimColheita: '2026-06-30',
  pedras: ['3', '12'],
  carenciaRespeitada: true,
};

/** A fetch that answers the lot call with `lote` and the settings call with a municipality. */
function fetcher(lote: () => Promise<Response>): typeof fetch {
  return ((url: string) =>
    url.startsWith('/api/config')
      ? Promise.resolve(
          new Response(JSON.stringify({ ...SETTINGS_PADRAO, municipio: 'Prefeitura de Vale Verde', mercadoTitulo: 'CEASA VALE VERDE' } satisfies Settings)),
        )
      : lote()) as typeof fetch;
}
const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

afterEach(cleanup);

describe('public lot page', () => {
  it("shows 'Carregando...' and then the card: product and packaging, producer, masked CPF, property, municipality, harvest window, dd/mm/yyyy, stalls, destination, lot", async () => {
    let responder!: (r: Response) => void;
    const pendente = new Promise<Response>((r) => (responder = r));
    render(<LotePage codigo="57R203" fetcher={fetcher(() => pendente)} />);
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    responder(new Response(JSON.stringify(loteDe())));
    expect(await screen.findByRole('heading', { name: /Tomate Italiano/ })).toHaveTextContent('Tomate Italiano CX 20kg');
    for (const t of [
      'Maria da Horta',
      '***.456.789-**',
      'Sítio Boa Vista',
      'Vale Verde',
      '01/05/2026 a 30/06/2026',
      '04/05/2026',
      '3, 12',
      'CEASA Regional - Mercado Atacadista',
      '57R203',
    ])
      expect(screen.getByText(t)).toBeInTheDocument();
    // A CPF is never shown whole on the public page, even if an answer carried it (LGPD).
    expect(document.body).not.toHaveTextContent('123.456.789-01');
    expect(screen.getByTestId('lote-carencia')).toHaveTextContent('Carência respeitada');
    expect(await screen.findByText('Prefeitura de Vale Verde')).toBeInTheDocument();
    expect(screen.getByText('CEASA VALE VERDE')).toBeInTheDocument();
    // No sign-in here: no login button or link; the only link is 'Pular para o conteúdo', as on every page.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Pular para o conteúdo']);
  });

  it('shows the lot quantity with its unit: packages of the packaging and their weight', async () => {
    render(<LotePage codigo="57R203" fetcher={fetcher(json(loteDe({ quantidade: 300, produtoPesoEmKg: 20 })))} />);
    expect(await screen.findByText('300 CX 20kg (6.000 kg)')).toBeInTheDocument();
    expect(screen.getByText('Quantidade')).toBeInTheDocument();
  });

  it("says whether the withdrawal period was respected: 'Carência não respeitada', 'Sem caderno de campo'; a CNPJ whole", async () => {
    const { unmount } = render(<LotePage codigo="K7M2QX9HPA4W" fetcher={fetcher(json(loteDe({ carenciaRespeitada: false })))} />);
    expect(await screen.findByTestId('lote-carencia')).toHaveTextContent('Carência não respeitada');
    unmount();
    render(
      <LotePage
        codigo="K7M2QX9HPA4W"
        fetcher={fetcher(json(loteDe({ carenciaRespeitada: null, cpfcnpj: '12345678000195', pedras: ['7'], inicioColheita: null, fimColheita: null })))}
      />,
    );
    expect(await screen.findByTestId('lote-carencia')).toHaveTextContent('Sem caderno de campo');
    expect(screen.getByText('12.345.678/0001-95')).toBeInTheDocument();
    expect(screen.getByText('Pedra').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Colheita').nextSibling).toHaveTextContent('-');
  });

  it("says 'Sem dados para mostrar.' on a 404, and for a lot without product or producer", async () => {
    const { unmount } = render(<LotePage codigo="abc" fetcher={fetcher(json({ message: 'Sem dados para mostrar.' }, 404))} />);
    expect(await screen.findByText(TEXTOS.semDados)).toBeInTheDocument();
    unmount();
    render(<LotePage codigo="1R2" fetcher={fetcher(json(loteDe({ produtorNome: '' })))} />);
    expect(await screen.findByText('Sem dados para mostrar.')).toBeInTheDocument();
  });

  it('shows the error text when the server fails or is unreachable', async () => {
    const { unmount } = render(<LotePage codigo="1R2" fetcher={fetcher(json({ message: 'x' }, 500))} />);
    expect(await screen.findByText('Ocorreu um erro ao buscar os dados. Tente novamente mais tarde.')).toBeInTheDocument();
    unmount();
    render(<LotePage codigo="1R2" fetcher={fetcher(() => Promise.reject(new TypeError('offline')))} />);
    expect(await screen.findByText(TEXTOS.erro)).toBeInTheDocument();
  });

  it('reads the code from the path', () => {
    expect(codigoDaUrl('/lote/57R203')).toBe('57R203');
    expect(codigoDaUrl('/lote/57R203/')).toBe('57R203');
    expect(codigoDaUrl('/lote/a%20b')).toBe('a b');
    expect(codigoDaUrl('/lote/%E0%A4%A')).toBe('%E0%A4%A');
    expect(codigoDaUrl('/lote/')).toBe('');
  });
});
