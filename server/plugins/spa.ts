/**
 * The SPA's production bundle. Client-side routes (/, /send, …) get index.html (history
 * fallback) with the SPA's run-time configuration written into it, and `/` the start page
 * rendered into it, in the language `?lang=` asks for; each document has a page of its own
 * (/terms, /privacy, /accessibility), without script. The applicant's own link has a page of its
 * own, my.html, at /my and /my/<token>. HTML is revalidated on every load,
 * content-hashed assets are cached for good.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { appConfigElementId, type AppConfig } from '../../src/contract/configDefaults';
import { applicantApiPath, applicantPagePath } from '../../src/contract/applicantPaths';
import { acceptedLanguages, preferredLanguage } from '../../src/contract/browserLanguage';
import { consoleApiPath } from '../../src/contract/consolePaths';
import { documentNames, documentPath } from '../../src/contract/documents';
import { byLanguage, languageParameter, type Language } from '../../src/contract/languages';
import { compressedPage } from './compressedPage';

/** Where the JSON APIs live (every version of the integration API's): no page is under them. */
const apiPaths = ['/api', consoleApiPath, applicantApiPath];
import type { PrerenderedStartPage, StartPageRenderer } from '../../src/contract/startPageRenderer';

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

const readHtml = (staticDir: string, file: string) =>
  fs.readFileSync(requireBuilt(path.join(staticDir, file)), 'utf8');
const readIndexHtml = (staticDir: string) => readHtml(staticDir, 'index.html');

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

/** public/index.html's empty root and <html lang>, as written or minified (html-webpack-plugin). */
const emptyRoot = /<div id="?root"?><\/div>/;
const htmlLanguage = /<html lang="?[\w-]+"?>/;

/** The page in a language, with markup rendered into its root and what follows the root. */
function withRendered(
  html: string,
  language: Language,
  { rootMarkup, trailingMarkup = '' }: { rootMarkup: string; trailingMarkup?: string },
): string {
  if (!emptyRoot.test(html)) throw new Error('The page has no empty <div id="root"></div>');
  return html
    .replace(htmlLanguage, `<html lang="${language}">`)
    .replace(emptyRoot, () => `<div id="root">${rootMarkup}</div>${trailingMarkup}`);
}

/** The start page's scripts are left to its inline script, which loads them after painting. */
const withoutScripts = (html: string) => html.replace(deferredScript, '');

/** What only the app needs: its scripts, the translations it fetches, the notice it needs them. */
const scriptElement = /<script\b[^>]*>.*?<\/script>/gs;
const translationsPreload = /<link rel="?preload"?[^>]*>/;
const noscriptNotice = /<noscript>.*?<\/noscript>/s;
const title = /<title>[^<]*<\/title>/;
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A document's page: the app's page without the app, in its language, under its own title. */
function documentPage(
  html: string,
  language: Language,
  page: { rootMarkup: string; title: string },
) {
  return withRendered(
    html
      .replace(scriptElement, '')
      .replace(translationsPreload, '')
      .replace(noscriptNotice, '')
      .replace(title, () => `<title>${escapeText(page.title)}</title>`),
    language,
    page,
  );
}

/**
 * `?lang=` when it names an offered language; else `otherwise` (the browser's, from
 * Accept-Language), else the default, the first offered.
 */
function languageAsked(
  request: FastifyRequest,
  offered: readonly Language[],
  otherwise: (acceptLanguage: string | undefined) => Language = () => offered[0],
): Language {
  const asked = (request.query as Record<string, unknown>)[languageParameter];
  return (
    offered.find((language) => language === asked) ?? otherwise(request.headers['accept-language'])
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
  // A function, so that `$&` or `$'` in a value is inserted as written, not expanded.
  return html.replace('</head>', () => `${block}</head>`);
}

export const spaPlugin: FastifyPluginAsync<SpaPluginOptions> = async (
  app,
  { staticDir, appConfig, startPage, staffConsole },
) => {
  const pageHtml = readIndexHtml(staticDir);
  const indexHtml = withAppConfig(pageHtml, appConfig);
  // / and the documents are prerendered; /send shows the saved form, which only the browser knows.
  const startPages = byLanguage((language) =>
    compressedPage(
      withRendered(withoutScripts(indexHtml), language, startPage.languages[language]),
    ),
  );
  const sendIndexPage = compressedPage(indexHtml);
  const sendStaffPage =
    staffConsole && compressedPage(withAppConfig(readHtml(staticDir, 'staff.html'), appConfig));
  app.get('/', (request, reply) =>
    startPages[languageAsked(request, appConfig.languages)](request, reply),
  );
  // The applicant's page, with the link's token in the address until the page takes it out. The
  // whole server's Referrer-Policy (no-referrer) keeps the token from being sent anywhere.
  // Painted as it shows while it opens the link, before its script has come.
  const myHtml = withAppConfig(readHtml(staticDir, 'my.html'), appConfig);
  const applicantPages = byLanguage((language) => {
    const page = startPage.applicantPage[language];
    const named = myHtml
      .replace(title, () => `<title>${escapeText(page.title)}</title>`)
      .replace(noscriptNotice, () => `<noscript>${escapeText(page.noscript)}</noscript>`);
    return compressedPage(withRendered(named, language, page), ['accept-language']);
  });
  // Before the link has said the registration's language, the browser's: a link that no longer
  // opens must not greet an English applicant in Swedish.
  const sendApplicantPage = (request: FastifyRequest, reply: FastifyReply) =>
    applicantPages[
      languageAsked(request, appConfig.languages, (header) =>
        preferredLanguage(acceptedLanguages(header), appConfig.languages),
      )
    ](request, reply);
  app.get(applicantPagePath, sendApplicantPage);
  app.get(`${applicantPagePath}/:token`, sendApplicantPage);
  // A document's page holds no app, so neither its configuration: the page as built.
  for (const name of documentNames) {
    const pages = byLanguage((language) =>
      compressedPage(documentPage(pageHtml, language, startPage.documents[language][name])),
    );
    app.get(documentPath(name), (request, reply) =>
      pages[languageAsked(request, appConfig.languages)](request, reply),
    );
  }

  await app.register(fastifyStatic, {
    root: staticDir,
    index: false,
    dotfiles: 'ignore',
    // Directory paths ("/", "/send/") are client routes: leave them to the history fallback.
    // Source maps stay beside the build for error tracking; they would publish the source. The
    // start page's renderer is the server's own.
    allowedPath: (pathname) =>
      !pathname.endsWith('/') &&
      !pathname.endsWith('.map') &&
      !pathname.startsWith('/prerender/') &&
      // Served with their configuration (staff.html only when the console is on).
      pathname !== '/staff.html' &&
      pathname !== '/my.html',
    cacheControl: false,
    preCompressed: true, // serves a .br/.gz sibling when the build emitted one
    // The same URL may be sent br, gzip or plain; the plugin adds Vary: Accept-Encoding for it.
    setHeaders: (reply, filePath) => reply.header('cache-control', cachePolicy(filePath)),
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0];
    const isPage =
      !path.posix.basename(pathname).includes('.') &&
      !apiPaths.some((api) => pathname === api || pathname.startsWith(`${api}/`));
    if ((request.method === 'GET' || request.method === 'HEAD') && isPage) {
      const isStaffRoute = pathname === '/staff' || pathname.startsWith('/staff/');
      if (!isStaffRoute) return sendIndexPage(request, reply);
      if (sendStaffPage) return sendStaffPage(request, reply);
    }
    throw app.httpErrors.notFound('Not found');
  });
};
