import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import { languageDateStyles, languageLocales, type Language } from '../../contract/languages';
import {
  accessibilityStatementDates,
  type DocumentName,
  type DocumentSection,
} from '../../contract/documents';
import { LinkedText } from './LinkedText';

/** A date of the form 2026-11-24 as the language writes it in full ("24 november 2026", "24.11.2026"). */
function longDate(isoDate: string, language: Language): string {
  const format = new Intl.DateTimeFormat(languageLocales[language], {
    dateStyle: languageDateStyles[language],
    timeZone: 'UTC',
  });
  return format.format(new Date(isoDate));
}

/**
 * A document's text, section by section, as its dialog and its own page show it: under headings
 * one level below the document's title, every address a link.
 */
export function DocumentSections({
  name,
  headingLevel,
}: {
  name: DocumentName;
  headingLevel: 2 | 3;
}) {
  const { t, i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const sections: unknown = t(`documents.${name}.sections`, {
    returnObjects: true,
    institution: config.institutionName,
    contactEmail: config.contactEmail,
    dpoEmail: config.dpoEmail,
    retentionDays: config.retentionDays,
    applicantLinkDays: config.applicantLinkDays,
    act: t(`documents.acts.${config.institutionKind}`),
    purposes: t('documents.purposes'),
    prepared: longDate(accessibilityStatementDates.prepared, language),
    lastReviewed: longDate(accessibilityStatementDates.lastReviewed, language),
  });
  const Heading = `h${headingLevel}` as const;
  // A missing translation gives the key, not a list: then only the title shows.
  if (!Array.isArray(sections)) return null;
  return (sections as DocumentSection[])
    .filter(({ onlyWith }) => !onlyWith || config[onlyWith])
    .map(({ heading, paragraphs, items }) => (
      <section key={heading}>
        <Heading className="h6">{heading}</Heading>
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>
            <LinkedText text={paragraph} />
          </p>
        ))}
        {items && (
          <ul>
            {items.map((item) => (
              <li key={item}>
                <LinkedText text={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    ));
}
