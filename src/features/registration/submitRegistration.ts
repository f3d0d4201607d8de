import type { AppThunk } from '../../app/store';
import {
  formSubmitted,
  selectFirstInvalidField,
  selectValues,
  submitAttempted,
} from './registrationSlice';
import { validateForm } from './validation';

/** unchecked: the rules could not be fetched, so nothing was checked or saved (nor lost). */
export type SubmitOutcome = 'valid' | 'invalid' | 'unchecked';

/**
 * Step 1's submit: marks every field touched, and saves the form when it is valid. It waits for the
 * rules only if they have not loaded yet.
 */
export const submitRegistration =
  (): AppThunk<Promise<SubmitOutcome>> => async (dispatch, getState) => {
    if (!(await dispatch(validateForm()))) return 'unchecked';
    dispatch(submitAttempted());
    if (selectFirstInvalidField(getState())) return 'invalid';
    dispatch(formSubmitted());
    if (process.env.NODE_ENV !== 'production') {
      // Development builds log the saved form; personal data stays out of production consoles.
      // eslint-disable-next-line no-console -- development builds only
      console.info('Saved registration form', selectValues(getState()));
    }
    return 'valid';
  };
