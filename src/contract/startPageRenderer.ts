/** What the server's start-page renderer (startPage.tsx) gives the server (server/plugins/spa.ts). */
import type { AppConfig } from './configDefaults';
import type { DocumentName } from './documents';
import type { Language } from './languages';

/** A page rendered into public/index.html's root. */
export interface RenderedPage {
  /** What goes inside <div id="root">. */
  rootMarkup: string;
}

export interface PrerenderedStartPage {
  /**
   * The start page in each language (`/?lang=en`): its markup, and what follows the
   * root: the other languages' pages, and the inline script that picks one and then loads the
   * page's scripts.
   */
  languages: Record<Language, RenderedPage & { trailingMarkup: string }>;
  /** The inline script's text, for the Content-Security-Policy's hash. */
  inlineScript: string;
  /**
   * The applicant's page (/my) in each language as it shows while it opens the link: painted
   * before its script has come, which then renders the page in its place. With the page's title,
   * and what it says when scripts are off.
   */
  applicantPage: Record<Language, RenderedPage & { title: string; noscript: string }>;
  /** Each document as a page of its own in each language, with its title; it needs no script. */
  documents: Record<Language, Record<DocumentName, RenderedPage & { title: string }>>;
}

/** Renders the start page; `scriptUrls` are the page's scripts, which it loads after painting. */
export type StartPageRenderer = (
  appConfig: AppConfig,
  scriptUrls: string[],
) => PrerenderedStartPage;
