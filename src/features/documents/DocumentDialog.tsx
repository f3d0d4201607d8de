import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { announce } from '../../app/announcer';
import { config } from '../../config';
import { languageLocales, type Language } from '../language/languages';
import { accessibilityStatementDates, type DocumentName, type DocumentSection } from './documents';
import { LinkedText } from './LinkedText';

/** A date of the form 2026-11-24 as the language writes it in full ("24 november 2026"). */
function longDate(isoDate: string, language: Language): string {
  const format = new Intl.DateTimeFormat(languageLocales[language], {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return format.format(new Date(isoDate));
}

/**
 * One document in a dialog over the form: labelled by its heading, focus inside while open and
 * back on the link after, Escape closes it (react-bootstrap's Modal). Nothing typed is lost.
 */
export function DocumentDialog({
  name,
  show,
  onHide,
}: {
  name: DocumentName;
  show: boolean;
  onHide: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const title = t(`documents.${name}.title`);
  const sections: unknown = t(`documents.${name}.sections`, {
    returnObjects: true,
    institution: config.institutionName,
    contactEmail: config.contactEmail,
    dpoEmail: config.dpoEmail,
    retentionDays: config.retentionDays,
    act: t(`documents.acts.${config.institutionKind}`),
    purposes: t('documents.purposes'),
    prepared: longDate(accessibilityStatementDates.prepared, language),
    lastReviewed: longDate(accessibilityStatementDates.lastReviewed, language),
  });
  const titleId = `${name}-dialog-title`;

  useEffect(() => {
    if (show) announce(title);
  }, [show, title]);

  return (
    // Not `scrollable`: the whole dialog scrolls in its overlay, which keyboards reach (the body
    // alone scrolling would need focus of its own).
    <Modal show={show} onHide={onHide} aria-labelledby={titleId} size="lg">
      <Modal.Header closeButton closeLabel={t('general.close-label')}>
        <Modal.Title as="h2" id={titleId} className="h4">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* A missing translation gives the key, not a list: then only the title shows. */}
        {Array.isArray(sections) &&
          (sections as DocumentSection[])
            .filter(({ onlyWith }) => !onlyWith || config[onlyWith])
            .map(({ heading, paragraphs, items }) => (
              <section key={heading}>
                <h3 className="h6">{heading}</h3>
                {paragraphs.map((paragraph) => (
                  <p key={paragraph}>
                    <LinkedText text={paragraph} />
                  </p>
                ))}
                {items && (
                  <ul>
                    {items.map((item) => (
                      <li key={item}>
                        <LinkedText text={item} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('general.close-label')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
