/** The token just made, shown this once to copy: only its hash is kept. */
import { useTranslation } from 'react-i18next';
import { SecretOnce } from '../../components/SecretOnce';

export function NewToken({ token, done }: { token: string; done: () => void }) {
  const { t } = useTranslation('staff');
  const texts = {
    heading: t('tokens.created-heading'),
    paragraph: t('tokens.created-paragraph'),
    copy: t('tokens.copy'),
    copied: t('tokens.copy-done'),
    copyFailed: t('tokens.copy-failed'),
  };
  return (
    <SecretOnce id="new-token" secret={token} texts={texts}>
      <button type="button" className="btn btn-secondary" onClick={done}>
        {t('tokens.copied-done')}
      </button>
    </SecretOnce>
  );
}
