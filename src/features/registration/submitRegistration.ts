import { loadSendPage } from '../send/loadSendPage';
import {
  formSubmitted,
  selectFirstInvalidField,
  selectValues,
  submitAttempted,
  type RegistrationThunk,
} from './registrationSlice';
import { validateForm } from './validation';

/**
 * unavailable: code the submit needs (the rules, the send step) could not be fetched, so the form
 * was neither saved nor lost.
 */
export type SubmitOutcome = 'valid' | 'invalid' | 'unavailable';

/**
 * Step 1's submit: marks every field touched, and saves the form when it is valid and the send
 * step's code is at hand. It waits for the rules only if they have not loaded yet.
 */
export const submitRegistration =
  (): RegistrationThunk<Promise<SubmitOutcome>> => async (dispatch, getState) => {
    if (!(await dispatch(validateForm()))) return 'unavailable';
    dispatch(submitAttempted());
    if (selectFirstInvalidField(getState())) return 'invalid';
    // Fetched before the form is left: when it cannot arrive, the form stays.
    const sendStepAtHand = await loadSendPage().then(
      () => true,
      () => false,
    );
    if (!sendStepAtHand) return 'unavailable';
    dispatch(formSubmitted());
    if (process.env.NODE_ENV !== 'production') {
      // Development builds log the saved form; personal data stays out of production consoles.
      // eslint-disable-next-line no-console -- development builds only
      console.info('Saved registration form', selectValues(getState()));
    }
    return 'valid';
  };
