import { Component, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function CrashNotice() {
  const { t } = useTranslation();
  return (
    <main className="container-lg py-5" role="alert">
      <h1 className="h2">{t('general.crash-heading')}</h1>
      <p>{t('general.crash-paragraph')}</p>
      <a className="btn btn-primary" href="/">
        {t('general.crash-link')}
      </a>
    </main>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Shown instead of a part the page can do without; by default a notice replaces the page. */
  fallback?: ReactNode;
}

/** Never a blank page: an unexpected error (a chunk that failed to load, say) shows a notice. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback === undefined ? <CrashNotice /> : this.props.fallback;
  }
}

/**
 * A part loaded on demand that the page can do without (the error summary, the toasts, a
 * dialog): nothing shows while its code loads, and `unavailable` (by default nothing) when it
 * cannot arrive (offline, say).
 */
export function OnDemandPart({
  children,
  unavailable = null,
}: {
  children: ReactNode;
  unavailable?: ReactNode;
}) {
  return (
    <ErrorBoundary fallback={unavailable}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
