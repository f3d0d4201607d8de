import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { afterPress } from '../../app/press';
import { describedBy } from './fieldIds';
import { fieldMessage } from './fieldMessages';
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
    errorText: error ? fieldMessage(t, error) : undefined,
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
