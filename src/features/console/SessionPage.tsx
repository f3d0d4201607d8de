/** After a sign-out, or a sign-in that did not succeed: said so, with the way to sign in. */
import { useTranslation } from 'react-i18next';
import { sessionPages } from '../../contract/consolePaths';
import { ViewHeading } from './ViewHeading';

export function SessionPage({ page }: { page: keyof typeof sessionPages }) {
  const { t } = useTranslation('staff');
  const texts = sessionPages[page];
  return (
    <>
      <ViewHeading title={t(`${texts}-heading`)} />
      <p>{t(`${texts}-paragraph`)}</p>
      <a className="btn btn-primary" href="/staff/login">
        {t('sign-in-again')}
      </a>
    </>
  );
}
