/**
 * The applicant's mail besides the confirmation: a new link, or a short notice that the
 * registration was updated or withdrawn, with no data. The HTML part is rendered by React, which
 * escapes every value.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import type { Language } from '../../src/contract/languages';
import type { ApplicantMailKind } from './applicantMailKinds';
import { applicantTexts } from './applicantMailTexts';
import type { ConfirmationEmail, Institution } from './confirmationEmail';
import type { ApplicantLink } from './applicantLinkParts';

export function composeApplicantEmail(
  kind: ApplicantMailKind,
  language: Language,
  institution: Pick<Institution, 'name' | 'contactEmail'>,
  link?: ApplicantLink,
): ConfirmationEmail {
  const texts = applicantTexts[language];
  const [first, ...rest] = texts.mail[kind].paragraphs;
  const text = [
    texts.greeting,
    '',
    first,
    ...(link ? [link.url, '', texts.link.validity(link.days)] : []),
    '',
    ...rest.flatMap((paragraph) => [paragraph, '']),
    `${texts.contact} ${institution.contactEmail}.`,
    '',
    texts.signOff,
    institution.name,
    '',
  ].join('\n');
  const html = renderToStaticMarkup(
    <html lang={language}>
      <body style={{ fontFamily: 'sans-serif', lineHeight: 1.5 }}>
        <p>{texts.greeting}</p>
        <p>
          {first}
          {link && (
            <>
              <br />
              <a href={link.url}>{link.url}</a>
            </>
          )}
        </p>
        {link && <p>{texts.link.validity(link.days)}</p>}
        {rest.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
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
  return {
    subject: texts.mail[kind].subject(institution.name),
    text,
    html: `<!doctype html>${html}`,
  };
}
