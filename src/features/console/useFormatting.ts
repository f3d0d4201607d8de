/** Times and programmes as the staff read them: in the institution's time zone and language. */
import { useTranslation } from 'react-i18next';
import { config } from '../../config';

export function useFormatting() {
  const { t, i18n } = useTranslation();
  const dateTime = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'sv-FI', {
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
