import { useState } from 'react';
import { formatDate, formatKg } from '@ceasa/shared/format';
import { ROTULOS_SITUACAO_DA_CHEGADA } from '@ceasa/shared/portal-textos';
import { api } from '../lib/api-client';
import { lista, numero, texto, type Obj } from './leituras';
import { LinkDoPortal, mensagemDaNavegacao } from './navegacao';
import { Aviso, Carregado, mensagemDoErro, Titulo, useLeitura } from './partes';

/** An announced load as the list shows it (ChegadaRegistro of resources/portal.ts, read defensively). */
export function lerChegada(o: Obj) {
  return {
    id: numero(o, 'id'),
    versao: numero(o, 'versao'),
    data: texto(o, 'data'),
    situacao: texto(o, 'situacao'),
    itens: lista(o.itens).map((i) => ({ produtoId: numero(i, 'produtoId'), produto: texto(i, 'produtoNome') ?? '', quantidade: numero(i, 'quantidade') })),
    chavesNfe: Array.isArray(o.chavesNfe) ? o.chavesNfe.filter((c): c is string => typeof c === 'string') : [],
    observacao: texto(o, 'observacao'),
  };
}
export type Chegada = ReturnType<typeof lerChegada>;

const rotuloDaSituacao = (s: string | null) => (s && Object.hasOwn(ROTULOS_SITUACAO_DA_CHEGADA, s) ? ROTULOS_SITUACAO_DA_CHEGADA[s as 'anunciada'] : (s ?? ''));

/** One load: its day, products and kg, situation; 'Alterar' and 'Retirar' while it is only announced. */
function CartaoDaChegada({ c, aoRetirar }: { c: Chegada; aoRetirar: (c: Chegada) => Promise<void> }) {
  const [confirmando, setConfirmando] = useState(false);
  const [retirando, setRetirando] = useState(false);
  const titulo = `Chegada de ${formatDate(c.data)}`;
  return (
    <li className="portal-cartao">
      <h2>{titulo}</h2>
      <p className={`portal-situacao portal-situacao-${c.situacao ?? ''}`}>{rotuloDaSituacao(c.situacao)}</p>
      <ul className="portal-itens" aria-label={`Produtos da ${titulo.toLowerCase()}`}>
        {c.itens.map((i, n) => (
          <li key={n}>
            {i.produto}: {formatKg(i.quantidade)}
          </li>
        ))}
      </ul>
      {c.chavesNfe.length > 0 && <p>{c.chavesNfe.length === 1 ? '1 nota fiscal' : `${c.chavesNfe.length} notas fiscais`}</p>}
      {c.observacao && <p className="portal-observacao">{c.observacao}</p>}
      {c.situacao === 'anunciada' && c.id !== null && (
        <div className="portal-acoes">
          {confirmando ? (
            <>
              <span>Retirar o anúncio desta chegada?</span>
              <button
                type="button"
                className="p-button p-button-danger p-button-sm"
                disabled={retirando}
                onClick={async () => {
                  if (retirando) return;
                  setRetirando(true);
                  await aoRetirar(c);
                  setRetirando(false);
                  setConfirmando(false);
                }}
              >
                Sim, retirar
              </button>
              <button type="button" className="p-button p-button-text p-button-sm" onClick={() => setConfirmando(false)}>
                Não
              </button>
            </>
          ) : (
            <>
              <LinkDoPortal
                href={`/portal/chegadas/${c.id}`}
                className="p-button p-button-outlined p-button-sm"
                aria-label={`Alterar a ${titulo.toLowerCase()}`}
              >
                <i className="pi pi-pencil" aria-hidden />
                &nbsp;Alterar
              </LinkDoPortal>
              <button
                type="button"
                className="p-button p-button-outlined p-button-danger p-button-sm"
                aria-label={`Retirar a ${titulo.toLowerCase()}`}
                onClick={() => setConfirmando(true)}
              >
                <i className="pi pi-times" aria-hidden />
                &nbsp;Retirar
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** /portal/chegadas: his announced loads, newest first as the server sends them, and 'Anunciar chegada'. */
export function ChegadasPage() {
  const { carga, recarregar } = useLeitura('portal/chegadas', (v) => lista(v).map(lerChegada));
  const [aviso, setAviso] = useState<{ tipo: 'ok' | 'erro'; texto: string } | null>(() => {
    const m = mensagemDaNavegacao();
    return m ? { tipo: 'ok', texto: m } : null;
  });
  const retirar = async (c: Chegada) => {
    try {
      await api(`portal/chegadas/${c.id}`, { method: 'DELETE' });
      setAviso({ tipo: 'ok', texto: `A chegada de ${formatDate(c.data)} foi retirada.` });
      recarregar();
    } catch (e) {
      setAviso({ tipo: 'erro', texto: mensagemDoErro(e) });
    }
  };
  return (
    <section>
      <Titulo>Chegadas</Titulo>
      <LinkDoPortal href="/portal/chegadas/nova" className="p-button portal-principal">
        <i className="pi pi-plus" aria-hidden />
        &nbsp;Anunciar chegada
      </LinkDoPortal>
      {aviso && <Aviso tipo={aviso.tipo} texto={aviso.texto} />}
      <Carregado carga={carga} vazio="Nenhuma chegada anunciada." tentar={recarregar}>
        {(chegadas) => (
          <ul className="portal-lista" aria-label="Chegadas anunciadas">
            {chegadas.map((c, n) => (
              <CartaoDaChegada key={c.id ?? `n${n}`} c={c} aoRetirar={retirar} />
            ))}
          </ul>
        )}
      </Carregado>
    </section>
  );
}
