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
import { validateForm } from '../../src/features/registration/validation';
import { validValues } from '../../testing/registrations';

const reducer = registrationSlice.reducer;

describe('registration slice', () => {
  it('starts empty, untouched and not yet checked', () => {
    const state = reducer(undefined, { type: 'init' });
    expect(state.values.firstName).toBe('');
    expect(state.values.terms).toBe(false);
    expect(state.touched).toEqual({});
    expect(state.submitAttempted).toBe(false);
    expect(state.errors).toBeUndefined();
  });

  it('is checked by the rules once they have loaded: invalid on every field when empty', async () => {
    const store = makeStore();
    expect(selectIsValid(store.getState())).toBe(false);
    await store.dispatch(validateForm());
    expect(Object.keys(store.getState().registration.errors!)).toHaveLength(12);
  });

  it('stores a changed value and, the rules loaded, checks it within the same dispatch', async () => {
    const store = makeStore();
    await store.dispatch(validateForm());
    const errors = () => store.getState().registration.errors!;
    store.dispatch(fieldChanged({ field: 'firstName', value: 'A' }));
    expect(store.getState().registration.values.firstName).toBe('A');
    expect(errors().firstName).toBe('firstName-too-short');
    store.dispatch(fieldChanged({ field: 'firstName', value: 'Anna' }));
    expect(errors().firstName).toBeUndefined();
    store.dispatch(fieldChanged({ field: 'terms', value: true }));
    expect(store.getState().registration.values.terms).toBe(true);
    expect(errors().terms).toBeUndefined();
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

  it('shows a field’s error only once it is touched', async () => {
    const store = makeStore();
    await store.dispatch(validateForm());
    store.dispatch(fieldChanged({ field: 'email', value: 'x@gmail.com' }));
    expect(selectVisibleError(store.getState(), 'email')).toBeUndefined();
    store.dispatch(fieldTouched('email'));
    expect(selectVisibleError(store.getState(), 'email')).toBe('email-format');
  });

  it('knows when the form is valid and which field to fix first', async () => {
    const store = makeStore();
    await store.dispatch(validateForm());
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
