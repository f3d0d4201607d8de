/**
 * The xlsx's sheet name, column headings and coded values in the staff's language. The fields are
 * headed by the form's own labels (public/assets/i18n) and its programmes named as the form names
 * them, the reference code as the confirmation email calls it, the processing, languages and "yes"
 * as the console does (i18n/staff), so that each wording has one home; the row number and the time
 * received are the export's own.
 */
import type { Language } from '../../src/contract/languages';
import en from '../../public/assets/i18n/en.json';
import fi from '../../public/assets/i18n/fi.json';
import sv from '../../public/assets/i18n/sv.json';
import staffEn from '../../public/assets/i18n/staff/en.json';
import staffSv from '../../public/assets/i18n/staff/sv.json';
import { confirmationTexts } from '../mail/confirmationTexts';
import type { ProcessingState } from '../../src/contract/processing';
import type { DegreeProgram } from '../../src/contract/fields';
import type { ExportColumn } from './exportColumns';

const translations = { sv, en, fi };
// The console is not yet in Finnish (src/contract/translationGaps.ts): its words in Swedish.
const staffTranslations = { sv: staffSv, en: staffEn, fi: staffSv };

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
  fi: {
    sheet: 'Ilmoittautumiset',
    id: 'Järjestysnumero',
    createdAt: 'Vastaanotettu',
  },
};

export const sheetName = (language: Language) => ownTexts[language].sheet;

/** A value as people read it in the xlsx: a code by its name, the rest as it is. */
export function exportText(column: ExportColumn, value: unknown, language: Language): string {
  const staff = staffTranslations[language];
  switch (column) {
    case 'state':
      return staff.state[value as ProcessingState];
    case 'degreeProgram':
      return translations[language]['degree-programs'][value as DegreeProgram];
    case 'language':
      return staff[`language-${value as Language}`];
    case 'terms':
      return value === true ? staff.yes : String(value);
    default:
      return String(value);
  }
}

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
