/**
 * The assignee's notice that an applicant answered the office's information request
 * (REQUEST_ANSWER_STAFF_EMAILS): the registration's reference and its page in the console,
 * nothing of the applicant's, in the console's default language (it stores none of a person's).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../src/contract/languages';
import type { ConfirmationEmail } from './confirmationEmail';

interface NoticeTexts {
  subject: (reference: string) => string;
  body: (reference: string) => string;
  open: string;
}

const texts: Record<Language, NoticeTexts> = {
  sv: {
    subject: (reference) => `Sökanden har svarat: anmälan ${reference}`,
    body: (reference) =>
      `Sökanden har svarat på begäran om komplettering av anmälan ${reference}, som du handlägger.`,
    open: 'Se svaret i konsolen:',
  },
  en: {
    subject: (reference) => `The applicant has answered: registration ${reference}`,
    body: (reference) =>
      `The applicant has answered the information request on registration ${reference}, which you handle.`,
    open: 'See the answer in the console:',
  },
  fi: {
    subject: (reference) => `Hakija on vastannut: ilmoittautuminen ${reference}`,
    body: (reference) =>
      `Hakija on vastannut lisätietopyyntöön, joka koskee käsittelemääsi ilmoittautumista ${reference}.`,
    open: 'Katso vastaus hallintanäkymästä:',
  },
};

export function composeAnswerNotice(
  language: Language,
  reference: string,
  consolePage: string,
): ConfirmationEmail {
  const { subject, body, open } = texts[language];
  const html = renderToStaticMarkup(
    <html lang={language}>
      <body style={{ fontFamily: 'sans-serif', lineHeight: 1.5 }}>
        <p>{body(reference)}</p>
        <p>
          {open}
          <br />
          <a href={consolePage}>{consolePage}</a>
        </p>
      </body>
    </html>,
  );
  return {
    subject: subject(reference),
    text: [body(reference), '', open, consolePage, ''].join('\n'),
    html: `<!doctype html>${html}`,
  };
}
