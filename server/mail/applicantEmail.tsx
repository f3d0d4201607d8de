/**
 * The applicant's mail besides the confirmation: a new link, a short notice that the registration
 * was updated or withdrawn, or the office's information request (its message as written, its
 * deadline) and that request's withdrawal. Each greets and names the registration as the
 * confirmation does (the first name when it reads as one, the programme, the reference) and
 * carries no other data: a correction's notice names the fields corrected, never their values. No
 * link but the applicant's own and, in a withdrawal's, the form's start page: the institution's
 * own service, where registering again begins.
 */
import { framedHtml, framedText } from './mailFrame';
import { programmeWithCode, type FieldName } from '../../src/contract/fields';
import { languageLocales, type Language } from '../../src/contract/languages';
import type { ToApplicantKind } from './applicantMailKinds';
import { applicantTexts } from './applicantMailTexts';
import { dateFormat, type ConfirmationEmail, type Institution } from './confirmationEmail';
import { confirmationTexts } from './confirmationTexts';
// The form's own labels, as the export's headings name the fields.
import { exportHeading } from '../operations/exportHeadings';
import { greetingName } from './greetingName';
import type { ApplicantLink } from './applicantLinkParts';

/** The registration a message is about; any part unknown is left out. */
export interface MailRegistration {
  reference: string | null;
  degreeProgram: string | null;
  firstName: string | null;
}

/** An information request's message, and its deadline (YYYY-MM-DD). */
export interface MailRequest {
  message: string;
  deadline: string;
}

/** The deadline's day written out in the language (a day is no instant: read in UTC). */
const dayWritten = (language: Language, day: string) =>
  dateFormat(languageLocales[language], 'UTC').format(new Date(`${day}T00:00:00Z`));

/** Programme and reference, labelled as in the confirmation. */
function registrationDetails(language: Language, registration: MailRegistration) {
  const texts = confirmationTexts[language];
  const { degreeProgram, reference } = registration;
  const name = degreeProgram && texts.programmeNames[degreeProgram];
  const details: [string, string | null][] = [
    [texts.programme, name ? programmeWithCode(degreeProgram, name) : degreeProgram],
    [texts.reference, reference],
  ];
  return details.filter((detail): detail is [string, string] => detail[1] !== null);
}

/** What a message carries besides its words, each where its kind has it. */
export interface MailExtras {
  /** The applicant's own link (a new link's email, an information request's and its reminder). */
  link?: ApplicantLink;
  /** An information request's message and deadline. */
  request?: MailRequest;
  /** The form's start page, where a withdrawal's notice says registering again begins. */
  startPage?: string;
  /** The fields corrected (a correction's notice). */
  fields?: readonly FieldName[];
}

export function composeApplicantEmail(
  kind: ToApplicantKind,
  language: Language,
  institution: Pick<Institution, 'name' | 'contactEmail'>,
  registration: MailRegistration,
  { link, request, startPage, fields = [] }: MailExtras = {},
): ConfirmationEmail {
  const texts = applicantTexts[language];
  const answerBy = request && texts.request.answerBy(dayWritten(language, request.deadline));
  const [first, ...rest] = texts.mail[kind].paragraphs;
  const corrected =
    fields.length > 0 &&
    texts.correctedFields(fields.map((field) => exportHeading(field, language)).join(', '));
  const greeting = confirmationTexts[language].greeting(
    registration.firstName === null ? undefined : greetingName(registration.firstName),
  );
  const details = registrationDetails(language, registration);
  const frame = { language, greeting, texts, institution };
  const text = framedText(frame, [
    first,
    ...(request ? ['', request.message, '', answerBy!] : []),
    ...(link ? [link.url, '', texts.link.validity(link.days)] : []),
    '',
    ...(corrected ? [corrected, ''] : []),
    ...(details.length > 0 ? [...details.map(([label, value]) => `${label}: ${value}`), ''] : []),
    ...(kind === 'withdrawn' ? [texts.registerAgain, ...(startPage ? [startPage] : []), ''] : []),
    ...rest.flatMap((paragraph) => [paragraph, '']),
  ]);
  const html = framedHtml(
    frame,
    <>
      {request && (
        <>
          <p>{first}</p>
          {/* Plain text as the office wrote it: its line breaks kept, nothing in it a link. */}
          <p style={{ whiteSpace: 'pre-wrap', borderLeft: '3px solid #ccc', paddingLeft: '1em' }}>
            {request.message}
          </p>
        </>
      )}
      <p>
        {request ? answerBy : first}
        {link && (
          <>
            <br />
            <a href={link.url}>{link.url}</a>
          </>
        )}
      </p>
      {link && <p>{texts.link.validity(link.days)}</p>}
      {corrected && <p>{corrected}</p>}
      {details.length > 0 && (
        <table>
          <tbody>
            {details.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" style={{ textAlign: 'left', paddingRight: '1em' }}>
                  {label}
                </th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {kind === 'withdrawn' && (
        <p>
          {texts.registerAgain}
          {startPage && (
            <>
              <br />
              <a href={startPage}>{startPage}</a>
            </>
          )}
        </p>
      )}
      {rest.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </>,
  );
  return { subject: texts.mail[kind].subject(institution.name), text, html };
}
