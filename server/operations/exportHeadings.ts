/**
 * The xlsx's sheet name, column headings and processing states in the staff's language. The
 * fields are headed by the form's own labels (public/assets/i18n), the reference code as the
 * confirmation email calls it and the processing as the console names it (i18n/staff), so that
 * each wording has one home; the row number and the time received are the export's own.
 */
import type { Language } from '../../src/contract/languages';
import en from '../../public/assets/i18n/en.json';
import sv from '../../public/assets/i18n/sv.json';
import staffEn from '../../public/assets/i18n/staff/en.json';
import staffSv from '../../public/assets/i18n/staff/sv.json';
import { confirmationTexts } from '../mail/confirmationTexts';
import type { ProcessingState } from '../../src/contract/processing';
import type { ExportColumn } from './exportColumns';

const translations = { sv, en };
const staffTranslations = { sv: staffSv, en: staffEn };

interface OwnTexts {
  sheet: string;
  id: string;
  createdAt: string;
}

const ownTexts: Record<Language, OwnTexts> = {
  sv: {
    sheet: 'Anmälningar',
    id: 'Löpnummer',
    createdAt: 'Mottagen',
  },
  en: {
    sheet: 'Registrations',
    id: 'Number',
    createdAt: 'Received',
  },
};

export const sheetName = (language: Language) => ownTexts[language].sheet;

/** A processing state as the xlsx names it. */
export const stateName = (state: ProcessingState, language: Language) =>
  staffTranslations[language].state[state];

export function exportHeading(column: ExportColumn, language: Language): string {
  const { general, form } = translations[language];
  switch (column) {
    case 'id':
    case 'createdAt':
      return ownTexts[language][column];
    case 'state':
      return staffTranslations[language]['state-label'];
    case 'assignee':
      return staffTranslations[language]['assignee-label'];
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
