import { useTranslation } from 'react-i18next';

export const invalidFormToastId = 'invalid-form';

export function InvalidFormToast() {
  const { t } = useTranslation();
  return (
    <div>
      <strong className="d-block">{t('form.invalid-toast-header')}</strong>
      {t('form.invalid-toast-message')}
    </div>
  );
}
