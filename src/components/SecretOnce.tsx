/**
 * A secret the server keeps only a hash of (an API token, a webhook's signing secret), shown this
 * once with a button that copies it. Its heading takes the focus, so that a screen reader reads
 * it at once; `children` are the panel's other buttons.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface SecretOnceTexts {
  heading: string;
  paragraph: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

export function SecretOnce({
  id,
  secret,
  texts,
  children,
}: {
  /** The panel's id: its heading's is `${id}-heading`, the secret's test id `id`. */
  id: string;
  secret: string;
  texts: SecretOnceTexts;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<boolean | undefined>();

  useEffect(() => heading.current?.focus(), [secret]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="alert alert-success mb-5">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="h4">
        {texts.heading}
      </h2>
      <p>{texts.paragraph}</p>
      <p>
        <code className="user-select-all text-break" data-testid={id}>
          {secret}
        </code>
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-center">
        <button type="button" className="btn btn-primary" onClick={copy}>
          {texts.copy}
        </button>
        {children}
        <span role="status">
          {copied === true && texts.copied}
          {copied === false && texts.copyFailed}
        </span>
      </div>
    </section>
  );
}
