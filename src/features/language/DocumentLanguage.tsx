import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from './languageSlice';

/** Keeps i18next, `<html lang>` and the page title in step with the chosen language. */
export function DocumentLanguage() {
  const language = useAppSelector(selectLanguage);
  const { t, i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  const title = t('general.tlk-title-label');
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = title;
  }, [language, title]);

  return null;
}
