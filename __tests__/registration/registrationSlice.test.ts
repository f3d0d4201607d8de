import { makeStore } from '../../src/app/store';
import {
  fieldChanged,
  fieldTouched,
  formCleared,
  initialRegistrationState,
  registrationSlice,
  selectFirstInvalidField,
  selectIsValid,
  selectVisibleError,
  submitAttempted,
} from '../../src/features/registration/registrationSlice';
import { validValues } from '../../testing/registrations';

const reducer = registrationSlice.reducer;

describe('registration slice', () => {
  it('starts empty, untouched and invalid on every field', () => {
    const state = reducer(undefined, { type: 'init' });
    expect(state.values.firstName).toBe('');
    expect(state.values.terms).toBe(false);
    expect(state.touched).toEqual({});
    expect(state.submitAttempted).toBe(false);
    expect(Object.keys(state.errors)).toHaveLength(12);
  });

  it('stores a changed value and recomputes that field’s error', () => {
    let state = reducer(undefined, fieldChanged({ field: 'firstName', value: 'A' }));
    expect(state.values.firstName).toBe('A');
    expect(state.errors.firstName).toBe('firstName-too-short');
    state = reducer(state, fieldChanged({ field: 'firstName', value: 'Anna' }));
    expect(state.errors.firstName).toBeUndefined();
    state = reducer(state, fieldChanged({ field: 'terms', value: true }));
    expect(state.values.terms).toBe(true);
    expect(state.errors.terms).toBeUndefined();
  });

  it('marks a field touched on blur, and every field on a submit attempt', () => {
    let state = reducer(undefined, fieldTouched('email'));
    expect(state.touched).toEqual({ email: true });
    state = reducer(state, submitAttempted());
    expect(state.submitAttempted).toBe(true);
    expect(Object.keys(state.touched)).toHaveLength(12);
  });

  it('clears back to the initial state', () => {
    const changed = reducer(undefined, fieldChanged({ field: 'city', value: 'Vasa' }));
    expect(reducer(changed, formCleared())).toEqual(initialRegistrationState);
  });

  it('shows a field’s error only once it is touched', () => {
    const store = makeStore();
    store.dispatch(fieldChanged({ field: 'email', value: 'x@gmail.com' }));
    expect(selectVisibleError(store.getState(), 'email')).toBeUndefined();
    store.dispatch(fieldTouched('email'));
    expect(selectVisibleError(store.getState(), 'email')).toBe('email-format');
  });

  it('knows when the form is valid and which field to fix first', () => {
    const store = makeStore();
    expect(selectFirstInvalidField(store.getState())).toBe('firstName');
    for (const [field, value] of Object.entries(validValues)) {
      store.dispatch(fieldChanged({ field, value } as Parameters<typeof fieldChanged>[0]));
    }
    expect(selectIsValid(store.getState())).toBe(true);
    store.dispatch(fieldChanged({ field: 'zipcode', value: '' }));
    expect(selectIsValid(store.getState())).toBe(false);
    expect(selectFirstInvalidField(store.getState())).toBe('zipcode');
  });
});
