/**
 * The form's validation rules (schema.ts, built on yup) are not part of the start page's script:
 * the page shows no error before a field is left, so it paints and hydrates without them. They
 * are fetched when the focus first enters the form, and run on the first change, blur or submit.
 * From then on every change is checked at once, within the dispatch that made it.
 */
import { config } from '../../config';
import type { RegistrationValues } from '../../contract/fields';
import { selectValues, valuesValidated, type RegistrationThunk } from './registrationSlice';
import type { FieldErrors } from '../../contract/registrationSchema';

type Validate = (values: RegistrationValues) => FieldErrors;

let validate: Validate | undefined;
let loading: Promise<Validate> | undefined;

/**
 * The rules, loaded once: the form's checks and the console's corrections share them (and one
 * chunk, so that the start page's script need not know of another).
 */
export function loadRules(): Promise<Validate> {
  loading ??= import('../../contract/registrationSchema.js').then(
    ({ createRegistrationSchema, validateRegistration }) => {
      const schema = createRegistrationSchema(config.emailDomain);
      validate = (values) => validateRegistration(schema, values);
      return validate;
    },
    (error: unknown) => {
      // Offline, say: the next check tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Fetches the rules ahead of their first use. */
export function fetchValidationRules(): void {
  loadRules().catch(() => undefined);
}

/**
 * Checks the form's values against the rules (loading them the first time) and stores the result.
 * Resolves false when the rules could not be fetched (offline, say): the next check tries again.
 */
export const validateForm =
  (): RegistrationThunk<Promise<boolean>> => async (dispatch, getState) => {
    const rules = validate ?? (await loadRules().catch(() => undefined));
    if (!rules) return false;
    dispatch(valuesValidated(rules(selectValues(getState()))));
    return true;
  };
