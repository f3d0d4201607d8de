import { useTranslation } from 'react-i18next';
import { config } from '../config';
import { DocumentUnavailable, useDocumentLink } from '../features/documents/useDocumentLink';

/** On every page: whom to ask, and the privacy notice and accessibility statement. */
export function Footer() {
  const { t } = useTranslation();
  const privacy = useDocumentLink('privacy');
  const accessibility = useDocumentLink('accessibility');
  return (
    <footer className="site-footer">
      <div className="container-lg">
        <p className="mb-2">
          {t('footer.contact-label')}{' '}
          <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
        </p>
        <ul className="list-inline mb-0">
          <li className="list-inline-item">
            <a {...privacy.linkProps}>{t('footer.privacy-link')}</a>
          </li>
          <li className="list-inline-item">
            <a {...accessibility.linkProps}>{t('footer.accessibility-link')}</a>
          </li>
        </ul>
        {(privacy.unavailable || accessibility.unavailable) && <DocumentUnavailable />}
        {privacy.dialog}
        {accessibility.dialog}
      </div>
    </footer>
  );
}
