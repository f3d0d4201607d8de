/**
 * The xlsx's sheet name and column headings in the staff's language. The fields are headed by the form's own
 * labels (public/assets/i18n) and the reference code as the confirmation email calls it, so that
 * each wording has one home; only the row number and the time received are the export's own.
 */
import type { Language } from '../../src/contract/languages';
import en from '../../public/assets/i18n/en.json';
import sv from '../../public/assets/i18n/sv.json';
import { confirmationTexts } from '../mail/confirmationTexts';
import type { ExportColumn } from './exportColumns';

const translations = { sv, en };

const ownTexts: Record<Language, { sheet: string; id: string; createdAt: string }> = {
  sv: { sheet: 'Anmälningar', id: 'Löpnummer', createdAt: 'Mottagen' },
  en: { sheet: 'Registrations', id: 'Number', createdAt: 'Received' },
};

export const sheetName = (language: Language) => ownTexts[language].sheet;

export function exportHeading(column: ExportColumn, language: Language): string {
  const { general, form } = translations[language];
  switch (column) {
    case 'id':
    case 'createdAt':
      return ownTexts[language][column];
    case 'reference':
      return confirmationTexts[language].reference;
    case 'language':
      return general['language-label'];
    case 'terms':
      return form['terms-heading'];
    default:
      return form[`${column}-label`];
  }
}
