/**
 * The SPA's production bundle. Client-side routes (/, /send, …) get index.html (history
 * fallback); HTML is revalidated on every load, content-hashed assets are cached for good.
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';

export interface SpaPluginOptions {
  staticDir: string;
}

/** A webpack [contenthash] in the file name (main.3f9a1c2b.js) makes it safe to cache forever. */
const contentHashed = /\.[0-9a-f]{8,}\./;

function cachePolicy(filePath: string): string {
  if (filePath.endsWith('.html')) return 'no-cache';
  return contentHashed.test(path.basename(filePath))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

function sendIndexHtml(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

export const spaPlugin: FastifyPluginAsync<SpaPluginOptions> = async (app, { staticDir }) => {
  await app.register(fastifyStatic, {
    root: staticDir,
    index: false,
    dotfiles: 'ignore',
    // Directory paths ("/", "/send/") are client routes: leave them to the history fallback.
    // Source maps stay beside the build for error tracking; they would publish the source.
    allowedPath: (pathname) => !pathname.endsWith('/') && !pathname.endsWith('.map'),
    cacheControl: false,
    preCompressed: true, // serves a .br/.gz sibling when the build emitted one
    // The same URL may be sent br, gzip or plain; the plugin adds Vary: Accept-Encoding for it.
    setHeaders: (reply, filePath) => reply.header('cache-control', cachePolicy(filePath)),
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isClientRoute = !path.posix.basename(pathname).includes('.');
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientRoute) {
      return sendIndexHtml(reply);
    }
    throw app.httpErrors.notFound('Not found');
  });
};
