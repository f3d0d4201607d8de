import type { FieldName } from '../../contract/fields';

/** The form's own id: the start page's inline script finds it by this, beside the switcher's. */
export const registrationFormId = 'registration-form';

export const hintId = (field: FieldName) => `${field}-hint`;
export const errorId = (field: FieldName) => `${field}-error`;

/** The ids that describe a control: its hint, then its error when one shows. */
export function describedBy(field: FieldName, hasHint: boolean, hasError: boolean) {
  const ids = [hasHint && hintId(field), hasError && errorId(field)].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
