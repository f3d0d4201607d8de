/** Dates, programmes and fields as the applicant reads them, in the page's language. */
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import { programmeWithCode, type FieldName } from '../../contract/fields';
import { defaultLanguage, isLanguage, languageLocales } from '../../contract/languages';
import { fieldNameKey } from '../registration/fieldMessages';

export function useApplicantFormatting() {
  const { t, i18n } = useTranslation('applicant');
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const date = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: config.timeZone,
    dateStyle: 'long',
  });
  const programme = (code: string) =>
    programmeWithCode(code, t(`degree-programs.${code}`, { ns: 'translation' }));
  return {
    received: (iso: string) => date.format(new Date(iso)),
    programme,
    /** A field's name as the form gives it (the terms by their section's heading). */
    label: (field: FieldName) => t(fieldNameKey(field), { ns: 'translation' }),
    /** The form's hint: it speaks to the applicant, who reads it here too. */
    hint: (field: FieldName) =>
      t(`form.${field}-hint`, { ns: 'translation', domain: config.emailDomain }),
    value: (field: FieldName, stored: string | boolean) =>
      field === 'degreeProgram'
        ? programme(String(stored))
        : typeof stored === 'boolean'
          ? t(stored ? 'terms-accepted' : 'terms-not-accepted')
          : stored,
  };
}
