import { createOnboardingForm } from '../../api/apiSlice';
import type { AppThunk } from '../../app/store';
import { formCleared, selectIsValid, selectValues } from '../registration/registrationSlice';
import { validateForm } from '../registration/validation';
import { selectSendStatus } from './sendSlice';

/**
 * Sends the saved form once, then discards it whatever the outcome, with no retry. Checking the status
 * first keeps it to one POST when React StrictMode runs the page's effect twice. Rules that cannot
 * be fetched (offline, say) leave the check to the server, which applies the same ones.
 */
export const sendRegistration = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  if (selectSendStatus(getState()) !== 'idle') return;
  const checked = await dispatch(validateForm());
  const state = getState();
  if (selectSendStatus(state) !== 'idle' || (checked && !selectIsValid(state))) return;
  await dispatch(createOnboardingForm.initiate(selectValues(state), { track: false }));
  dispatch(formCleared());
};
