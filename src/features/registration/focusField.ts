import type { FieldName } from '../../contract/fields';

/** Focuses a field's control, scrolled into view with its label (its grid column). */
export function focusField(field: FieldName) {
  const control = document.getElementById(field);
  control?.closest('[class*="col-"]')?.scrollIntoView?.({ block: 'center' });
  control?.focus({ preventScroll: true });
}
