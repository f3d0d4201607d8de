import { useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from './languageSlice';

/**
 * Keeps the page's i18next instance, `<html lang>` and the page's title (when given) in step with
 * the chosen language. The staff console gives no title: each of its views sets its own. `i18n` is
 * the caller's from useTranslation, which renders it again when the language changes (a second
 * useTranslation here would cost the start page's script budget bytes it does not have).
 */
export function useDocumentLanguage(i18n: I18n, title?: string) {
  const language = useAppSelector(selectLanguage);

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
