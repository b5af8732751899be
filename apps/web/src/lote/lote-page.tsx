import { useEffect, useState } from 'react';
import { cpfcnpjPublico, formatDate, formatQuantidadeEmbalagens } from '@ceasa/shared/format';
import { textoCarencia } from '@ceasa/shared/resources/carencia';
import { ROTULOS_SITUACAO } from '@ceasa/shared/resources/situacao-do-lote';
import type { Lote } from '@ceasa/shared/resources/romaneio';
import { SETTINGS_PADRAO, type Settings } from '@ceasa/shared/settings';

/**
 * The public lot page (docs/produto/telas.md 'Public lot page'), opened by scanning a tracking label's QR code on a phone.
 * Its own entry (lote.html): React and these few lines only, no back office, no sign-in, no login button.
 */
export const TEXTOS = {
  carregando: 'Carregando...',
  erro: 'Ocorreu um erro ao buscar os dados. Tente novamente mais tarde.',
  semDados: 'Sem dados para mostrar.',
} as const;

/** The lot code of /lote/{lote} (decoded; '' when the path has none). */
export function codigoDaUrl(pathname: string): string {
  const m = /^\/lote\/([^/]+)\/?$/.exec(pathname);
  if (!m) return '';
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

type Cabecalho = Pick<Settings, 'municipio' | 'mercadoTitulo' | 'logoMunicipio' | 'logoMercado'>;
type Estado = { tipo: 'carregando' } | { tipo: 'erro' } | { tipo: 'vazio' } | { tipo: 'lote'; lote: Lote };

/** 'Sem dados para mostrar.' for a 404 or a lot without product or producer; the error text for anything else. */
export async function buscarLote(codigo: string, f: typeof fetch = fetch): Promise<Estado> {
  if (!codigo.trim()) return { tipo: 'vazio' };
  try {
    const r = await f(`/api/romaneio/lote/${encodeURIComponent(codigo)}`, { headers: { accept: 'application/json' } });
    if (r.status === 404) return { tipo: 'vazio' };
    if (!r.ok) return { tipo: 'erro' };
    const lote = (await r.json()) as Lote;
    return lote?.produtoNome && lote.produtorNome ? { tipo: 'lote', lote } : { tipo: 'vazio' };
  } catch {
    return { tipo: 'erro' };
  }
}

async function buscarCabecalho(f: typeof fetch = fetch): Promise<Cabecalho> {
  try {
    const r = await f('/api/config');
    return r.ok ? { ...SETTINGS_PADRAO, ...((await r.json()) as Partial<Settings>) } : SETTINGS_PADRAO;
  } catch {
    return SETTINGS_PADRAO;
  }
}

export function LotePage({ codigo, fetcher = fetch }: { codigo: string; fetcher?: typeof fetch }) {
  const [estado, setEstado] = useState<Estado>({ tipo: 'carregando' });
  const [cabecalho, setCabecalho] = useState<Cabecalho>(SETTINGS_PADRAO);
  useEffect(() => {
    let vivo = true;
    void buscarLote(codigo, fetcher).then((e) => vivo && setEstado(e));
    void buscarCabecalho(fetcher).then((c) => vivo && setCabecalho(c));
    return () => {
      vivo = false;
    };
  }, [codigo, fetcher]);

  return (
    <>
      {/* The skip link of every page (components/layout/foco.tsx), plain here: this entry imports no back office. */}
      <a href="#conteudo" className="pular-para-conteudo">
        Pular para o conteúdo
      </a>
      <header className="lote-cabecalho">
        <img src={cabecalho.logoMunicipio} alt="" width={44} height={44} />
        <div>
          <strong>{cabecalho.municipio}</strong>
          <span>{cabecalho.mercadoTitulo}</span>
        </div>
        <img src={cabecalho.logoMercado} alt="" width={44} height={44} />
      </header>
      <main className="lote-pagina" id="conteudo" tabIndex={-1}>
        <h1>Rastreamento de produtos</h1>
        {estado.tipo === 'carregando' && (
          <p className="lote-estado" role="status">
            {TEXTOS.carregando}
          </p>
        )}
        {estado.tipo === 'erro' && (
          <p className="lote-estado lote-erro" role="alert">
            {TEXTOS.erro}
          </p>
        )}
        {estado.tipo === 'vazio' && <p className="lote-estado">{TEXTOS.semDados}</p>}
        {estado.tipo === 'lote' && <CartaoLote lote={estado.lote} />}
      </main>
    </>
  );
}

/** The harvest window 'dd/mm/aaaa a dd/mm/aaaa' ('-' when the lot was taken from no bulletin item). */
const janela = (l: Pick<Lote, 'inicioColheita' | 'fimColheita'>) =>
  l.inicioColheita && l.fimColheita ? `${formatDate(l.inicioColheita)} a ${formatDate(l.fimColheita)}` : '-';

function CartaoLote({ lote }: { lote: Lote }) {
  // An answer from an older server has no carenciaRespeitada: no badge rather than a wrong one.
  const carencia = lote.carenciaRespeitada === undefined ? null : { v: lote.carenciaRespeitada, texto: textoCarencia(lote.carenciaRespeitada) };
  const campos: [string, string][] = [
    ...(lote.quantidade === undefined
      ? []
      : ([['Quantidade', formatQuantidadeEmbalagens(lote.quantidade, lote.produtoEmbalagem, lote.produtoPesoEmKg)]] as [string, string][])),
    ['Produtor', lote.produtorNome],
    // A CPF masked (LGPD; the server already sends it so), a CNPJ whole.
    ['CPF/CNPJ', cpfcnpjPublico(lote.cpfcnpj)],
    ['Propriedade', lote.propriedadeNome ?? '-'],
    ['Município', lote.municipioNome ?? '-'],
    ['Colheita', janela(lote)],
    ['Data de comercialização', formatDate(lote.dataEmissao)],
    [lote.pedras?.length === 1 ? 'Pedra' : 'Pedras', lote.pedras?.length ? lote.pedras.join(', ') : '-'],
    ['Destino', lote.destino],
    ['Lote', lote.lote],
  ];
  return (
    <article className="lote-cartao" aria-labelledby="lote-produto">
      <h2 id="lote-produto">
        {lote.produtoNome} <span>{lote.produtoEmbalagem}</span>
      </h2>
      {/* A load sampled for residues (decision 0187): under analysis, held or released. */}
      {lote.situacao && (
        <p className={`lote-situacao lote-situacao-${lote.situacao}`} data-testid="lote-situacao" role="status">
          <strong>{ROTULOS_SITUACAO[lote.situacao].titulo}:</strong> {ROTULOS_SITUACAO[lote.situacao].texto}
        </p>
      )}
      {carencia && (
        <p className={`lote-carencia lote-carencia-${carencia.v === null ? 'sem' : carencia.v ? 'ok' : 'nao'}`} data-testid="lote-carencia">
          <span aria-hidden="true">{carencia.v === null ? '○' : carencia.v ? '✓' : '!'}</span> {carencia.texto}
        </p>
      )}
      <dl>
        {campos.map(([rotulo, valor]) => (
          <div key={rotulo}>
            <dt>{rotulo}</dt>
            <dd>{valor}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
