/**
 * The staff console's page (/staff): an entry of its own, so that the start page's script carries
 * none of it, not even the route. It shares the app's store, providers and
 * language, but neither the applicants' top bar nor their footer: it is a workplace of its own.
 */
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { LiveAnnouncer } from './app/announcer';
import { ErrorBoundary } from './app/ErrorBoundary';
import { pageLoading } from './app/pageLoading';
import { loadPersistedState } from './app/persistedState';
import { makeStore } from './app/store';
import { useDocumentLanguage } from './features/language/useDocumentLanguage';
import { createI18n } from './features/language/i18n';
import { StaffConsole } from './features/console/StaffConsole';
import './styles.scss';

/** The console's language; each of its views sets the page's title (ViewHeading). */
function ConsoleLanguage() {
  useDocumentLanguage(useTranslation().i18n);
  return null;
}

const store = makeStore(loadPersistedState());
const i18n = createI18n(store.getState().language.current);

createRoot(document.getElementById('root')!).render(
  <AppProviders store={store} i18n={i18n}>
    <BrowserRouter>
      <Suspense fallback={pageLoading}>
        <ConsoleLanguage />
        <ErrorBoundary>
          <Routes>
            <Route path="/staff/*" element={<StaffConsole />} />
          </Routes>
        </ErrorBoundary>
        <LiveAnnouncer />
      </Suspense>
    </BrowserRouter>
  </AppProviders>,
);
