/**
 * A page the server makes once and sends often (the SPA's HTML), compressed once as brotli and
 * gzip; each request gets the encoding it accepts, or the text itself.
 */
import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const encodings = ['br', 'gzip'] as const;

/** `varies`: the request headers besides Accept-Encoding that chose this page. */
export function compressedPage(html: string, varies: string[] = []) {
  const vary = ['accept-encoding', ...varies].join(', ');
  const bodies = {
    br: brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(html, { level: 9 }),
    identity: Buffer.from(html),
  };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const encoding =
      negotiate(request.headers['accept-encoding'] ?? '', [...encodings]) ?? 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('vary', vary)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(bodies[encoding as keyof typeof bodies]);
  };
}
