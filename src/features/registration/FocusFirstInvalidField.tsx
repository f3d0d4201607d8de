import { useEffect } from 'react';
import { useAppStore } from '../../app/hooks';
import { fieldNames } from './fields';
import { focusField } from './focusField';
import { selectSummaryErrors } from './registrationSlice';

/**
 * In place of the error summary when its code cannot arrive (offline, say): each invalid submit
 * moves focus to the first field to fix instead, as the summary's first link would.
 */
export function FocusFirstInvalidField({ submits }: { submits: number }) {
  const store = useAppStore();
  useEffect(() => {
    const errors = selectSummaryErrors(store.getState());
    const first = fieldNames.find((field) => errors[field]);
    if (first) focusField(first);
  }, [store, submits]);
  return null;
}
