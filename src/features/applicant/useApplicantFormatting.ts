/** Dates, programmes and fields as the applicant reads them, in the page's language. */
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import { programmeWithCode, type FieldName } from '../../contract/fields';
import {
  defaultLanguage,
  isLanguage,
  languageDateStyles,
  languageLocales,
} from '../../contract/languages';
import { fieldNameKey } from '../registration/fieldMessages';

export function useApplicantFormatting() {
  const { t, i18n } = useTranslation('applicant');
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const date = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: config.timeZone,
    dateStyle: languageDateStyles[language],
  });
  // A day, not a moment: written as it is, in no time zone's terms.
  const birthdayFormat = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: 'UTC',
    dateStyle: languageDateStyles[language],
  });
  const programme = (code: string) =>
    programmeWithCode(code, t(`degree-programs.${code}`, { ns: 'translation' }));
  return {
    received: (iso: string) => date.format(new Date(iso)),
    /** A dd.mm.yyyy birthday as the page writes a date: 5 September 2001, 5 september 2001. */
    birthday: (ddmmyyyy: string) => {
      const [day, month, year] = ddmmyyyy.split('.').map(Number);
      return birthdayFormat.format(new Date(Date.UTC(year, month - 1, day)));
    },
    /** A day (YYYY-MM-DD), as the page writes a date: 15 December 2026. */
    day: (day: string) => birthdayFormat.format(new Date(`${day}T00:00:00Z`)),
    programme,
    /** A field's name as the form gives it (the terms by their section's heading). */
    label: (field: FieldName) => t(fieldNameKey(field), { ns: 'translation' }),
    /** The form's hint: it speaks to the applicant, who reads it here too. */
    hint: (field: FieldName) =>
      t(`form.${field}-hint`, { ns: 'translation', domain: config.emailDomain }),
    /** The correction's checkbox, by the sentence it confirms (not its section's "Villkor"). */
    checkboxLabel: () => t('terms-checkbox-label'),
    value: (field: FieldName, stored: string | boolean) =>
      field === 'degreeProgram'
        ? programme(String(stored))
        : typeof stored === 'boolean'
          ? t(stored ? 'terms-accepted' : 'terms-not-accepted')
          : stored,
  };
}
