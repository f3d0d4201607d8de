/** Times and programmes as the staff read them: in the institution's time zone and language. */
import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import { defaultLanguage, isLanguage, languageLocales } from '../../contract/languages';

export function useFormatting() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const dateTime = new Intl.DateTimeFormat(languageLocales[language], {
    timeZone: config.timeZone,
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return {
    received: (iso: string) => dateTime.format(new Date(iso)),
    programme: (code: string) => t(`degree-programs.${code}`),
    label: (field: string) => t(`form.${field}-label`),
  };
}
