/** The applicant's link as the confirmation and the new link's email carry it, in both parts. */
import type { Language } from '../../src/contract/languages';
import { applicantTexts } from './applicantMailTexts';

/** The applicant's link as an email carries it. */
export interface ApplicantLink {
  url: string;
  /** How many days it works. */
  days: number;
}

/** The link's lines in the text part. */
export function linkLines(language: Language, link: ApplicantLink): string[] {
  const texts = applicantTexts[language].link;
  return [texts.intro, link.url, '', texts.validity(link.days)];
}

/** The link's paragraphs in the HTML part. */
export function LinkParagraphs({ language, link }: { language: Language; link: ApplicantLink }) {
  const texts = applicantTexts[language].link;
  return (
    <>
      <p>
        {texts.intro}
        <br />
        {/* One long word: on a phone it must wrap, not widen the message. */}
        <a href={link.url} style={{ wordBreak: 'break-all' }}>
          {link.url}
        </a>
      </p>
      <p>{texts.validity(link.days)}</p>
    </>
  );
}
