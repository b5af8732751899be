import { formatDate, formatKg } from '@ceasa/shared/format';
import { ROTULOS_RESULTADO, ROTULOS_TIPO_INSPECAO } from '@ceasa/shared/resources/inspecao-rotulos';
import { ROTULOS_SITUACAO } from '@ceasa/shared/resources/situacao-do-lote';
import type { ReactNode } from 'react';
import { lerBoletim, lerCaderno, lerInspecoes, lerPedra, lerRomaneio, lista } from './leituras';
import { Cartoes, Titulo, useLeitura } from './partes';

/* The sections the producer only reads: his romaneios, bulletins, field notebooks, inspections and stalls. */

const rotulo = (rotulos: Record<string, string>, v: string | null) => (v && Object.hasOwn(rotulos, v) ? rotulos[v] : (v ?? ''));
const quantidade = (q: number | null, embalagem: string | null) =>
  q === null ? '' : `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(q)}${embalagem ? ` ${embalagem}` : ''}`;

/** A section that lists what GET /api/{caminho} answers (read by `ler`) as cards under its title. */
function PaginaDeCartoes<T>(p: {
  titulo: string;
  caminho: string;
  ler: (v: unknown) => T[];
  vazio: string;
  curta?: boolean;
  children: (linha: T) => ReactNode;
}) {
  const { carga, recarregar } = useLeitura(p.caminho, p.ler);
  return (
    <section>
      <Titulo>{p.titulo}</Titulo>
      <Cartoes carga={carga} vazio={p.vazio} tentar={recarregar} curta={p.curta}>
        {p.children}
      </Cartoes>
    </section>
  );
}

/** /portal/romaneios: each romaneio's day and number, its items with each lot's public page, its stalls. */
export function RomaneiosPage() {
  // Newest first, the most the route gives in one page.
  return (
    <PaginaDeCartoes titulo="Romaneios" caminho="portal/romaneios?size=100" ler={(v) => lista(v).map(lerRomaneio)} vazio="Nenhum romaneio.">
      {(r) => (
        <>
          <h2>
            Romaneio {r.id} de {formatDate(r.data)}
          </h2>
          <ul className="portal-itens">
            {r.itens.map((i, k) => (
              <li key={k}>
                {i.produto}: {quantidade(i.quantidade, i.embalagem)}
                {i.kg !== null && ` (${formatKg(i.kg)})`}
                {i.link && (
                  <>
                    {' '}
                    · <a href={i.link}>Lote {i.lote ?? ''}</a>
                  </>
                )}
              </li>
            ))}
          </ul>
          {r.pedras.length > 0 && <p>Pedras: {r.pedras.join(', ')}</p>}
        </>
      )}
    </PaginaDeCartoes>
  );
}

/** /portal/boletins: each bulletin's property and day, its items' harvest window, estimate and balance (kg). */
export function BoletinsPage() {
  return (
    <PaginaDeCartoes titulo="Boletins" caminho="portal/boletins" ler={(v) => lista(v).map(lerBoletim)} vazio="Nenhum boletim de colheita.">
      {(b) => (
        <>
          <h2>
            Boletim {b.id} de {formatDate(b.data)}
          </h2>
          {b.propriedade && <p>{b.propriedade}</p>}
          {b.vigencia && <p>Vale até {formatDate(b.vigencia)}</p>}
          <ul className="portal-itens">
            {b.itens.map((i, k) => (
              <li key={k}>
                <strong>{i.produto}</strong>: colheita de {formatDate(i.inicio)} a {formatDate(i.fim)}; estimada {formatKg(i.estimadaKg)}; saldo{' '}
                {formatKg(i.saldoKg)}
              </li>
            ))}
          </ul>
        </>
      )}
    </PaginaDeCartoes>
  );
}

/** /portal/cadernos: each field notebook and each withdrawal period, with the first day its produce may be sold. */
export function CadernosPage() {
  return (
    <PaginaDeCartoes titulo="Cadernos de campo" caminho="portal/cadernos" ler={(v) => lista(v).map(lerCaderno)} vazio="Nenhum caderno de campo.">
      {(c) => (
        <>
          <h2>{[c.produto, c.propriedade].filter(Boolean).join(' - ') || `Caderno ${c.id ?? ''}`}</h2>
          {c.emCarencia !== null && <p className={c.emCarencia ? 'portal-situacao' : undefined}>{c.emCarencia ? 'Em carência hoje' : 'Fora de carência'}</p>}
          {c.periodos.some((a) => a.data) ? (
            <ul className="portal-itens" aria-label="Períodos de carência">
              {c.periodos
                .filter((a) => a.data)
                .map((a, k) => (
                  <li key={k}>
                    {a.nomeProduto ?? 'Produto'} aplicado em {formatDate(a.data)}
                    {a.periodoCarencia !== null && ` (carência de ${a.periodoCarencia} ${a.periodoCarencia === 1 ? 'dia' : 'dias'})`}
                    {a.liberadoEm && `: pode comercializar a partir de ${formatDate(a.liberadoEm)}`}
                  </li>
                ))}
            </ul>
          ) : (
            <p>Sem aplicação de produto químico.</p>
          )}
        </>
      )}
    </PaginaDeCartoes>
  );
}

/** /portal/inspecoes: kind, sample day, result and the lots' situation; the lots held; a running suspension. */
export function InspecoesPage() {
  const { carga, recarregar } = useLeitura('portal/inspecoes', lerInspecoes);
  const d = carga.data;
  return (
    <section>
      <Titulo>Inspeções</Titulo>
      {d?.suspensoAte && <p className="portal-aviso portal-aviso-erro">Suspenso na portaria até {formatDate(d.suspensoAte)}.</p>}
      {d && d.lotesRetidos.length > 0 && (
        <div className="portal-cartao">
          <h2>Lotes retidos</h2>
          <ul className="portal-itens">
            {d.lotesRetidos.map((l, n) => (
              <li key={l.lote ?? n}>
                {l.lote}
                {l.produto && ` - ${l.produto}`}
                {l.romaneioId !== null && ` (romaneio ${l.romaneioId})`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Cartoes carga={{ ...carga, data: d?.inspecoes }} vazio="Nenhuma inspeção." tentar={recarregar}>
        {(i) => (
          <>
            <h2>
              {rotulo(ROTULOS_TIPO_INSPECAO, i.tipo)} em {formatDate(i.coletaEm)}
            </h2>
            {i.romaneioId !== null && <p>Romaneio {i.romaneioId}</p>}
            <p>Resultado: {i.resultado ? rotulo(ROTULOS_RESULTADO, i.resultado) : ROTULOS_RESULTADO.pendente}</p>
            {i.principioAtivo && <p>Princípio ativo encontrado: {i.principioAtivo}</p>}
            {i.situacao && Object.hasOwn(ROTULOS_SITUACAO, i.situacao) && <p>{ROTULOS_SITUACAO[i.situacao as keyof typeof ROTULOS_SITUACAO].texto}</p>}
            {i.lotes.length > 0 && <p>Lotes: {i.lotes.join(', ')}</p>}
            {i.suspensoAte && <p className="portal-aviso portal-aviso-erro">Suspensão até {formatDate(i.suspensoAte)}</p>}
          </>
        )}
      </Cartoes>
    </section>
  );
}

/** /portal/pedras: the stalls booked for him, by day. */
export function PedrasPage() {
  return (
    <PaginaDeCartoes titulo="Pedras" caminho="portal/pedras" ler={(v) => lista(v).map(lerPedra)} vazio="Nenhuma pedra reservada." curta>
      {(p) => (
        <>
          Pedra {p.numero} {p.data && `em ${formatDate(p.data)}`}
          {p.ocupacao && ` (${p.ocupacao})`}
        </>
      )}
    </PaginaDeCartoes>
  );
}
