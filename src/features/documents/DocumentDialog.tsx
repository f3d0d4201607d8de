import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { announce } from '../../app/announcer';
import type { DocumentName } from '../../contract/documents';
import { DocumentSections } from './DocumentSections';

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
  const { t } = useTranslation();
  const title = t(`documents.${name}.title`);
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
        <DocumentSections name={name} headingLevel={3} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('general.close-label')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
