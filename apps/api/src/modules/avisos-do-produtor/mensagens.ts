import { ROTULOS_DOS_AVISOS, type TipoDeAviso } from '@ceasa/shared';
import type { Extras } from '../../identity/mail';
import { esc } from '../assinaturas/assinaturas.service';

/** The one-click unsubscribe address of a kind of news: always under the configured public address, never a request's Host. */
export const CAMINHO_DO_CANCELAMENTO = '/api/publico/portal/avisos/cancelar';
export const linkDoCancelamento = (base: string, token: string) => `${base}${CAMINHO_DO_CANCELAMENTO}?token=${encodeURIComponent(token)}`;

export interface Mensagem {
  assunto: string;
  texto: string;
  extras: Extras;
}

/**
 * A notice's e-mail: its title and text, where to read all of them (the portal), why he gets it, and the one-click
 * unsubscribe of its kind (RFC 8058 headers and a link in both bodies).
 */
export function mensagemDoAviso(mercado: string, base: string, a: { tipo: TipoDeAviso; titulo: string; texto: string }, token: string): Mensagem {
  const cancelar = linkDoCancelamento(base, token);
  const portal = `${base}/portal`;
  const rotulo = ROTULOS_DOS_AVISOS[a.tipo];
  const porque = 'Você recebe este e-mail porque tem uma conta no portal do produtor deste mercado.';
  const parar = `Para não receber mais por e-mail os avisos de ${rotulo} (um clique, sem senha): ${cancelar}`;
  const texto = [
    a.titulo,
    '',
    a.texto,
    '',
    `Todos os seus avisos ficam no portal: ${portal}`,
    '',
    '--',
    porque,
    parar,
    'Os avisos continuam no portal.',
    '',
  ].join('\n');
  const cinza = 'font-size:13px;color:#4b5563';
  const html =
    `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    `<h1 style="font-size:20px">${esc(a.titulo)}</h1><p>${esc(a.texto)}</p>` +
    `<p>Todos os seus avisos ficam no portal: <a href="${esc(portal)}">${esc(portal)}</a></p>` +
    `<hr><p style="${cinza}">${esc(porque)}</p>` +
    `<p style="${cinza}"><a href="${esc(cancelar)}">Não receber mais os avisos de ${esc(rotulo)} por e-mail</a> (um clique, sem senha). ` +
    `Os avisos continuam no portal.</p></body></html>`;
  return {
    assunto: `${mercado} - ${a.titulo}`,
    texto,
    extras: { html, headers: { 'List-Unsubscribe': `<${cancelar}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
  };
}

/** The unsubscribe page's words. */
export const PAGINAS = {
  invalido: {
    titulo: 'Link inválido',
    paragrafos: [
      'Este link de cancelamento não vale: o endereço está incompleto ou foi alterado. Use o link do e-mail mais recente, ou mude suas preferências no portal.',
    ],
  },
  pergunta: (tipo: TipoDeAviso) => ({
    titulo: 'Parar os avisos por e-mail',
    paragrafos: [
      `Ao confirmar, você não recebe mais por e-mail os avisos de ${ROTULOS_DOS_AVISOS[tipo]}. Eles continuam no portal, e os outros avisos seguem chegando.`,
    ],
  }),
  feito: (tipo: TipoDeAviso) => ({
    titulo: 'Avisos por e-mail cancelados',
    paragrafos: [
      `Pronto: você não recebe mais por e-mail os avisos de ${ROTULOS_DOS_AVISOS[tipo]}.`,
      'Eles continuam no portal, onde você pode voltar a recebê-los por e-mail em "Avisos".',
    ],
  }),
} as const;
