/**
 * The xlsx's sheet name, column headings and processing states in the staff's language. The
 * fields are headed by the form's own labels (public/assets/i18n) and the reference code as the
 * confirmation email calls it, so that each wording has one home; the row number, the time
 * received and the processing are the export's own.
 */
import type { Language } from '../../src/contract/languages';
import en from '../../public/assets/i18n/en.json';
import sv from '../../public/assets/i18n/sv.json';
import { confirmationTexts } from '../mail/confirmationTexts';
import type { ProcessingState } from '../../src/contract/processing';
import type { ExportColumn } from './exportColumns';

const translations = { sv, en };

interface OwnTexts {
  sheet: string;
  id: string;
  createdAt: string;
  state: string;
  assignee: string;
  states: Record<ProcessingState, string>;
}

const ownTexts: Record<Language, OwnTexts> = {
  sv: {
    sheet: 'Anmälningar',
    id: 'Löpnummer',
    createdAt: 'Mottagen',
    state: 'Status',
    assignee: 'Handläggare',
    states: {
      new: 'Ny',
      'in-progress': 'Under behandling',
      waiting: 'Väntar på sökanden',
      done: 'Behandlad',
    },
  },
  en: {
    sheet: 'Registrations',
    id: 'Number',
    createdAt: 'Received',
    state: 'State',
    assignee: 'Assigned to',
    states: {
      new: 'New',
      'in-progress': 'In progress',
      waiting: 'Waiting for the applicant',
      done: 'Processed',
    },
  },
};

export const sheetName = (language: Language) => ownTexts[language].sheet;

/** A processing state as the xlsx names it. */
export const stateName = (state: ProcessingState, language: Language) =>
  ownTexts[language].states[state];

export function exportHeading(column: ExportColumn, language: Language): string {
  const { general, form } = translations[language];
  switch (column) {
    case 'id':
    case 'createdAt':
    case 'state':
    case 'assignee':
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
