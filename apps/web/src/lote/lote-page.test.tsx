import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LotePage, TEXTOS, codigoDaUrl } from './lote-page';

const LOTE = {
  lote: '57R203',
  produtoNome: 'Tomate Italiano',
  produtoEmbalagem: 'CX 20kg',
  produtorNome: 'Maria da Horta',
  cpfcnpj: '12345678901',
  propriedadeNome: 'Sítio Boa Vista',
  municipioNome: 'Vale Verde',
  dataEmissao: '2026-05-04',
  destino: 'CEASA Regional - Mercado Atacadista',
};

/** A fetch that answers the lot call with `lote` and the settings call with a municipality. */
function fetcher(lote: () => Promise<Response>): typeof fetch {
  return ((url: string) =>
    url.startsWith('/api/config')
      ? Promise.resolve(new Response(JSON.stringify({ municipio: 'Prefeitura de Vale Verde', mercadoTitulo: 'CEASA VALE VERDE' })))
      : lote()) as typeof fetch;
}
const json =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('public lot page', () => {
  it("shows 'Carregando...' and then the card: product and packaging, producer, formatted CPF, property, municipality, dd/mm/yyyy, destination, lot", async () => {
    let responder!: (r: Response) => void;
    const pendente = new Promise<Response>((r) => (responder = r));
    render(<LotePage codigo="57R203" fetcher={fetcher(() => pendente)} />);
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    responder(new Response(JSON.stringify(LOTE)));
    expect(await screen.findByRole('heading', { name: /Tomate Italiano/ })).toHaveTextContent('Tomate Italiano CX 20kg');
    for (const t of ['Maria da Horta', '123.456.789-01', 'Sítio Boa Vista', 'Vale Verde', '04/05/2026', 'CEASA Regional - Mercado Atacadista', '57R203'])
      expect(screen.getByText(t)).toBeInTheDocument();
    expect(await screen.findByText('Prefeitura de Vale Verde')).toBeInTheDocument();
    expect(screen.getByText('CEASA VALE VERDE')).toBeInTheDocument();
    // No sign-in here: no login button or link.
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows the lot quantity with its unit: packages of the packaging and their weight', async () => {
    render(<LotePage codigo="57R203" fetcher={fetcher(json({ ...LOTE, quantidade: 300, produtoPesoEmKg: 20 }))} />);
    expect(await screen.findByText('300 CX 20kg (6.000 kg)')).toBeInTheDocument();
    expect(screen.getByText('Quantidade')).toBeInTheDocument();
  });

  it("says 'Sem dados para mostrar.' on a 404, and for a lot without product or producer", async () => {
    const { unmount } = render(<LotePage codigo="abc" fetcher={fetcher(json({ message: 'Sem dados para mostrar.' }, 404))} />);
    expect(await screen.findByText(TEXTOS.semDados)).toBeInTheDocument();
    unmount();
    render(<LotePage codigo="1R2" fetcher={fetcher(json({ ...LOTE, produtorNome: '' }))} />);
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
