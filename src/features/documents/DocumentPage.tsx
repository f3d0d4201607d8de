import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../language/languageSlice';
import { pathIn } from '../../contract/languages';
import type { DocumentName } from '../../contract/documents';
import { DocumentSections } from './DocumentSections';

/**
 * A document as a page of its own (`/privacy?lang=en`), rendered by the server and sent without
 * script: what its link opens when pressed before the app has taken the start page over, or in a
 * browser without script. The same text as its dialog, and the way back to the form.
 */
export function DocumentPage({ name }: { name: DocumentName }) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const backToForm = (
    <p>
      <a href={pathIn(language, '/')}>{t('general.back-to-form-link')}</a>
    </p>
  );
  return (
    <main className="container-lg py-4">
      {backToForm}
      <h1 className="h2">{t(`documents.${name}.title`)}</h1>
      <DocumentSections name={name} headingLevel={2} />
      {backToForm}
    </main>
  );
}
