/**
 * Why a change of state or assignee was not made, in the console's language: an assignee who may
 * not have them by name and programme, another refusal as one that asking again will not mend,
 * and "try again" only for what may succeed later (no answer, too many requests, a server failure).
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import { useTranslation } from 'react-i18next';
import { languageLocales, isLanguage, defaultLanguage } from '../../contract/languages';
import { mayTryAgain, notAssignableIn } from './apiErrors';
import { useFormatting } from './useFormatting';

export function ChangeRefused({
  error,
  many = false,
}: {
  error: FetchBaseQueryError | SerializedError;
  /** A change of many registrations at once (the bulk change). */
  many?: boolean;
}) {
  const { t, i18n } = useTranslation('staff');
  const format = useFormatting();
  const notAssignable = notAssignableIn(error);
  let message: string;
  if (notAssignable?.assignee) {
    const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
    const programmes = new Intl.ListFormat(languageLocales[language], { type: 'conjunction' });
    message = t('not-assignable', {
      name: notAssignable.assignee.name,
      programmes: programmes.format(notAssignable.programmes.map(format.programme)),
    });
  } else if (notAssignable) {
    message = t('not-assignable-unknown');
  } else if (mayTryAgain(error)) {
    message = t(many ? 'bulk-failed' : 'change-failed');
  } else {
    message = t(many ? 'bulk-refused' : 'change-refused');
  }
  return (
    <p role="alert" className="text-danger mt-2 mb-0">
      {message}
    </p>
  );
}
