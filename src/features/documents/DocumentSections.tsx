import { useTranslation } from 'react-i18next';
import { config } from '../../config';
import type { DocumentName, DocumentSection } from './documents';

/**
 * A document's text, section by section, as its dialog and its own page show it: under headings
 * one level below the document's title.
 */
export function DocumentSections({
  name,
  headingLevel,
}: {
  name: DocumentName;
  headingLevel: 2 | 3;
}) {
  const { t } = useTranslation();
  const sections: unknown = t(`documents.${name}.sections`, {
    returnObjects: true,
    institution: config.institutionName,
    contactEmail: config.contactEmail,
    retentionDays: config.retentionDays,
  });
  const Heading = `h${headingLevel}` as const;
  // A missing translation gives the key, not a list: then only the title shows.
  if (!Array.isArray(sections)) return null;
  return (sections as DocumentSection[]).map(({ heading, paragraphs }) => (
    <section key={heading}>
      <Heading className="h6">{heading}</Heading>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </section>
  ));
}
