export const languages = ['sv', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'sv';

/** Each language's name in that language, as the switcher shows it. */
export const languageNames: Record<Language, string> = { sv: 'Svenska', en: 'English' };

/** The locale each language's dates are written in: Finland's Swedish, British English. */
export const languageLocales: Record<Language, string> = { sv: 'sv-FI', en: 'en-GB' };

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}
