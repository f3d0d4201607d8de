/**
 * The applicant's page (/my) as its entries (src/applicantOpening.ts, src/applicant.tsx) start
 * it, at an address in the browser's own history, with the real translations and a fake
 * applicant API (fakeStaffApi's routes: any JSON API's).
 */
import { render } from '@testing-library/react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { makeStore } from '../../src/app/store';
import { ApplicantPage } from '../../src/features/applicant/ApplicantPage';
import { awaitLinkOpening } from '../../src/features/applicant/applicantSlice';
import { startOpeningLink } from '../../src/features/applicant/linkOpening';
import { applicantPageLanguage } from '../../src/features/applicant/pageLanguage';
import { createI18n } from '../../src/features/language/i18n';
import type { Language } from '../../src/contract/languages';
import type {
  UnverifiedRegistration,
  VerifiedRegistration,
} from '../../src/contract/applicantApiSchemas';
import { validValues } from '../../testing/registrations';
import applicantEn from '../../public/assets/i18n/applicant/en.json';
import applicantFi from '../../public/assets/i18n/applicant/fi.json';
import applicantSv from '../../public/assets/i18n/applicant/sv.json';
import fi from '../../public/assets/i18n/fi.json';
import { formTexts } from './renderConsole';

export const applicantTexts = { sv: applicantSv, en: applicantEn, fi: applicantFi };

export const unverified: UnverifiedRegistration = {
  reference: 'ABCD2345',
  degreeProgram: 'IT',
  createdAt: '2026-11-20T08:30:00.000Z',
  state: 'new',
  language: 'sv',
  verified: false,
};

export const verified: VerifiedRegistration = {
  ...unverified,
  verified: true,
  fields: validValues,
  version: 3,
  correctable: true,
  request: null,
};

/**
 * The page opened at `path` (`/my/<token>` as from the email, or `/my`), in `language`, or as the
 * page's entry chooses it (the tab's choice, else the browser's).
 */
export function renderApplicant(path: string, language: Language | 'as-the-entry' = 'sv') {
  window.history.replaceState(null, '', path);
  startOpeningLink();
  return renderApplicantPage(language);
}

/**
 * The rest of the page, once its first script has run (startOpeningLink): it follows the link's
 * opening and renders.
 */
export function renderApplicantPage(language: Language | 'as-the-entry' = 'sv') {
  const current = language === 'as-the-entry' ? applicantPageLanguage() : language;
  const store = makeStore({ language: { current } });
  const i18n = createI18n(current, {
    sv: { translation: formTexts.sv, applicant: applicantSv },
    en: { translation: formTexts.en, applicant: applicantEn },
    fi: { translation: fi, applicant: applicantFi },
  });
  void store.dispatch(awaitLinkOpening());
  return render(
    <AppProviders store={store} i18n={i18n}>
      <BrowserRouter>
        <ApplicantPage />
      </BrowserRouter>
    </AppProviders>,
  );
}
