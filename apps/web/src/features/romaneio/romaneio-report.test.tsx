import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lerCodigoDoLote, romaneioItemRegistro, romaneioLinha, romaneioRegistro, type Romaneio, type RomaneioItem } from '@ceasa/shared';
import { formatDateTime } from '@ceasa/shared/format';
import { registro } from '../../lib/respostas-de-teste';
import { ControleRomaneio, ITENS_POR_PAGINA, paginar } from './romaneio-controle';
import { AcoesImpressaoRomaneio, useImpressaoRomaneio } from './romaneio-report';
import { EtiquetasRomaneio, camposDaEtiqueta, regraDePagina, urlDoLote } from './romaneio-etiquetas';

/** A romaneio item and a romaneio as the API answers them (checked against the shared schemas). */
const item = (id: number, o: Partial<RomaneioItem> = {}): RomaneioItem =>
  registro(romaneioItemRegistro, {
    id,
    romaneioId: 57,
    produtoId: 1,
    produtoNome: `Produto ${id}`,
    produtoEmbalagem: 'CX 20kg',
    produtoPesoEmKg: 20,
    quantidade: 10.5,
    boletimItensId: 9,
    boletimItensInicioColheita: '2026-05-01',
    boletimItensFimColheita: '2026-06-30',
    boletimItensBoletimPropriedadeNome: 'Sítio Boa Vista',
    boletimItensBoletimPropriedadeMunicipioNome: 'Vale Verde',
    ...o,
  });
const romaneio = (id: number, itens: RomaneioItem[], o: Partial<Romaneio> = {}): Romaneio =>
  registro(romaneioRegistro, {
    id,
    dataEmissao: '2026-05-04',
    divida: 20259001,
    pessoaId: 3,
    produtorNome: 'Maria da Horta',
    tipoQuantidade: 'NÃO',
    pessoa: { id: 3, nome: 'Maria da Horta', cpfcnpj: '12345678901' },
    boletimId: 9,
    pedras: [
      { id: 1, romaneioId: id, pedrasId: 12, pedrasNumero: '12', ocupacao: null },
      { id: 2, romaneioId: id, pedrasId: 3, pedrasNumero: '3', ocupacao: 'avulsa' },
    ],
    itens,
    ...o,
  });

function comSettings(ui: ReactNode, settings: object = { qrHost: 'https://ceasa.exemplo.gov.br', destinoLote: 'CEASA Vale Verde - Mercado Atacadista' }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(['settings'], {
    municipio: 'Prefeitura de Vale Verde',
    mercado: 'CEASA Vale Verde',
    etiqueta: { larguraMm: 100, alturaMm: 70 },
    ...settings,
  });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}

describe('control sheet', () => {
  it('pages the items 10 at a time; an empty romaneio still has its page', () => {
    const itens = Array.from({ length: 23 }, (_, i) => i);
    expect(ITENS_POR_PAGINA).toBe(10);
    expect(paginar(itens).map((p) => p.length)).toEqual([10, 10, 3]);
    expect(paginar(Array.from({ length: 10 }, (_, i) => i)).map((p) => p.length)).toEqual([10]);
    expect(paginar([])).toEqual([[]]);
  });

  it('breaks the page after every 10 item rows and repeats the header and data on each page; one sheet per romaneio', () => {
    const um = romaneio(
      57,
      Array.from({ length: 23 }, (_, i) => item(200 + i)),
    );
    const dois = romaneio(58, [item(300, { boletimItensBoletimPropriedadeNome: null, boletimItensBoletimPropriedadeMunicipioNome: null })], {
      dataEmissao: '2026-05-07',
    });
    const impresso = new Date('2026-05-04T10:30:00Z');
    const { container } = comSettings(<ControleRomaneio romaneios={[um, dois]} impressoEm={impresso} />);
    const paginas = container.querySelectorAll('.controle-pagina');
    expect(paginas).toHaveLength(4);
    // A page break after every page but the last.
    expect([...paginas].map((p) => p.classList.contains('page-break'))).toEqual([true, true, true, false]);
    expect([...paginas].map((p) => p.querySelectorAll('tbody tr').length)).toEqual([10, 10, 3, 1]);
    for (const p of paginas) {
      expect(within(p as HTMLElement).getByRole('heading', { name: 'CONTROLE ENTRADA DE MERCADORIA' })).toBeInTheDocument();
      expect(p.textContent).toContain('Prefeitura de Vale Verde');
      expect(p.textContent).toContain('123.456.789-01');
    }
    const p1 = within(paginas[0] as HTMLElement);
    expect(p1.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Qtde', 'Unidade', 'Produto', 'Início', 'Fim', 'Propriedade - Município']);
    expect(p1.getAllByRole('row')[1].textContent).toBe('10,5 (210 kg)CX 20kgProduto 20001/05/202630/06/2026Sítio Boa Vista - Vale Verde');
    const dados = Object.fromEntries(
      [...paginas[0].querySelectorAll('dl > div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]),
    );
    expect(dados).toEqual({
      'CPF/CNPJ': '123.456.789-01',
      Produtor: 'Maria da Horta',
      Número: '57',
      Dívida: '20259001',
      Pedras: '3, 12',
      'Data de impressão': formatDateTime(impresso),
      'Data de comercialização': '04/05/2026',
    });
    // The signature and arrival-time footer closes each romaneio's sheet.
    expect([...paginas].map((p) => p.querySelector('.controle-rodape') !== null)).toEqual([false, false, true, true]);
    expect(paginas[2].textContent).toMatch(/Assinatura do produtor.*Horário de chegada/);
    expect(paginas[2].textContent).toContain('Folha 3 de 3');
    expect(paginas[3].textContent).toContain('07/05/2026');
    expect(paginas[3].querySelector('tbody tr')!.textContent).toMatch(/Produto 300.*2026$/);
  });
});

describe('tracking labels', () => {
  it("one label per item with every field, and a QR code of the item's lot on the QR host", () => {
    const { container } = comSettings(<EtiquetasRomaneio romaneios={[romaneio(57, [item(203), item(204)]), romaneio(58, [item(305)])]} />);
    const etiquetas = container.querySelectorAll('.etiqueta');
    expect(etiquetas).toHaveLength(3);
    const e = within(etiquetas[0] as HTMLElement);
    expect(e.getByRole('heading', { name: 'CONTROLE DE RASTREAMENTO DE PRODUTOS' })).toBeInTheDocument();
    const campos = [...etiquetas[0].querySelectorAll('dl > div')].map((d) => d.textContent);
    expect(campos).toEqual([
      'Produto: Produto 203',
      'Embalagem: CX 20kg',
      'Produtor: Maria da Horta',
      'CPF/CNPJ: ***.456.789-**',
      'Propriedade: Sítio Boa Vista',
      'Município: Vale Verde',
      'Data de comercialização: 04/05/2026',
      'Destino: CEASA Vale Verde - Mercado Atacadista',
      'Lote: 57R203',
    ]);
    const urls = [...container.querySelectorAll('.etiqueta-qr')].map((q) => q.getAttribute('data-url'));
    expect(urls).toEqual(['https://ceasa.exemplo.gov.br/lote/57R203', 'https://ceasa.exemplo.gov.br/lote/57R204', 'https://ceasa.exemplo.gov.br/lote/58R305']);
    // The lot code in the URL is one the public page reads back to its romaneio and item.
    expect(lerCodigoDoLote(urls[2]!.split('/').pop()!)).toEqual({ romaneioId: 58, itemId: 305 });
    expect(etiquetas[0].querySelector('.etiqueta-qr svg')).not.toBeNull();
    // Sized from the settings, and the page rule of a label printer mounted with them.
    expect((etiquetas[0] as HTMLElement).style.width).toBe('100mm');
    expect((etiquetas[0] as HTMLElement).style.height).toBe('70mm');
    expect(container.querySelector('style')!.textContent).toContain('size: 100mm 70mm');
  });

  it('waits for the QR host of the settings (never guesses it)', () => {
    const { container } = comSettings(<EtiquetasRomaneio romaneios={[romaneio(57, [item(203)])]} />, { qrHost: undefined });
    expect(within(container).getByText('Carregando...')).toBeInTheDocument();
    expect(container.querySelector('.etiqueta')).toBeNull();
  });

  it('page rules, lot URL and fields without a bulletin', () => {
    expect(regraDePagina('etiqueta', { larguraMm: 62, alturaMm: 29 })).toBe('@media print { @page { size: 62mm 29mm; margin: 0; } }');
    expect(regraDePagina('a4', { larguraMm: 100, alturaMm: 70 })).toContain('size: A4');
    expect(urlDoLote('http://127.0.0.1:3225/', '7R9')).toBe('http://127.0.0.1:3225/lote/7R9');
    const r = romaneio(7, []);
    const campos = camposDaEtiqueta(r, item(9, { boletimItensBoletimPropriedadeNome: null, boletimItensBoletimPropriedadeMunicipioNome: null }), 'Mercado');
    expect(campos.find(([c]) => c === 'Propriedade')![1]).toBe('-');
    expect(campos.at(-1)).toEqual(['Lote', '7R9']);
  });

  it("a producer's CPF is masked as on the lot page; a company's CNPJ stays whole (decision 0128)", () => {
    const doc = (cpfcnpj: string) =>
      camposDaEtiqueta(romaneio(7, [], { pessoa: { id: 3, nome: 'João', cpfcnpj } }), item(9), 'Mercado').find(([c]) => c === 'CPF/CNPJ')![1];
    expect(doc('12345678901')).toBe('***.456.789-**');
    expect(doc('123.456.789-01')).toBe('***.456.789-**');
    expect(doc('12345678000195')).toBe('12.345.678/0001-95');
  });
});

describe('the list row buttons', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('print this romaneio (GET romaneio/{id}) or label all of its debt (GET romaneio/dividas/{divida}) in the print dialog', async () => {
    const pedidos: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        pedidos.push(url);
        const corpo = url.includes('/dividas/') ? [romaneio(57, [item(203)]), romaneio(58, [item(305), item(306)])] : romaneio(57, [item(203)]);
        return new Response(JSON.stringify(corpo), { status: 200 });
      }),
    );
    const linha = registro(romaneioLinha, {
      id: 57,
      dataEmissao: '2026-05-04',
      divida: 20259001,
      pessoaId: 3,
      produtorNome: 'Maria da Horta',
      tipoQuantidade: 'NÃO',
    });
    // As the list does: the buttons in the row, the dialog beside the list.
    function Linha() {
      const impressao = useImpressaoRomaneio();
      return (
        <>
          <AcoesImpressaoRomaneio romaneio={linha} abrir={impressao.abrir} />
          {impressao.dialogo}
        </>
      );
    }
    comSettings(<Linha />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Imprimir o romaneio 57' }));
    const dialog = await screen.findByRole('dialog', { name: 'Controle de entrada de mercadoria' });
    expect(await within(dialog).findByRole('heading', { name: 'CONTROLE ENTRADA DE MERCADORIA' })).toBeInTheDocument();
    expect(pedidos).toEqual(['/api/romaneio/57']);
    await u.click(within(dialog).getByRole('button', { name: /fechar|close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await u.click(screen.getByRole('button', { name: 'Etiquetas de todos os romaneios da dívida 20259001' }));
    const etiquetas = await screen.findByRole('dialog', { name: 'Etiquetas de rastreamento' });
    await waitFor(() => expect(etiquetas.querySelectorAll('.etiqueta')).toHaveLength(3));
    expect(pedidos.at(-1)).toBe('/api/romaneio/dividas/20259001');
    // The layout choice of the print dialog: one label per page (the label size) or an A4 sheet.
    expect(within(etiquetas).getByRole('radio', { name: 'Uma por página (etiqueta)' })).toBeChecked();
    await u.click(within(etiquetas).getByRole('radio', { name: 'Folha A4' }));
    expect(etiquetas.querySelector('.etiquetas-a4')).not.toBeNull();
    expect(etiquetas.querySelector('style')!.textContent).toContain('size: A4');
  });
});

describe('labels that work on a phone, and row buttons told apart', () => {
  beforeEach(() => cleanup());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  const linha = registro(romaneioLinha, {
    id: 57,
    dataEmissao: '2026-05-04',
    divida: 20259001,
    pessoaId: 3,
    produtorNome: 'Maria da Horta',
    tipoQuantidade: 'NÃO',
  });
  function Linha() {
    const impressao = useImpressaoRomaneio();
    return (
      <>
        <AcoesImpressaoRomaneio romaneio={linha} abrir={impressao.abrir} />
        {impressao.dialogo}
      </>
    );
  }
  const abrirEtiquetas = async (settings: object) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(romaneio(57, [item(203)])), { status: 200 })),
    );
    comSettings(<Linha />, settings);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Etiquetas do romaneio 57' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Etiquetas de rastreamento' });
    await waitFor(() => expect(dialogo.querySelectorAll('.etiqueta')).toHaveLength(1));
    return dialogo;
  };

  it('without PUBLIC_URL or QR_HOST the label dialog says the codes open only on this computer, and how to fix it', async () => {
    const dialogo = await abrirEtiquetas({ qrHost: 'http://localhost:3000', qrHostConfigurado: false, destinoLote: 'CEASA' });
    expect(within(dialogo).getByRole('alert')).toHaveTextContent(
      'Atenção: sem PUBLIC_URL ou QR_HOST configurado, os QR codes abrirão apenas neste computador (http://localhost:3000). Peça ao administrador para configurar o endereço público.',
    );
    // A screen notice, not part of the printed labels.
    expect(within(dialogo).getByRole('alert').closest('.etiqueta')).toBeNull();
  });

  it('with a configured address the dialog shows no warning', async () => {
    const dialogo = await abrirEtiquetas({ qrHost: 'https://ceasa.exemplo.gov.br', qrHostConfigurado: true, destinoLote: 'CEASA' });
    expect(within(dialogo).queryByRole('alert')).toBeNull();
    expect(dialogo.textContent).not.toContain('PUBLIC_URL');
  });

  it('each of the four row buttons has its own visible text, within its accessible name and tooltip', () => {
    comSettings(<Linha />);
    const botoes = screen.getAllByRole('button');
    expect(botoes.map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
      ['Imprimir', 'Imprimir o romaneio 57'],
      ['Imprimir todos', 'Imprimir todos os romaneios da dívida 20259001'],
      ['Etiquetas', 'Etiquetas do romaneio 57'],
      ['Etiquetas de todos', 'Etiquetas de todos os romaneios da dívida 20259001'],
    ]);
    for (const b of botoes) expect(b.getAttribute('aria-label')!.startsWith(b.textContent!)).toBe(true);
    expect(new Set(botoes.map((b) => b.textContent)).size).toBe(4);
  });
});

describe('notebook and random lot codes on the printouts', () => {
  it("marks an item without a field notebook 'sem caderno' on the control sheet, and no other", () => {
    comSettings(<ControleRomaneio romaneios={[romaneio(57, [item(203, { temCaderno: false }), item(204, { temCaderno: true })])]} />);
    const linhas = screen.getAllByRole('row').slice(1);
    expect(linhas[0]).toHaveTextContent('Produto 203 (sem caderno)');
    expect(linhas[1]).toHaveTextContent('Produto 204');
    expect(linhas[1]).not.toHaveTextContent('sem caderno');
  });

  it("prints the item's own random lot code on its label and QR code (the older code for an item without one)", () => {
    const { container } = comSettings(<EtiquetasRomaneio romaneios={[romaneio(57, [item(203, { lote: 'K7M2QX9HPA4W' }), item(204)])]} />);
    const urls = [...container.querySelectorAll('.etiqueta-qr')].map((q) => q.getAttribute('data-url'));
    expect(urls).toEqual(['https://ceasa.exemplo.gov.br/lote/K7M2QX9HPA4W', 'https://ceasa.exemplo.gov.br/lote/57R204']);
    expect(container.querySelector('.etiqueta')).toHaveTextContent('Lote: K7M2QX9HPA4W');
  });
});
