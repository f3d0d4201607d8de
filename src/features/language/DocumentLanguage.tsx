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

  // The language whose texts show: the fallback when the chosen one's file failed to load.
  const shownLanguage = i18n.resolvedLanguage ?? language;
  const title = t('general.tlk-title-label');
  useEffect(() => {
    document.documentElement.lang = shownLanguage;
    document.title = title;
  }, [shownLanguage, title]);

  return null;
}
