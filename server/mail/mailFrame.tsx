/**
 * What every email to an applicant has around its message, in both parts: the greeting, whom to
 * ask, and the sign-off with the institution's name. The HTML part is rendered by React, which
 * escapes every value.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../src/contract/languages';

export interface MailFrame {
  language: Language;
  greeting: string;
  /** "Questions? Write to" and the sign-off, in the mail's language. */
  texts: { contact: string; signOff: string };
  institution: { name: string; contactEmail: string };
}

/** The text part: the message's lines, each paragraph ending in an empty line. */
export function framedText({ greeting, texts, institution }: MailFrame, lines: string[]): string {
  return [
    greeting,
    '',
    ...lines,
    `${texts.contact} ${institution.contactEmail}.`,
    '',
    texts.signOff,
    institution.name,
    '',
  ].join('\n');
}

/** The HTML part, a whole document. */
export function framedHtml(
  { language, greeting, texts, institution }: MailFrame,
  message: ReactNode,
): string {
  const html = renderToStaticMarkup(
    <html lang={language}>
      <head>
        {/* Without it a phone's mail app may lay the message out at desktop width. */}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ fontFamily: 'sans-serif', lineHeight: 1.5 }}>
        <p>{greeting}</p>
        {message}
        <p>
          {texts.contact}{' '}
          <a href={`mailto:${institution.contactEmail}`}>{institution.contactEmail}</a>.
        </p>
        <p>
          {texts.signOff}
          <br />
          {institution.name}
        </p>
      </body>
    </html>,
  );
  return `<!doctype html>${html}`;
}
