import type { AppThunk } from '../../app/store';
import {
  formSubmitted,
  selectFirstInvalidField,
  selectValues,
  submitAttempted,
} from './registrationSlice';
import type { FieldName } from './fields';
import { validateForm } from './validation';

export type SubmitOutcome = { valid: true } | { valid: false; firstInvalidField: FieldName };

/**
 * Step 1's submit: marks every field touched, and saves the form when it is valid. It waits for the
 * rules only if they have not loaded yet.
 */
export const submitRegistration =
  (): AppThunk<Promise<SubmitOutcome>> => async (dispatch, getState) => {
    await dispatch(validateForm());
    dispatch(submitAttempted());
    const firstInvalidField = selectFirstInvalidField(getState());
    if (firstInvalidField) return { valid: false, firstInvalidField };
    dispatch(formSubmitted());
    if (process.env.NODE_ENV !== 'production') {
      // Development builds log the saved form; personal data stays out of production consoles.
      // eslint-disable-next-line no-console -- development builds only
      console.info('Saved registration form', selectValues(getState()));
    }
    return { valid: true };
  };
