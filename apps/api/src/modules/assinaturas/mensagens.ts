import { formatBRL, formatDate } from '@ceasa/shared';
import type { Extras } from '../../identity/mail';
import type { Assinante, PrecoDoProduto } from './assinaturas.repository';

/** Where the links of the subscription e-mails point: always under the configured public address, never a request's Host. */
export const linkConfirmar = (base: string, token: string) => `${base}/api/publico/assinaturas/confirmar?token=${encodeURIComponent(token)}`;
export const linkCancelar = (base: string, token: string) => `${base}/api/publico/assinaturas/cancelar?token=${encodeURIComponent(token)}`;

/** What every e-mail says about the data kept (LGPD): what, why, for how long, and how to end it. */
export const textoLgpd = (mercado: string) =>
  `O que guardamos e por quê (LGPD): só este endereço de e-mail, os produtos e alertas que você escolheu e as datas do pedido, ` +
  `da confirmação e de cada envio, para mandar a cotação que você pediu (com o seu consentimento, dado ao confirmar). ` +
  `Não compartilhamos esses dados. Um pedido não confirmado é apagado em 7 dias; ao cancelar, a assinatura e esses dados são apagados na hora. ` +
  `Responsável: ${mercado}.`;

/** A text made safe for HTML (the e-mails' bodies and the small pages). */
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface Mensagem {
  assunto: string;
  texto: string;
  extras: Extras;
}

/** Text and HTML of one e-mail, with the one-click unsubscribe (RFC 8058 headers and a link in the body) and the LGPD note. */
function montar(mercado: string, base: string, cancelamento: string, assunto: string, linhas: string[], rodape: string, html?: string): Mensagem {
  const cancelar = linkCancelar(base, cancelamento);
  const texto = [...linhas, '', '--', rodape, textoLgpd(mercado), `Para cancelar a assinatura (um clique, sem senha): ${cancelar}`, ''].join('\n');
  const corpoHtml =
    `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">` +
    (html ?? linhas.map((l) => (l ? `<p>${esc(l)}</p>` : '')).join('')) +
    `<hr><p style="font-size:13px;color:#4b5563">${esc(rodape)}</p><p style="font-size:13px;color:#4b5563">${esc(textoLgpd(mercado))}</p>` +
    `<p style="font-size:13px"><a href="${esc(cancelar)}">Cancelar a assinatura</a> (um clique, sem senha)</p></body></html>`;
  return {
    assunto,
    texto,
    extras: { html: corpoHtml, headers: { 'List-Unsubscribe': `<${cancelar}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
  };
}

export function mensagemConfirmacao(mercado: string, base: string, tokens: { confirmacao: string; cancelamento: string }): Mensagem {
  const confirmar = linkConfirmar(base, tokens.confirmacao);
  return montar(
    mercado,
    base,
    tokens.cancelamento,
    `${mercado} - Confirme sua assinatura da cotação`,
    [
      'Recebemos um pedido para enviar a cotação de preços do dia e alertas de preço a este e-mail.',
      `Para confirmar, abra este link: ${confirmar}`,
      'Se não foi você, ignore este e-mail: sem a confirmação nada mais é enviado e o pedido é apagado em 7 dias.',
    ],
    'Você recebe este e-mail porque alguém pediu a assinatura da cotação com este endereço.',
  );
}

const linhaPreco = (p: PrecoDoProduto) =>
  `${p.produtoNome} (${p.embalagem}): mínimo ${formatBRL(p.valorMinimo)}, mais comum ${formatBRL(p.valorMaisComum)}, máximo ${formatBRL(p.valorMaximo)}`;

export function mensagemCotacao(mercado: string, base: string, a: Assinante, data: string, precos: PrecoDoProduto[]): Mensagem {
  const titulo = `Cotação de ${formatDate(data)}`;
  const html =
    `<h1 style="font-size:20px">${esc(mercado)} - ${esc(titulo)}</h1>` +
    `<table style="border-collapse:collapse" cellpadding="4"><thead><tr><th align="left">Produto</th><th align="left">Embalagem</th>` +
    `<th align="right">Mínimo</th><th align="right">Mais comum</th><th align="right">Máximo</th></tr></thead><tbody>` +
    precos
      .map(
        (p) =>
          `<tr><td>${esc(p.produtoNome)}</td><td>${esc(p.embalagem)}</td><td align="right">${formatBRL(p.valorMinimo)}</td>` +
          `<td align="right">${formatBRL(p.valorMaisComum)}</td><td align="right">${formatBRL(p.valorMaximo)}</td></tr>`,
      )
      .join('') +
    `</tbody></table><p>A cotação completa: <a href="${esc(base)}/home">${esc(base)}/home</a></p>`;
  return montar(
    mercado,
    base,
    a.tokenCancelamento,
    `${mercado} - ${titulo}`,
    [`${mercado} - ${titulo} (R$ por embalagem)`, '', ...precos.map(linhaPreco), '', `A cotação completa: ${base}/home`],
    'Você recebe este e-mail porque assinou a cotação com este endereço e confirmou a assinatura.',
    html,
  );
}

/** One crossed threshold of a subscriber's alert. */
export interface AlertaCruzado {
  preco: PrecoDoProduto;
  sentido: 'acima' | 'abaixo';
  limite: number;
}

export const frasesDoAlerta = (c: AlertaCruzado) =>
  `${c.preco.produtoNome} (${c.preco.embalagem}) ${c.sentido === 'acima' ? 'subiu para' : 'caiu para'} ${formatBRL(c.preco.valorMaisComum)}, ` +
  `${c.sentido === 'acima' ? 'acima de' : 'abaixo de'} ${formatBRL(c.limite)}` +
  (c.preco.anterior != null ? ` (antes: ${formatBRL(c.preco.anterior)})` : '');

export function mensagemAlerta(mercado: string, base: string, a: Assinante, data: string, cruzados: AlertaCruzado[]): Mensagem {
  const assunto =
    cruzados.length === 1
      ? `${mercado} - Alerta de preço: ${cruzados[0].preco.produtoNome} ${cruzados[0].sentido === 'acima' ? 'acima de' : 'abaixo de'} ${formatBRL(cruzados[0].limite)}`
      : `${mercado} - Alertas de preço de ${formatDate(data)} (${cruzados.length})`;
  return montar(
    mercado,
    base,
    a.tokenCancelamento,
    assunto,
    [
      `Alerta de preço na cotação de ${formatDate(data)} (preço mais comum do dia, R$ por embalagem):`,
      '',
      ...cruzados.map(frasesDoAlerta),
      '',
      `A cotação completa: ${base}/home`,
    ],
    'Você recebe este e-mail porque criou este alerta ao assinar a cotação com este endereço e confirmou a assinatura.',
  );
}

/**
 * A small pt-BR page (the confirmation and unsubscribe results): a heading, paragraphs, an optional form button and a
 * link onwards (the day's quotation unless told).
 */
export function pagina(
  mercado: string,
  titulo: string,
  paragrafos: string[],
  botao?: { acao: string; rotulo: string },
  link: { href: string; rotulo: string } = { href: '/home', rotulo: 'Ver a cotação do dia' },
): string {
  return (
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${esc(titulo)} - ${esc(mercado)}</title></head>` +
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;margin:0;color:#1f2937">` +
    `<header style="background:#065f46;color:#fff;padding:12px 16px;font-weight:bold">${esc(mercado)}</header>` +
    `<main style="max-width:40rem;margin:0 auto;padding:16px"><h1 style="font-size:1.5rem">${esc(titulo)}</h1>` +
    paragrafos.map((p) => `<p>${esc(p)}</p>`).join('') +
    (botao
      ? `<form method="post" action="${esc(botao.acao)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit" style="background:#065f46;color:#fff;border:0;border-radius:6px;padding:12px 20px;font-size:1rem">${esc(botao.rotulo)}</button></form>`
      : '') +
    `<p><a href="${esc(link.href)}" style="color:#065f46">${esc(link.rotulo)}</a></p></main></body></html>`
  );
}
