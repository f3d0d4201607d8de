/**
 * The token just made, shown this once with a button that copies it: only its hash is kept, so
 * it cannot be shown again. Takes the focus, so that a screen reader reads it at once.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function NewToken({ token, done }: { token: string; done: () => void }) {
  const { t } = useTranslation('staff');
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<boolean | undefined>();

  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section aria-labelledby="new-token-heading" className="alert alert-success mb-5">
      <h2 id="new-token-heading" ref={heading} tabIndex={-1} className="h4">
        {t('tokens.created-heading')}
      </h2>
      <p>{t('tokens.created-paragraph')}</p>
      <p>
        <code className="user-select-all text-break" data-testid="new-token">
          {token}
        </code>
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button type="button" className="btn btn-primary" onClick={copy}>
          {t('tokens.copy')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={done}>
          {t('tokens.copied-done')}
        </button>
        <span role="status">
          {copied === true && t('tokens.copy-done')}
          {copied === false && t('tokens.copy-failed')}
        </span>
      </div>
    </section>
  );
}
