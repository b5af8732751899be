import type { FastifyReply } from 'fastify';

/**
 * A page answered to a link opened from an e-mail (a subscription's confirmation, an unsubscribe): HTML, never
 * stored (no-store) and sent to no other site as a Referer (no-referrer), since the link's token is in its address.
 */
export function paginaDoLink(reply: FastifyReply, corpo: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(corpo);
}
