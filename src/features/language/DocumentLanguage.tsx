import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectShowsErrorSummary } from '../registration/registrationSlice';
import { useDocumentLanguage } from './useDocumentLanguage';

/** The applicant form's language and page title, in step with the chosen language and the form. */
export function DocumentLanguage() {
  const { t, i18n } = useTranslation();
  // While the error summary shows, the title says so first (GOV.UK: "Error: …").
  const showsErrors = useAppSelector(selectShowsErrorSummary);
  useDocumentLanguage(
    i18n,
    `${showsErrors ? t('general.error-title-prefix') : ''}${t('general.tlk-title-label')}`,
  );
  return null;
}
