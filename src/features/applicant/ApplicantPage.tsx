/**
 * The applicant's own page (/my, issue 34). Opened from the emailed link, it trades the link's
 * token for a session, then shows what the confirmation email says; the birthday typed in the
 * registration opens the rest: the fields, their correction, the download and the withdrawal.
 * Without a session (no link, or one that no longer works) it offers to send the link again. The
 * page's first script opens the link (linkOpening.ts) before the router reads the address.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { defaultLanguage, isLanguage, pathIn, type Language } from '../../contract/languages';
import { languageChanged } from '../language/languageSlice';
import { useDocumentLanguage } from '../language/useDocumentLanguage';
import { ApplicantFrame, ApplicantLoading } from './ApplicantFrame';
import { useRegistrationQuery } from './applicantApi';
import { selectLink, selectSignedOut, selectWithdrawn } from './applicantSlice';
import { BirthdayForm } from './BirthdayForm';
import { LinkRequestForm } from './LinkRequestForm';
import { PageHeading } from './PageHeading';
import { RegistrationSummary } from './RegistrationSummary';
import { SignOutButton } from './SignOutButton';

// What the birthday opens (the fields, their correction with the form's, the withdrawal's
// dialog) is not part of the first view: its code comes after that view is shown.
const loadRegistrationDetails = () => import('./RegistrationDetails.js');
const RegistrationDetails = lazy(async () => ({
  default: (await loadRegistrationDetails()).RegistrationDetails,
}));

export function ApplicantPage() {
  // The page's language; each of its views sets the page's title (PageHeading).
  useDocumentLanguage(useTranslation().i18n);
  return (
    <ApplicantFrame>
      <CurrentView />
    </ApplicantFrame>
  );
}

function CurrentView() {
  const link = useAppSelector(selectLink);
  const withdrawn = useAppSelector(selectWithdrawn);
  const signedOut = useAppSelector(selectSignedOut);

  if (signedOut) return <SignedOutView />;
  if (withdrawn === 'now') return <WithdrawnView />;
  if (link === 'refused') return <LinkRequestView reason="link-refused" />;
  if (link === 'failed') return <LinkRequestView reason="link-failed" />;
  if (link === 'opening') return <ApplicantLoading />;
  return <RegistrationView />;
}

/** The registration, once the session is there: the summary, then the birthday or the rest. */
function RegistrationView() {
  const { t } = useTranslation('applicant');
  const { data, isLoading, refetch } = useRegistrationQuery();
  const withdrawn = useAppSelector(selectWithdrawn);
  useRegistrationLanguage(data?.language);
  // Opened by the birthday just now, not by a reload: the focus goes to what it opened.
  const [askedBirthday, setAskedBirthday] = useState(false);
  if (data && !data.verified && !askedBirthday) setAskedBirthday(true);
  // Fetched once the view is shown, so that the birthday opens the rest without a wait. If it
  // cannot come now, the birthday asks for it again.
  const shown = Boolean(data);
  useEffect(() => {
    if (shown) loadRegistrationDetails().catch(() => {});
  }, [shown]);

  if (isLoading) return <ApplicantLoading />;
  // After a reload, the withdrawal this tab saw is what the page has to say, not "no session".
  if (data === null && withdrawn === 'earlier') return <WithdrawnView />;
  if (data === null) return <LinkRequestView reason="no-session" />;
  if (!data) {
    return (
      <div role="alert">
        <p>{t('load-failed')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void refetch()}>
          {t('try-again')}
        </button>
      </div>
    );
  }
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
        <PageHeading isPage>{t('registration-heading')}</PageHeading>
        <SignOutButton />
      </div>
      <RegistrationSummary registration={data} />
      {data.verified ? (
        // Announced while it comes; the focus moves to it when it is there.
        <Suspense fallback={<ApplicantLoading />}>
          <RegistrationDetails registration={data} justVerified={askedBirthday} />
        </Suspense>
      ) : (
        <BirthdayForm />
      )}
    </>
  );
}

/** The page speaks the registration's language until the applicant picks another. */
function useRegistrationLanguage(language: Language | undefined) {
  const dispatch = useAppDispatch();
  const applied = useRef(false);
  useEffect(() => {
    if (!language || applied.current) return;
    applied.current = true;
    dispatch(languageChanged(language));
  }, [dispatch, language]);
}

/** No session: why, and the way to a new link (or, after a withdrawal, to the form). */
function LinkRequestView({ reason }: { reason: 'link-refused' | 'link-failed' | 'no-session' }) {
  const { t } = useTranslation('applicant');
  return (
    <>
      <PageHeading isPage={reason === 'no-session'}>{t(`${reason}-heading`)}</PageHeading>
      <p>{t(`${reason}-paragraph`)}</p>
      {reason === 'link-refused' && <RegisterAgain text={t('link-refused-register-again')} />}
      <LinkRequestForm />
    </>
  );
}

/** Withdrawn just now, or earlier in this tab (a reload): the same words either way. */
function WithdrawnView() {
  const { t } = useTranslation('applicant');
  return (
    <>
      <PageHeading>{t('withdrawn-heading')}</PageHeading>
      <p>{t('withdrawn-paragraph')}</p>
      <RegisterAgain text={t('withdrawn-register-again')} />
    </>
  );
}

/** Why registering again may be wanted, and the way to the form in the page's language. */
function RegisterAgain({ text }: { text: string }) {
  const { t, i18n } = useTranslation('applicant');
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  return (
    <>
      <p>{text}</p>
      <p>
        <a href={pathIn(language, '/')}>{t('withdrawn-form-link')}</a>
      </p>
    </>
  );
}

/** Signed out: the session has ended, and the page holds nothing of the registration. */
function SignedOutView() {
  const { t } = useTranslation('applicant');
  return (
    <>
      <PageHeading>{t('signed-out-heading')}</PageHeading>
      <p>{t('signed-out-paragraph')}</p>
    </>
  );
}
