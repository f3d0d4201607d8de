import {
  createSlice,
  type PayloadAction,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  emptyValues,
  fieldNames,
  type FieldName,
  type RegistrationValues,
} from '../../contract/fields';
import type { FieldErrors } from '../../contract/registrationSchema';

export interface RegistrationState {
  values: RegistrationValues;
  touched: Partial<Record<FieldName, true>>;
  /**
   * The rules' message key per invalid field, set by validateForm (validation.ts) after every
   * change; undefined until the rules, which load on first use, have checked the form.
   */
  errors?: FieldErrors;
  submitAttempted: boolean;
}

/**
 * The store's state as this feature reads it. The feature's thunks and listeners are typed with it
 * rather than with the store's RootState: the store imports them, so they do not import the store.
 */
export interface RegistrationRootState {
  registration: RegistrationState;
}

export type RegistrationDispatch = ThunkDispatch<RegistrationRootState, unknown, UnknownAction>;
export type RegistrationThunk<Result> = ThunkAction<
  Result,
  RegistrationRootState,
  unknown,
  UnknownAction
>;

export function registrationStateFor(values: RegistrationValues): RegistrationState {
  return {
    values,
    touched: {},
    submitAttempted: false,
  };
}

export const initialRegistrationState = registrationStateFor(emptyValues);

/** One empty object, so that the summary's selector returns the same thing until errors show. */
const noErrors: FieldErrors = {};

export type FieldChange = {
  [Name in FieldName]: { field: Name; value: RegistrationValues[Name] };
}[FieldName];

export const registrationSlice = createSlice({
  name: 'registration',
  initialState: initialRegistrationState,
  reducers: {
    fieldChanged(state, action: PayloadAction<FieldChange>) {
      const { field, value } = action.payload;
      (state.values as Record<FieldName, string | boolean>)[field] = value;
    },
    valuesValidated(state, action: PayloadAction<FieldErrors>) {
      state.errors = action.payload;
    },
    fieldTouched(state, action: PayloadAction<FieldName>) {
      state.touched[action.payload] = true;
    },
    submitAttempted(state) {
      state.submitAttempted = true;
      for (const name of fieldNames) state.touched[name] = true;
    },
    /** A valid form was submitted: it is saved and sent from the send page. */
    formSubmitted() {},
    formCleared() {
      return initialRegistrationState;
    },
  },
  selectors: {
    selectValues: (state) => state.values,
    selectFieldValue: (state, field: FieldName) => state.values[field],
    /** The message key to show for a field: only once touched. */
    selectVisibleError: (state, field: FieldName) =>
      state.touched[field] ? state.errors?.[field] : undefined,
    selectIsChecked: (state) => state.errors !== undefined,
    /** Valid as checked by the rules: false while they have not checked the form. */
    selectIsValid: (state) => state.errors !== undefined && Object.keys(state.errors).length === 0,
    selectFirstInvalidField: (state) => fieldNames.find((name) => state.errors?.[name]),
    /** What the error summary lists: every invalid field once a submit was tried, in form order. */
    selectSummaryErrors: (state) => (state.submitAttempted ? (state.errors ?? noErrors) : noErrors),
    selectShowsErrorSummary: (state) =>
      state.submitAttempted && Object.keys(state.errors ?? noErrors).length > 0,
  },
});

export const {
  fieldChanged,
  valuesValidated,
  fieldTouched,
  submitAttempted,
  formSubmitted,
  formCleared,
} = registrationSlice.actions;
export const {
  selectValues,
  selectFieldValue,
  selectVisibleError,
  selectIsChecked,
  selectIsValid,
  selectFirstInvalidField,
  selectSummaryErrors,
  selectShowsErrorSummary,
} = registrationSlice.selectors;
