import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OnDemandPart } from '../../app/ErrorBoundary';
import { dismissToasts } from '../../app/toasts';
import type { DocumentDialog } from './DocumentDialog';
import type { DocumentName } from './documents';

/**
 * A link that opens a document in a dialog over the page: the link's props, the dialog, and
 * whether the dialog could not be opened (its message goes after the sentence or list the link
 * stands in). A link, not a button: it may stand in a checkbox's label (a button there would be
 * the label's control, which is invalid HTML).
 *
 * The dialog and its Modal load on the first click, not with the form. When they cannot arrive
 * (offline, say), `unavailable` is true until the next click tries again.
 */
export function useDocumentLink(name: DocumentName) {
  const [Dialog, setDialog] = useState<typeof DocumentDialog>();
  const [state, setState] = useState<'closed' | 'open' | 'unavailable'>('closed');

  async function open() {
    // A toast sits above every dialog: it would cover the dialog's close button.
    void dismissToasts();
    try {
      const loaded = (await import('./DocumentDialog.js')).DocumentDialog;
      setDialog(() => loaded);
      setState('open');
    } catch {
      setState('unavailable');
    }
  }

  return {
    linkProps: {
      href: `#${name}-document`,
      className: 'document-link',
      'aria-haspopup': 'dialog' as const,
      onClick: (event: { preventDefault(): void }) => {
        event.preventDefault();
        void open();
      },
    },
    dialog: Dialog && (
      <OnDemandPart>
        <Dialog name={name} show={state === 'open'} onHide={() => setState('closed')} />
      </OnDemandPart>
    ),
    unavailable: state === 'unavailable',
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
