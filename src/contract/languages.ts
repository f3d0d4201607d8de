/**
 * Every language the product has texts for: the one list a new language is added to (with its
 * name and locale below, and its translation files). Which of them an institution offers, and in
 * what order, is its LANGUAGES setting (the configuration's `languages`).
 */
export const languages = ['sv', 'en', 'fi'] as const;
export type Language = (typeof languages)[number];

/** Offered when LANGUAGES is unset: Swedish, the default and fallback, and English. */
export const defaultLanguages: readonly Language[] = ['sv', 'en'];
export const defaultLanguage: Language = defaultLanguages[0];

/** The address's parameter that opens the form in a language: `/?lang=en`. */
export const languageParameter = 'lang';

/** A page's address that opens it in a language. */
export const pathIn = (language: Language, path: string) =>
  `${path}?${languageParameter}=${language}`;

/** Each language's name in that language, as the switcher shows it. */
export const languageNames: Record<Language, string> = {
  sv: 'Svenska',
  en: 'English',
  fi: 'Suomi',
};

/** The locale each language's dates are written in: Finland's Swedish, British English, Finnish. */
export const languageLocales: Record<Language, string> = {
  sv: 'sv-FI',
  en: 'en-GB',
  fi: 'fi-FI',
};

/**
 * How each language writes a date on its own: in words in Swedish and English (24 november 2026),
 * in figures in Finnish (24.11.2026), as Finnish texts write dates.
 */
export const languageDateStyles: Record<Language, 'long' | 'medium'> = {
  sv: 'long',
  en: 'long',
  fi: 'medium',
};

/** The date style of a locale in languageLocales (long for any other). */
export const dateStyleOfLocale = (locale: string) =>
  languageDateStyles[languages.find((language) => languageLocales[language] === locale) ?? 'sv'];

/** One value for each language. */
export const byLanguage = <Value>(value: (language: Language) => Value) =>
  Object.fromEntries(languages.map((language) => [language, value(language)])) as Record<
    Language,
    Value
  >;

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}

/**
 * A list of languages to offer, the first the default (LANGUAGES, or the page's configuration):
 * undefined unless it is non-empty, every one supported, none twice.
 */
export function offeredLanguagesFrom(list: unknown): Language[] | undefined {
  if (!Array.isArray(list) || list.length === 0 || !list.every(isLanguage)) return undefined;
  return new Set(list).size === list.length ? list : undefined;
}
