import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from './languageSlice';
import { languageNames } from '../../contract/languages';

/** The switcher's button, the same before and after its menu has loaded. */
export const languageToggle = {
  id: 'language-switcher',
  variant: 'outline-light',
  size: 'sm',
} as const;

/** "Language: Svenska", where only the current language's name shows. */
export function LanguageToggleLabel() {
  const current = useAppSelector(selectLanguage);
  const { t } = useTranslation();
  return (
    <>
      <span className="visually-hidden">{t('general.language-label')}: </span>
      <span lang={current}>{languageNames[current]}</span>
    </>
  );
}
