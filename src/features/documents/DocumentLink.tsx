import { lazy, Suspense, useState, type ReactNode } from 'react';
import { dismissToasts } from '../../app/toasts';
import type { DocumentName } from './documents';

// The dialog and its Modal load on the first click, not with the form.
const DocumentDialog = lazy(() =>
  import('./DocumentDialog.js').then((module) => ({ default: module.DocumentDialog })),
);

/** Opens a document in a dialog over the page; it looks like a link and stays on the page. */
export function DocumentLink({ name, children }: { name: DocumentName; children?: ReactNode }) {
  const [dialog, setDialog] = useState<'never opened' | 'open' | 'closed'>('never opened');
  return (
    <>
      <button
        type="button"
        className="btn btn-link document-link"
        aria-haspopup="dialog"
        onClick={() => {
          // A toast sits above every dialog: it would cover the dialog's close button.
          void dismissToasts();
          setDialog('open');
        }}
      >
        {children}
      </button>
      {dialog !== 'never opened' && (
        <Suspense fallback={null}>
          <DocumentDialog name={name} show={dialog === 'open'} onHide={() => setDialog('closed')} />
        </Suspense>
      )}
    </>
  );
}
