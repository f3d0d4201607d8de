/**
 * The SPA's production bundle. Client-side routes (/, /send, …) get index.html (history
 * fallback) with the SPA's run-time configuration written into it; HTML is revalidated on every
 * load, content-hashed assets are cached for good.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { appConfigElementId, type AppConfig } from '../../src/config/defaults';

export interface SpaPluginOptions {
  staticDir: string;
  appConfig: AppConfig;
}

/** A webpack [contenthash] in the file name (main.3f9a1c2b.js) makes it safe to cache forever. */
const contentHashed = /\.[0-9a-f]{8,}\./;

function cachePolicy(filePath: string): string {
  if (filePath.endsWith('.html')) return 'no-cache';
  return contentHashed.test(path.basename(filePath))
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * The page with the configuration as a JSON data block before </head>. `<` is escaped so that no
 * value can end the block; the Content-Security-Policy lets data blocks be (they run nothing).
 * The development server (webpack.config.js) serves its page through this too.
 */
export function withAppConfig(html: string, appConfig: AppConfig): string {
  const json = JSON.stringify(appConfig).replace(/</g, '\\u003c');
  const block = `<script id="${appConfigElementId}" type="application/json">${json}</script>`;
  return html.replace('</head>', `${block}</head>`);
}

export const spaPlugin: FastifyPluginAsync<SpaPluginOptions> = async (
  app,
  { staticDir, appConfig },
) => {
  const indexFile = path.join(staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    throw new Error(
      `${indexFile} is missing: build the SPA (npm run build:client) or set STATIC_DIR`,
    );
  }
  const indexHtml = withAppConfig(fs.readFileSync(indexFile, 'utf8'), appConfig);
  const sendIndexHtml = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

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
