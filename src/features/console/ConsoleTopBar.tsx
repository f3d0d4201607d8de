/**
 * The console's own top bar: the institution's logo and the console's name (a workplace of its
 * own, not the applicants' site), the language and, once someone is signed in, the sign-out.
 */
import { useTranslation } from 'react-i18next';
import { LanguageDropdown } from '../language/LanguageDropdown';
import { signOut } from './signOut';

export function ConsoleTopBar({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('staff');
  return (
    <header className="navbar navbar-dark bg-primary top-bar">
      <div className="container-lg flex-nowrap gap-3">
        {/* The name says what the page is; the logo beside it adds nothing to read. */}
        <span className="navbar-brand d-flex align-items-center gap-2 me-0 flex-grow-1 console-name">
          <img src="/assets/logo.svg" alt="" width="40" height="40" />
          {t('console-name')}
        </span>
        <LanguageDropdown />
        {signedIn && (
          <button
            type="button"
            className="btn btn-outline-light btn-sm text-nowrap"
            onClick={signOut}
          >
            {t('sign-out')}
          </button>
        )}
      </div>
    </header>
  );
}
