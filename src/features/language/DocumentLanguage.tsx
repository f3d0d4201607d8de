import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectShowsErrorSummary } from '../registration/registrationSlice';
import { selectLanguage } from './languageSlice';

/** Keeps i18next, `<html lang>` and the page title in step with the chosen language and the form. */
export function DocumentLanguage() {
  const language = useAppSelector(selectLanguage);
  const { t, i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  // The language whose texts show: the fallback when the chosen one's file failed to load.
  const shownLanguage = i18n.resolvedLanguage ?? language;
  // While the error summary shows, the title says so first (GOV.UK: "Error: …").
  const showsErrors = useAppSelector(selectShowsErrorSummary);
  const title = `${showsErrors ? t('general.error-title-prefix') : ''}${t('general.tlk-title-label')}`;
  useEffect(() => {
    document.documentElement.lang = shownLanguage;
    document.title = title;
  }, [shownLanguage, title]);

  return null;
}
