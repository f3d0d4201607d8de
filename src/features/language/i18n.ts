import i18next, { type Resource } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languages, type Language } from './languages';

export const translationsPath = '/assets/i18n/{{lng}}.json';

/**
 * An i18next instance for the app. Translations load over HTTP from public/assets/i18n; tests pass
 * them in as `resources`. A missing key or file falls back to Swedish.
 */
export function createI18n(language: Language, resources?: Resource) {
  const instance = i18next.createInstance();
  if (!resources) instance.use(HttpBackend);
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
    load: 'languageOnly',
    resources,
    // Given translations are there at once, so the first render (the server's too) has them.
    initAsync: !resources,
    backend: { loadPath: translationsPath },
    // A file that fails to load is retried briefly, then the fallback shows (not a long blank).
    maxRetries: 2,
    retryTimeout: 300,
    interpolation: { escapeValue: false },
  });
  return instance;
}
