/**
 * The language of a registration: the SPA names its page's language in Accept-Language (sv or
 * en); anything else, or nothing, is Swedish, the default.
 */
import { negotiate } from '@fastify/accept-negotiator';
import {
  defaultLanguage,
  isLanguage,
  languages,
  type Language,
} from '../../src/contract/languages';

export function registrationLanguage(acceptLanguage: string | undefined): Language {
  const language = negotiate(acceptLanguage ?? '', [...languages]);
  return isLanguage(language) ? language : defaultLanguage;
}
