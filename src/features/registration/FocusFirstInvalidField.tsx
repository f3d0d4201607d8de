import { useEffect } from 'react';
import { useAppStore } from '../../app/hooks';
import { focusField } from './focusField';
import { selectFirstInvalidField } from './registrationSlice';

/**
 * In place of the error summary when its code cannot arrive (offline, say): each invalid submit
 * moves focus to the first field to fix instead, as the summary's first link would.
 */
export function FocusFirstInvalidField({ submits }: { submits: number }) {
  const store = useAppStore();
  useEffect(() => {
    const first = selectFirstInvalidField(store.getState());
    if (first) focusField(first);
  }, [store, submits]);
  return null;
}
