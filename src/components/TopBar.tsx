import { useTranslation } from 'react-i18next';
import { config } from '../config';
import { LanguageDropdown } from '../features/language/LanguageDropdown';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <header className="navbar navbar-dark bg-primary top-bar">
      <div className="container-lg flex-nowrap gap-3">
        <a
          className="navbar-brand d-flex align-items-center gap-2 me-0"
          href={config.institutionUrl}
        >
          <img src="/assets/logo.svg" alt={t('general.logo-alt')} width="40" height="40" />
        </a>
        <span className="navbar-text text-white flex-grow-1 top-bar-label">
          {t('general.topbar-label')}
        </span>
        <LanguageDropdown />
      </div>
    </header>
  );
}
