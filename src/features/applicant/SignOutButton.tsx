/**
 * Signing out, for a shared device: the session ends on the server (its cookie is cleared), and
 * the page forgets the registration (signedOut), instead of staying open for 30 minutes.
 */
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useSignOutMutation } from './applicantApi';
import { statusOf } from './applicantErrors';
import { signedOut } from './applicantSlice';

export function SignOutButton() {
  const { t } = useTranslation('applicant');
  const dispatch = useAppDispatch();
  const [signOut, { isLoading, isError, reset }] = useSignOutMutation();

  async function press() {
    if (isLoading) return;
    reset();
    const result = await signOut();
    // A session that had already ended (401) is as good as one ended now.
    if (!('error' in result) || statusOf(result.error) === 401) dispatch(signedOut());
  }

  return (
    <div className="text-end">
      <button
        type="button"
        className="btn btn-outline-secondary"
        aria-disabled={isLoading || undefined}
        onClick={() => void press()}
      >
        {t('sign-out')}
      </button>
      {isError && (
        <p role="alert" className="text-danger small mt-1 mb-0">
          {t('sign-out-failed')}
        </p>
      )}
    </div>
  );
}
