import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { OnDemandPart } from '../../app/ErrorBoundary';
import { useAppSelector } from '../../app/hooks';
import { dismissToasts } from '../../app/toasts';
import { selectLanguage } from '../language/languageSlice';
import { pathIn } from '../../contract/languages';
import type { DocumentDialog } from './DocumentDialog';
import { documentPath, type DocumentName } from '../../contract/documents';

/** The state of the history entry an open dialog adds: Back closes the dialog. */
interface DocumentShown {
  document?: DocumentName;
}

/**
 * A link that opens a document in a dialog over the page: the link's props, the dialog, and
 * whether the dialog could not be opened (its message goes after the sentence or list the link
 * stands in). A link, not a button: it may stand in a checkbox's label (a button there would be
 * the label's control, which is invalid HTML). Its address is the document's own page, which a
 * press before React has taken the page over (or without script) opens.
 *
 * Opening adds a history entry, so that the browser's Back button closes the dialog rather than
 * leave the page; closing goes back from it. The dialog and its Modal load when it first opens,
 * not with the form. When they cannot arrive (offline, say), `unavailable` is true until a later
 * click brings them.
 */
export function useDocumentLink(name: DocumentName) {
  const language = useAppSelector(selectLanguage);
  const location = useLocation();
  const navigate = useNavigate();
  const show = (location.state as DocumentShown | null)?.document === name;
  const [Dialog, setDialog] = useState<typeof DocumentDialog>();
  const [unavailable, setUnavailable] = useState(false);

  // Opened by a click, or again by the history (Forward, a reload).
  useEffect(() => {
    if (!show || Dialog) return;
    let current = true;
    import('./DocumentDialog.js').then(
      ({ DocumentDialog: Loaded }) => {
        if (!current) return;
        setDialog(() => Loaded);
        setUnavailable(false);
      },
      () => {
        if (!current) return;
        setUnavailable(true);
        navigate(-1);
      },
    );
    return () => {
      current = false;
    };
  }, [show, Dialog, navigate]);

  return {
    linkProps: {
      href: pathIn(language, documentPath(name)),
      className: 'document-link',
      'aria-haspopup': 'dialog' as const,
      onClick: (event: { preventDefault(): void }) => {
        event.preventDefault();
        // A toast sits above every dialog: it would cover the dialog's close button.
        void dismissToasts();
        navigate(location, { state: { document: name } satisfies DocumentShown });
      },
    },
    dialog: Dialog && (
      <OnDemandPart>
        <Dialog name={name} show={show} onHide={() => navigate(-1)} />
      </OnDemandPart>
    ),
    unavailable,
  };
}

/** Says that a document could not be opened: shown after the sentence or list that links to it. */
export function DocumentUnavailable() {
  const { t } = useTranslation();
  return (
    <p className="small text-danger mt-1 mb-0" role="alert">
      {t('general.document-unavailable')}
    </p>
  );
}
