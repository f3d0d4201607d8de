import i18next, { type i18n as I18n, type ReadCallback, type Resource } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '../../contract/languages';
import { fallbackLanguages } from './offeredLanguages';

/**
 * Where a language's translations are served (public/assets/i18n, copied into the build): the
 * form's in one file per language, a part loaded on demand (the staff console's) in its folder.
 */
export const translationsUrl = (language: string, namespace = 'translation') =>
  namespace === 'translation'
    ? `/assets/i18n/${language}.json`
    : `/assets/i18n/${namespace}/${language}.json`;

/**
 * Fetches a language's file for i18next. A network failure or a server error may pass, so i18next
 * tries again (maxRetries below); a missing file will not.
 */
function fetchTranslations(language: string, namespace: string, done: ReadCallback) {
  fetch(translationsUrl(language, namespace)).then(
    async (response) => {
      if (!response.ok) return done(new Error(`HTTP ${response.status}`), response.status >= 500);
      try {
        done(null, await response.json());
      } catch (error) {
        done(error as Error, false);
      }
    },
    (error: Error) => done(error, true),
  );
}

/**
 * An i18next instance for the app. Translations load over HTTP; tests and the server's prerender
 * pass them in as `resources`. A missing key or file falls back (fallbackLanguages).
 */
export function createI18n(language: Language, resources?: Resource) {
  const instance = i18next.createInstance();
  if (!resources) instance.use(resourcesToBackend(fetchTranslations));
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: fallbackLanguages(),
    supportedLngs: languages,
    load: 'languageOnly',
    resources,
    // Given translations are there at once, so the first render (the server's too) has them.
    initAsync: !resources,
    // A file that fails to load is retried briefly, then the fallback shows (not a long blank).
    maxRetries: 2,
    retryTimeout: 300,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** Resolves once the instance has loaded its language's texts (or given up on them). */
export const translationsLoaded = (instance: I18n) =>
  new Promise((resolve) =>
    instance.isInitialized ? resolve(undefined) : instance.on('initialized', resolve),
  );
