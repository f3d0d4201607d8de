/**
 * The confirmation an applicant receives, data-minimised because email crosses systems the
 * institution does not control: the first name (when it reads as one), the programme, the date
 * received, the reference code, what happens next and whom to ask; no birthday, phone number or
 * address. With PUBLIC_URL set it carries the applicant's own link (server/applicant/).
 */
import { dateStyleOfLocale, languageLocales } from '../../src/contract/languages';
import { programmeWithCode } from '../../src/contract/fields';
import type { StoredRegistration } from '../db/registrations';
import { confirmationTexts } from './confirmationTexts';
import { greetingName } from './greetingName';
import { framedHtml, framedText } from './mailFrame';
import { linkLines, LinkParagraphs, type ApplicantLink } from './applicantLinkParts';

export interface Institution {
  name: string;
  contactEmail: string;
  /** The date received is the day it was in this IANA time zone. */
  timeZone: string;
}

export interface ConfirmationEmail {
  subject: string;
  text: string;
  html: string;
}

export type ConfirmationData = Pick<
  StoredRegistration,
  'firstName' | 'degreeProgram' | 'reference' | 'language' | 'createdAt'
>;

/** Making a DateTimeFormat costs more than rendering the rest of the message: one per locale and zone. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: dateStyleOfLocale(locale), timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

export function composeConfirmation(
  registration: ConfirmationData,
  institution: Institution,
  link?: ApplicantLink,
): ConfirmationEmail {
  const texts = confirmationTexts[registration.language];
  const date = dateFormat(languageLocales[registration.language], institution.timeZone).format(
    registration.createdAt,
  );
  const greeting = texts.greeting(greetingName(registration.firstName));
  const { degreeProgram } = registration;
  const programmeName = texts.programmeNames[degreeProgram];
  const programme = programmeName ? programmeWithCode(degreeProgram, programmeName) : degreeProgram;
  const details: [string, string][] = [
    [texts.programme, programme],
    [texts.reference, registration.reference],
  ];

  const frame = { language: registration.language, greeting, texts, institution };
  const text = framedText(frame, [
    texts.received(date),
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    texts.nextHeading,
    texts.next,
    '',
    ...(link ? [...linkLines(registration.language, link), ''] : []),
  ]);
  const html = framedHtml(
    frame,
    <>
      <p>{texts.received(date)}</p>
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
      <h2 style={{ fontSize: '1.1em' }}>{texts.nextHeading}</h2>
      <p>{texts.next}</p>
      {link && <LinkParagraphs language={registration.language} link={link} />}
    </>,
  );

  return { subject: texts.subject(institution.name), text, html };
}
