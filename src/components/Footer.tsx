import { useTranslation } from 'react-i18next';
import { config } from '../config';
import { DocumentLink } from '../features/documents/DocumentLink';

/** On every page: whom to ask, and the privacy notice and accessibility statement. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container-lg">
        <p className="mb-2">
          {t('footer.contact-label')}{' '}
          <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
        </p>
        <ul className="list-inline mb-0">
          <li className="list-inline-item">
            <DocumentLink name="privacy">{t('footer.privacy-link')}</DocumentLink>
          </li>
          <li className="list-inline-item">
            <DocumentLink name="accessibility">{t('footer.accessibility-link')}</DocumentLink>
          </li>
        </ul>
      </div>
    </footer>
  );
}
