import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Footer } from '../../components/Footer';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { TopBar } from '../../components/TopBar';

/** The applicant's page around its views: the top bar, the main landmark and the footer. */
export function ApplicantFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <TopBar />
      <main className="container-lg py-4" id="main">
        {children}
      </main>
      <Footer />
    </>
  );
}

/** Waiting for the registration: the spinner says, in words too, what is coming. */
export function ApplicantLoading() {
  return <LoadingSpinner label={useTranslation('applicant').t('opening')} labelShown />;
}

/**
 * The page as the server paints it before its script has come (src/prerender/startPage.tsx): what
 * the page shows while it opens the link; its language switch, which needs the script, is hidden.
 */
export function ApplicantPageOpening() {
  return (
    <div className="page-opening">
      <ApplicantFrame>
        <ApplicantLoading />
      </ApplicantFrame>
    </div>
  );
}
