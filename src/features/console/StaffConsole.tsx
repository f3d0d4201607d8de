/**
 * The staff console under /staff, loaded only there: who is signed in, then the registrations they
 * may see, one registration, the overview, and (for admins) the audit log, the webhooks and the API tokens. Without a session the browser goes
 * to the sign-in and comes back; a person with no access is told so and can sign out. After a
 * sign-out, a page that asks for no session says so.
 */
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { AuditLogPage } from './AuditLogPage';
import { ApiTokensPage } from '../apiTokens/ApiTokensPage';
import { ConsoleTopBar } from './ConsoleTopBar';
import { OverviewPage } from './OverviewPage';
import { RegistrationList } from './RegistrationList';
import { RegistrationPage } from './RegistrationPage';
import { useMeQuery } from './consoleApi';
import { useLeaveWarning } from './draftsSlice';
import type { StaffMember } from '../../contract/consoleApiSchemas';
import { isSignedOut } from './apiErrors';
import { SessionPage } from './SessionPage';
import { sessionPages } from '../../contract/consolePaths';
import { ViewHeading } from './ViewHeading';
import { WebhooksPage } from '../webhooks/WebhooksPage';
import { webhooksPagePath } from '../../contract/webhooks';
import './staffConsole.scss';

export function StaffConsole() {
  return (
    <Routes>
      {(Object.keys(sessionPages) as (keyof typeof sessionPages)[]).map((page) => (
        <Route
          key={page}
          path={sessionPages[page]}
          element={
            <Workplace signedIn={false}>
              <SessionPage page={page} />
            </Workplace>
          }
        />
      ))}
      <Route path="*" element={<Console />} />
    </Routes>
  );
}

/** Every view in the console's own frame: its top bar, then the view. */
function Workplace({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  return (
    <>
      <ConsoleTopBar signedIn={signedIn} />
      <main className="container-lg py-4" id="main">
        {children}
      </main>
    </>
  );
}

/** Who is signed in, then what they may see. */
function Console() {
  const { t } = useTranslation('staff');
  useLeaveWarning();
  const me = useMeQuery();
  // Without a session the staff API sends the browser to the sign-in.
  const signedOut = isSignedOut(me.error);
  return (
    <Workplace signedIn={me.data !== undefined}>
      {me.data ? (
        <SignedIn member={me.data} />
      ) : me.isError && !signedOut ? (
        <p role="alert">{t('load-failed')}</p>
      ) : (
        <LoadingSpinner label={t('loading')} />
      )}
    </Workplace>
  );
}

function SignedIn({ member }: { member: StaffMember }) {
  const { t } = useTranslation('staff');
  const hasAccess = member.admin || member.programmes.length > 0;
  return (
    <>
      <nav className="d-flex flex-wrap align-items-center gap-3 mb-4" aria-label={t('nav-label')}>
        {hasAccess && <ConsoleLink to="/staff">{t('registrations-heading')}</ConsoleLink>}
        {hasAccess && <ConsoleLink to="/staff/overview">{t('overview-heading')}</ConsoleLink>}
        {member.admin && <ConsoleLink to="/staff/audit-log">{t('audit-log-heading')}</ConsoleLink>}
        {member.admin && <ConsoleLink to={webhooksPagePath}>{t('webhooks-heading')}</ConsoleLink>}
        {member.admin && <ConsoleLink to="/staff/tokens">{t('tokens.heading')}</ConsoleLink>}
        <span className="ms-auto">{t('signed-in-as', { name: member.name || member.email })}</span>
      </nav>
      {hasAccess ? (
        <Routes>
          <Route index element={<RegistrationList member={member} />} />
          <Route path="overview" element={<OverviewPage />} />
          <Route path=":id" element={<RegistrationPage member={member} />} />
          {member.admin && <Route path="audit-log" element={<AuditLogPage />} />}
          {member.admin && <Route path="webhooks" element={<WebhooksPage />} />}
          {member.admin && <Route path="tokens" element={<ApiTokensPage />} />}
        </Routes>
      ) : (
        <>
          <ViewHeading title={t('no-access-heading')} />
          <p>{t('no-access-paragraph')}</p>
        </>
      )}
    </>
  );
}

/**
 * A link in the console's menu, marked as the current page where it is. (NavLink would do it, but
 * it would add to the start page's bundle, where react-router lives.)
 */
function ConsoleLink({ to, children }: { to: string; children: string }) {
  const current = useLocation().pathname === to;
  return (
    <Link
      to={to}
      className={`nav-link${current ? ' active' : ''}`}
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </Link>
  );
}
