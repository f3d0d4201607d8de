/**
 * The applicant's own page (/my, the link in the confirmation email): an entry of its own, as the
 * staff console's is, so that the start page's script carries none of it, not even the route. It
 * shares the form's store, providers, language switch, top bar and footer (ApplicantPage). Its
 * first, small script (applicantOpening.ts) has already sent the link's first requests.
 */
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { LiveAnnouncer } from './app/announcer';
import { ErrorBoundary } from './app/ErrorBoundary';
import { pageLoading } from './app/pageLoading';
import { makeStore } from './app/store';
import { ApplicantPage } from './features/applicant/ApplicantPage';
import { awaitLinkOpening } from './features/applicant/applicantSlice';
import { applicantPageLanguage } from './features/applicant/pageLanguage';
import { createI18n, translationsLoaded } from './features/language/i18n';
import './styles.scss';

// The language chosen in this tab, else the browser's; not the form typed in it, which this page
// never shows.
const store = makeStore({ language: { current: applicantPageLanguage() } });
const i18n = createI18n(store.getState().language.current);
// Every view speaks the page's own texts besides the form's: both are fetched at once (and the
// page preloads both in Swedish, every language's fallback, beside its script).
const textsLoaded = Promise.all([translationsLoaded(i18n), i18n.loadNamespaces('applicant')]);
void store.dispatch(awaitLinkOpening());

// Rendered over the page the server painted once the texts are there, with no Suspense fallback
// before the first view: that would blank the painted page, and React reveals what replaces a
// fallback no sooner than 300 ms after it.
void textsLoaded.then(() =>
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={store} i18n={i18n}>
      <BrowserRouter>
        <Suspense fallback={pageLoading}>
          <ErrorBoundary>
            <ApplicantPage />
          </ErrorBoundary>
          <LiveAnnouncer />
        </Suspense>
      </BrowserRouter>
    </AppProviders>,
  ),
);
