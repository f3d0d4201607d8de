/** What the server's start-page renderer (startPage.tsx) gives the server (server/plugins/spa.ts). */
import type { AppConfig } from '../config/defaults';

export interface PrerenderedStartPage {
  /** What goes inside <div id="root">: the page in the default language. */
  rootMarkup: string;
  /**
   * What follows the root: the other languages' pages, and the inline script that picks one and
   * then loads the page's scripts.
   */
  trailingMarkup: string;
  /** The inline script's text, for the Content-Security-Policy's hash. */
  inlineScript: string;
}

/** Renders the start page; `scriptUrls` are the page's scripts, which it loads after painting. */
export type StartPageRenderer = (
  appConfig: AppConfig,
  scriptUrls: string[],
) => PrerenderedStartPage;
