import { loadPersistedState } from '../../src/app/persistedState';
import { makeStore } from '../../src/app/store';
import { languageChanged } from '../../src/features/language/languageSlice';
import {
  fieldChanged,
  formCleared,
  formSubmitted,
  initialRegistrationState,
} from '../../src/features/registration/registrationSlice';
import { validateForm } from '../../src/features/registration/validation';
import { validValues } from '../../testing/registrations';

beforeEach(() => sessionStorage.clear());
afterEach(() => jest.restoreAllMocks());

const storedForm = () => JSON.parse(sessionStorage.getItem('form-data') ?? 'null');

describe('mirroring state to sessionStorage', () => {
  it('saves the language under user-language', () => {
    makeStore().dispatch(languageChanged('en'));
    expect(sessionStorage.getItem('user-language')).toBe('en');
  });

  it('saves the form under form-data on every change', () => {
    const store = makeStore();
    store.dispatch(fieldChanged({ field: 'firstName', value: 'Å' }));
    expect(storedForm().firstName).toBe('Å');
    store.dispatch(fieldChanged({ field: 'firstName', value: 'Åsa' }));
    store.dispatch(fieldChanged({ field: 'terms', value: true }));
    expect(storedForm()).toMatchObject({ firstName: 'Åsa', terms: true, city: '' });
  });

  it('saves the form again on submit and removes it when cleared', () => {
    const store = makeStore({ registration: loadPersistedState().registration });
    store.dispatch(formSubmitted());
    expect(storedForm()).not.toBeNull();
    store.dispatch(formCleared());
    expect(sessionStorage.getItem('form-data')).toBeNull();
  });

  // Mutation caught: writeStored without its try/catch (the listener effect then fails).
  it('keeps working, and reports nothing, when storage throws', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    const store = makeStore();
    store.dispatch(fieldChanged({ field: 'city', value: 'Vasa' }));
    store.dispatch(languageChanged('en'));
    await new Promise((resolve) => setTimeout(resolve, 0)); // listener effects have run
    expect(setItem).toHaveBeenCalledTimes(2);
    expect(console.error).not.toHaveBeenCalled();
    expect(store.getState().registration.values.city).toBe('Vasa');

    // Storage that works again is written to again.
    setItem.mockRestore();
    store.dispatch(fieldChanged({ field: 'city', value: 'Vasa stad' }));
    expect(storedForm().city).toBe('Vasa stad');
  });
});

describe('restoring state at start-up', () => {
  it('restores the language and the form, which the store checks again', async () => {
    sessionStorage.setItem('user-language', 'en');
    sessionStorage.setItem('form-data', JSON.stringify({ ...validValues, email: 'bad' }));
    const state = loadPersistedState();
    expect(state.language.current).toBe('en');
    expect(state.registration.values).toEqual({ ...validValues, email: 'bad' });
    expect(state.registration.touched).toEqual({});

    const store = makeStore(state);
    await store.dispatch(validateForm());
    expect(store.getState().registration.errors).toEqual({ email: 'email-too-short' });
  });

  it.each([
    ['corrupt JSON', '{"firstName": "Å'],
    ['a foreign shape', JSON.stringify({ firstName: 1, hello: 'world' })],
    ['a JSON array', '[1, 2, 3]'],
    ['JSON null', 'null'],
    ['a missing field', JSON.stringify({ ...validValues, terms: undefined })],
  ])('falls back to an empty form on %s', (_case, stored) => {
    sessionStorage.setItem('form-data', stored);
    expect(loadPersistedState().registration).toEqual(initialRegistrationState);
  });

  it('falls back to Swedish on an unknown language', () => {
    sessionStorage.setItem('user-language', 'de');
    expect(loadPersistedState().language.current).toBe('sv');
  });

  it('uses the defaults when storage throws on read', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('SecurityError');
    });
    const state = loadPersistedState();
    expect(state.language.current).toBe('sv');
    expect(state.registration).toEqual(initialRegistrationState);
  });
});
