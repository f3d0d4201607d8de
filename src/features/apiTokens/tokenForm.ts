/** The token form's values, their checks and the body they make: apart from the form's markup. */
import type { ApiTokenBody } from '../../contract/apiTokenSchemas';
import type { degreePrograms } from '../../contract/fields';
import { allProgrammes, apiTokenMaxDays } from '../../contract/apiTokenLimits';

type Programme = (typeof degreePrograms)[number];

export interface TokenFormValues {
  name: string;
  /** Every programme (those added later too), or the ones chosen. */
  scope: 'all' | 'chosen';
  programmes: Programme[];
  /** The last day it works, YYYY-MM-DD. */
  expires: string;
}

export type TokenFormField = 'name' | 'programmes' | 'expires';

/** The form offers no day past the server's limit, whatever the hour and time zone. */
const maxDaysAhead = apiTokenMaxDays - 1;

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function expiryRange(today = new Date()) {
  const latest = new Date(today);
  latest.setDate(latest.getDate() + maxDaysAhead);
  const earliest = new Date(today);
  earliest.setDate(earliest.getDate() + 1);
  return { min: dayOf(earliest), max: dayOf(latest) };
}

/** Each field's message key that breaks a rule. */
export function checkTokenForm(values: TokenFormValues, today = new Date()) {
  const errors: Partial<Record<TokenFormField, string>> = {};
  if (!values.name.trim()) errors.name = 'name-required';
  if (values.scope === 'chosen' && values.programmes.length === 0) {
    errors.programmes = 'programmes-required';
  }
  const { min, max } = expiryRange(today);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expires)) errors.expires = 'expires-required';
  else if (values.expires < min || values.expires > max) errors.expires = 'expires-range';
  return errors;
}

/** The body to send: the server makes it work to the end of its last day, in TIME_ZONE. */
export const tokenBodyOf = (values: TokenFormValues): ApiTokenBody => ({
  name: values.name.trim(),
  programmes: values.scope === 'all' ? allProgrammes : values.programmes,
  expiresAt: values.expires,
});
