/**
 * The applicant's mail besides the confirmation: a new link, or a short notice that the
 * registration was updated or withdrawn, with no data.
 */
import { framedHtml, framedText } from './mailFrame';
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
  const frame = { language, greeting: texts.greeting, texts, institution };
  const text = framedText(frame, [
    first,
    ...(link ? [link.url, '', texts.link.validity(link.days)] : []),
    '',
    ...rest.flatMap((paragraph) => [paragraph, '']),
  ]);
  const html = framedHtml(
    frame,
    <>
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
    </>,
  );
  return { subject: texts.mail[kind].subject(institution.name), text, html };
}
