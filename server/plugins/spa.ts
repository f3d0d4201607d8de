/**
 * The SPA's production bundle. Client-side routes (/, /send, …) get index.html (history
 * fallback) with the SPA's run-time configuration written into it, and `/` the start page
 * rendered into it; HTML is revalidated on every load, content-hashed assets are cached for good.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { appConfigElementId, type AppConfig } from '../../src/config/defaults';
import { compressedPage } from './compressedPage';
import type {
  PrerenderedStartPage,
  StartPageRenderer,
} from '../../src/prerender/prerenderedStartPage';

export interface SpaPluginOptions {
  staticDir: string;
  appConfig: AppConfig;
  startPage: PrerenderedStartPage;
  /** Whether /staff is a client route; off, it answers 404. */
  staffConsole: boolean;
}

/** The build's start-page renderer, which webpack puts beside the bundle it matches. */
const rendererFile = (staticDir: string) => path.join(staticDir, 'prerender', 'startPage.cjs');

function requireBuilt(file: string): string {
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: build the SPA (npm run build:client) or set STATIC_DIR`);
  }
  return file;
}

/** html-webpack-plugin's script tags, `<script defer src="…"></script>`, minified or not. */
const deferredScript = /<script defer(?:="defer")? src="?([^"\s>]+)"?><\/script>/g;

const readIndexHtml = (staticDir: string) =>
  fs.readFileSync(requireBuilt(path.join(staticDir, 'index.html')), 'utf8');

/** The start page for this configuration, by the given renderer or the one built with the SPA. */
export function loadStartPage(
  staticDir: string,
  appConfig: AppConfig,
  renderer?: StartPageRenderer,
): PrerenderedStartPage {
  const render =
    renderer ??
    (
      createRequire(__filename)(requireBuilt(rendererFile(staticDir))) as {
        prerenderStartPage: StartPageRenderer;
      }
    ).prerenderStartPage;
  const scriptUrls = [...readIndexHtml(staticDir).matchAll(deferredScript)].map((tag) => tag[1]);
  return render(appConfig, scriptUrls);
}

/** public/index.html's empty root, as written or as html-webpack-plugin minifies it. */
const emptyRoot = /<div id="?root"?><\/div>/;

/** The page with the start page rendered into its root, its scripts left to the inline one. */
function withStartPage(html: string, startPage: PrerenderedStartPage): string {
  if (!emptyRoot.test(html)) throw new Error('index.html has no empty <div id="root"></div>');
  return html
    .replace(deferredScript, '')
    .replace(
      emptyRoot,
      () => `<div id="root">${startPage.rootMarkup}</div>${startPage.trailingMarkup}`,
    );
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
  { staticDir, appConfig, startPage, staffConsole },
) => {
  const indexHtml = withAppConfig(readIndexHtml(staticDir), appConfig);
  // Only / is prerendered: /send shows the saved form, which only the browser knows.
  const sendStartPage = compressedPage(withStartPage(indexHtml, startPage));
  const sendIndexPage = compressedPage(indexHtml);

  await app.register(fastifyStatic, {
    root: staticDir,
    index: false,
    dotfiles: 'ignore',
    // Directory paths ("/", "/send/") are client routes: leave them to the history fallback.
    // Source maps stay beside the build for error tracking; they would publish the source. The
    // start page's renderer is the server's own.
    allowedPath: (pathname) =>
      !pathname.endsWith('/') && !pathname.endsWith('.map') && !pathname.startsWith('/prerender/'),
    cacheControl: false,
    preCompressed: true, // serves a .br/.gz sibling when the build emitted one
    // The same URL may be sent br, gzip or plain; the plugin adds Vary: Accept-Encoding for it.
    setHeaders: (reply, filePath) => reply.header('cache-control', cachePolicy(filePath)),
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isStaffRoute = pathname === '/staff' || pathname.startsWith('/staff/');
    const isClientRoute =
      !path.posix.basename(pathname).includes('.') && (staffConsole || !isStaffRoute);
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientRoute) {
      return (pathname === '/' ? sendStartPage : sendIndexPage)(request, reply);
    }
    throw app.httpErrors.notFound('Not found');
  });
};
