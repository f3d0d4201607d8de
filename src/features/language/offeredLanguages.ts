/** The languages this institution offers (its LANGUAGES, in the page's configuration). */
import { config } from '../../config';
import { defaultLanguage, type Language } from '../../contract/languages';

export const offeredLanguages = (): readonly Language[] => config.languages;

/** The default and fallback: the first offered. */
export const firstLanguage = (): Language => config.languages[0];

export function isOffered(value: unknown): value is Language {
  return config.languages.includes(value as Language);
}

/**
 * Where a text missing in the language shown is taken from: the default, then Swedish, the
 * reference every surface is complete in (a surface not yet translated shows in it).
 */
export const fallbackLanguages = (): Language[] => [...new Set([firstLanguage(), defaultLanguage])];
