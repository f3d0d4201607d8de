/** Times, programmes and values as the staff read them: in the institution's time zone and language. */
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import type { FieldName } from '../../contract/fields';
import { defaultLanguage, isLanguage, languageLocales } from '../../contract/languages';
import type { ProcessingState } from '../../contract/processing';

export function useFormatting() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const dateTime = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: config.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const dateOfTime = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: config.timeZone,
    dateStyle: 'short',
  });
  // A calendar day (YYYY-MM-DD) is already the time zone's: read as UTC, it stays that day.
  const calendarDay = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'numeric',
  });
  const calendarDate = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: 'UTC',
    dateStyle: 'short',
  });
  const programme = (code: string) => t(`degree-programs.${code}`);
  // The birthday is stored as the form takes it (dd.mm.yyyy): shown as the console's other dates.
  const birthday = (stored: string) => {
    const [, day, month, year] = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(stored) ?? [];
    return year ? calendarDate.format(new Date(`${year}-${month}-${day}T00:00:00Z`)) : stored;
  };
  return {
    received: (iso: string) => dateTime.format(new Date(iso)),
    /** The day of a time, in the institution's time zone. */
    receivedDay: (iso: string) => dateOfTime.format(new Date(iso)),
    day: (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`)),
    /** A calendar day with its year (a token's last day). */
    date: (day: string) => calendarDate.format(new Date(`${day}T00:00:00Z`)),
    programme,
    /**
     * A field's name: its label in the form, or the console's own where the form's speaks to the
     * applicant ("your") or holds a link (the terms).
     */
    label: (field: FieldName) =>
      field === 'terms'
        ? t('terms-accepted', { ns: 'staff' })
        : t([`staff:field-label.${field}`, `form.${field}-label`]),
    /** A field's hint: the form's, or the console's own where the form's speaks to the applicant. */
    hint: (field: FieldName) =>
      t([`staff:field-hint.${field}`, `form.${field}-hint`], { domain: config.emailDomain }),
    /** A rule's message: the console's own where the form's speaks to the applicant ("your"). */
    message: (key: string) =>
      t([`staff:field-error.${key}`, `validation.${key}`], { domain: config.emailDomain }),
    state: (state: ProcessingState) => t(`state.${state}`, { ns: 'staff' }),
    /** A field's value as read: a programme by its name, the terms as yes or no. */
    value: (field: FieldName, stored: string | boolean) =>
      field === 'degreeProgram'
        ? programme(String(stored))
        : typeof stored === 'boolean'
          ? t(stored ? 'yes' : 'no', { ns: 'staff' })
          : field === 'birthday'
            ? birthday(stored)
            : stored,
  };
}
