export const languages = ['sv', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'sv';

/** The address's parameter that opens the form in a language: `/?lang=en`. */
export const languageParameter = 'lang';

/** A page's address that opens it in a language. */
export const pathIn = (language: Language, path: string) =>
  `${path}?${languageParameter}=${language}`;

/** Each language's name in that language, as the switcher shows it. */
export const languageNames: Record<Language, string> = { sv: 'Svenska', en: 'English' };

/** The locale each language's dates are written in: Finland's Swedish, British English. */
export const languageLocales: Record<Language, string> = { sv: 'sv-FI', en: 'en-GB' };

/** One value for each language. */
export const byLanguage = <Value>(value: (language: Language) => Value) =>
  Object.fromEntries(languages.map((language) => [language, value(language)])) as Record<
    Language,
    Value
  >;

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}
