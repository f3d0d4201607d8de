import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from './languageSlice';

/**
 * Keeps i18next, `<html lang>` and the page's title (when given) in step with the chosen language.
 * The staff console gives none: each of its views sets its own.
 */
export function useDocumentLanguage(title?: string) {
  const language = useAppSelector(selectLanguage);
  const { i18n } = useTranslation();

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [i18n, language]);

  // The language whose texts show: the fallback when the chosen one's file failed to load.
  const shownLanguage = i18n.resolvedLanguage ?? language;
  useEffect(() => {
    document.documentElement.lang = shownLanguage;
    if (title) document.title = title;
  }, [shownLanguage, title]);
}
