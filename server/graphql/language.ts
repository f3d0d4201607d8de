/**
 * The language of a registration: the SPA names its page's language in Accept-Language; one not
 * offered, or none, is the default (the first offered).
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { Language } from '../../src/contract/languages';

export function registrationLanguage(
  acceptLanguage: string | undefined,
  offered: readonly Language[],
): Language {
  const language = negotiate(acceptLanguage ?? '', [...offered]);
  return offered.find((candidate) => candidate === language) ?? offered[0];
}
