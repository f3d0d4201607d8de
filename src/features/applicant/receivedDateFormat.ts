/** How the applicant's page writes the day a registration was received, in a language. */
import { config } from '../../config';
import { languageLocales, type Language } from '../../contract/languages';

export const receivedDateFormat = (language: Language) =>
  new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: config.timeZone,
    dateStyle: 'long',
  });
