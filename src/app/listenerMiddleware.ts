import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { languageChanged } from '../features/language/languageSlice';
import {
  fieldChanged,
  fieldTouched,
  formCleared,
  formSubmitted,
  selectIsChecked,
} from '../features/registration/registrationSlice';
import { validateForm } from '../features/registration/validation';
import { removeStored, storageKeys, writeStored } from './storage';
import type { AppDispatch, RootState } from './store';

export const listenerMiddleware = createListenerMiddleware();

const startAppListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch>();

startAppListening({
  actionCreator: languageChanged,
  effect: (action) => writeStored(storageKeys.language, action.payload),
});

// Every keystroke is saved, so a reload halfway through the form loses nothing.
startAppListening({
  matcher: isAnyOf(fieldChanged, formSubmitted),
  effect: (_action, api) =>
    writeStored(storageKeys.formData, JSON.stringify(api.getState().registration.values)),
});

startAppListening({
  actionCreator: formCleared,
  effect: () => removeStored(storageKeys.formData),
});

// Every change is checked against the rules (at once, once they have loaded); so is a form left
// unchanged the first time a field is: leaving an empty field shows that it is required.
startAppListening({
  predicate: (action, state) =>
    isAnyOf(fieldChanged, formCleared)(action) ||
    (fieldTouched.match(action) && !selectIsChecked(state)),
  effect: async (_action, api) => {
    await api.dispatch(validateForm());
  },
});
