/**
 * The applicant's page's first language: the one chosen in this tab, else the browser's (before
 * the link has told the registration's), so that a link that no longer opens, and the page after
 * a withdrawal, do not greet an English applicant in Swedish.
 */
import { readStored, storageKeys } from '../../app/storage';
import { preferredLanguage } from '../../contract/browserLanguage';
import type { Language } from '../../contract/languages';
import { isOffered, offeredLanguages } from '../language/offeredLanguages';

export function applicantPageLanguage(): Language {
  const chosen = readStored(storageKeys.language);
  return isOffered(chosen)
    ? chosen
    : preferredLanguage(navigator.languages ?? [], offeredLanguages());
}
