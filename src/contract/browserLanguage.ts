/**
 * The browser's language among ours, before a page knows which one the applicant wants: the
 * first of the browser's languages (navigator.languages, or Accept-Language by weight) that is one
 * of those offered, a region aside (en-US is English, sv-FI Swedish). Where Finnish is not offered,
 * a Finnish browser that also names English reads English; one naming neither, the default (the
 * first offered).
 */
import type { Language } from './languages';

/** The first of `tags`, most preferred first, that names one of the `offered` languages. */
export function preferredLanguage(tags: readonly string[], offered: readonly Language[]): Language {
  for (const tag of tags) {
    const primary = tag.trim().split('-')[0].toLowerCase();
    const language = offered.find((candidate) => candidate === primary);
    if (language) return language;
  }
  return offered[0];
}

/** An Accept-Language header's tags, most preferred first (RFC 9110 §12.5.4); q=0 refuses one. */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag, ...parameters] = entry.split(';').map((part) => part.trim());
      const weight = parameters.find((parameter) => parameter.startsWith('q='));
      return { tag, q: weight ? Number(weight.slice(2)) : 1, index };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
