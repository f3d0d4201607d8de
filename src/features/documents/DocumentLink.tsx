import { lazy, useState, type ReactNode } from 'react';
import { OnDemandPart } from '../../app/ErrorBoundary';
import { dismissToasts } from '../../app/toasts';
import type { DocumentName } from './documents';

// The dialog and its Modal load on the first click, not with the form.
const DocumentDialog = lazy(() =>
  import('./DocumentDialog.js').then((module) => ({ default: module.DocumentDialog })),
);

/**
 * A link that opens a document in a dialog over the page. A link, not a button: it may stand in a
 * checkbox's label (a button there would be the label's control, which is invalid HTML).
 */
export function DocumentLink({ name, children }: { name: DocumentName; children?: ReactNode }) {
  const [dialog, setDialog] = useState<'never opened' | 'open' | 'closed'>('never opened');
  return (
    <>
      <a
        href={`#${name}-document`}
        className="document-link"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          // A toast sits above every dialog: it would cover the dialog's close button.
          void dismissToasts();
          setDialog('open');
        }}
      >
        {children}
      </a>
      {dialog !== 'never opened' && (
        <OnDemandPart>
          <DocumentDialog name={name} show={dialog === 'open'} onHide={() => setDialog('closed')} />
        </OnDemandPart>
      )}
    </>
  );
}
