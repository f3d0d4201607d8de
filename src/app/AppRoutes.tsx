import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { DocumentLanguage } from '../features/language/DocumentLanguage';
import { StartPage } from '../features/registration/StartPage';
import { loadSendPage } from '../features/send/loadSendPage';
import { LiveAnnouncer } from './announcer';
import { pageLoading } from './pageLoading';
import { ErrorBoundary } from './ErrorBoundary';
import { ToastHost } from './toasts';

const SendPage = lazy(() => loadSendPage().then((module) => ({ default: module.SendPage })));

export function AppRoutes() {
  return (
    <Suspense fallback={pageLoading}>
      <DocumentLanguage />
      <ErrorBoundary>
        <Routes>
          <Route path="/" element={<StartPage />} />
          <Route path="/send" element={<SendPage />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
        <Footer />
      </ErrorBoundary>
      <ToastHost />
      <LiveAnnouncer />
    </Suspense>
  );
}
