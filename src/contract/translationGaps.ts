/**
 * What is not yet translated, by language: whole surfaces (a translation folder under
 * public/assets/i18n, or the server's texts) and parts of the form's file (by key). Meanwhile
 * they show in Swedish, the reference every surface is complete in. The key checker
 * (__tests__/translations.test.ts) allows exactly these gaps, so that each one stays visible.
 */
import type { Language } from './languages';

export const notYetTranslated: Partial<Record<Language, readonly string[]>> = {
  fi: ['staff'],
};
