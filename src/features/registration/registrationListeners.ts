import { isAnyOf, type TypedStartListening } from '@reduxjs/toolkit';
import { removeStored, storageKeys, writeStored } from '../../app/storage';
import {
  fieldChanged,
  fieldTouched,
  formCleared,
  formSubmitted,
  selectIsChecked,
  selectValues,
  type RegistrationDispatch,
  type RegistrationRootState,
} from './registrationSlice';
import { validateForm } from './validation';

export function addRegistrationListeners(
  startListening: TypedStartListening<RegistrationRootState, RegistrationDispatch>,
) {
  // Every keystroke is saved, so a reload halfway through the form loses nothing.
  startListening({
    matcher: isAnyOf(fieldChanged, formSubmitted),
    effect: (_action, api) =>
      writeStored(storageKeys.formData, JSON.stringify(selectValues(api.getState()))),
  });

  startListening({
    actionCreator: formCleared,
    effect: () => removeStored(storageKeys.formData),
  });

  // Every change is checked against the rules (at once, once they have loaded); so is a form left
  // unchanged the first time a field is: leaving an empty field shows that it is required.
  startListening({
    predicate: (action, state) =>
      isAnyOf(fieldChanged, formCleared)(action) ||
      (fieldTouched.match(action) && !selectIsChecked(state)),
    effect: async (_action, api) => {
      await api.dispatch(validateForm());
    },
  });
}
