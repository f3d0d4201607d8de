import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { afterPress } from '../../app/press';
import { config } from '../../config';
import { describedBy } from './fieldIds';
import type { FieldName } from '../../contract/fields';
import { fieldTouched, selectFieldValue, selectVisibleError } from './registrationSlice';

/** What one control needs from the store: only its own value and error, so it alone re-renders. */
export function useField(field: FieldName, hasHint: boolean) {
  const value = useAppSelector((state) => selectFieldValue(state, field));
  const error = useAppSelector((state) => selectVisibleError(state, field));
  const dispatch = useAppDispatch();
  const { t } = useTranslation();
  return {
    value,
    // fieldMessages.ts says the same; written out here, it adds nothing to the start page's script.
    errorText: error ? t(`validation.${error}`, { domain: config.emailDomain }) : undefined,
    dispatch,
    t,
    controlProps: {
      name: field,
      isInvalid: Boolean(error),
      'aria-invalid': error ? ('true' as const) : undefined,
      'aria-describedby': describedBy(field, hasHint, Boolean(error)),
      // Left with a press (on the submit button, say): its message shows once the press is over.
      onBlur: () => afterPress(() => dispatch(fieldTouched(field))),
    },
  };
}
