import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { DocumentLanguage } from '../features/language/DocumentLanguage';
import { StartPage } from '../features/registration/StartPage';
import { loadSendPage } from '../features/send/loadSendPage';
import { LiveAnnouncer } from './announcer';
import { ErrorBoundary } from './ErrorBoundary';
import { ToastHost } from './toasts';

const SendPage = lazy(() => loadSendPage().then((module) => ({ default: module.SendPage })));
const StaffConsole = lazy(() =>
  import(/* webpackChunkName: "staff-console" */ '../features/staff/StaffConsole.js').then(
    (module) => ({ default: module.StaffConsole }),
  ),
);

/** While translations or the send page load: a spinner that needs no translation. */
const pageLoading = <div className="page-loading" role="status" aria-busy="true" />;

export function AppRoutes() {
  return (
    <Suspense fallback={pageLoading}>
      <DocumentLanguage />
      <ErrorBoundary>
        <Routes>
          <Route path="/" element={<StartPage />} />
          <Route path="/send" element={<SendPage />} />
          <Route path="/staff/*" element={<StaffConsole />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
        <Footer />
      </ErrorBoundary>
      <ToastHost />
      <LiveAnnouncer />
    </Suspense>
  );
}
