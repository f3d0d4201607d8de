/**
 * The browser's side of the prerendered start page: the page's inline script, then React
 * hydrating the server's markup (src/index.tsx does the same with BrowserRouter).
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { AppRoutes } from '../../src/app/AppRoutes';
import { loadPersistedState } from '../../src/app/persistedState';
import { storageKeys } from '../../src/app/storage';
import { makeStore } from '../../src/app/store';
import { configDefaults } from '../../src/contract/configDefaults';
import { registrationFormId } from '../../src/features/registration/fieldIds';
import { emptyValues, toRegistrationValues } from '../../src/contract/fields';
import { selectLanguage } from '../../src/features/language/languageSlice';
import { selectValues } from '../../src/features/registration/registrationSlice';
import { prerenderStartPage } from '../../src/prerender/startPage';
import { validValues } from '../../testing/registrations';
import { createTestI18n, translations } from '../support/renderApp';

const { sv, en } = translations;
const startPage = prerenderStartPage(configDefaults, []);
let unmount = () => {};

beforeEach(() => {
  sessionStorage.clear();
  document.documentElement.lang = 'sv';
  // As the server sends it; scripts written with innerHTML do not run, so the inline one is run
  // below, where the browser would run it: right after the markup.
  const { rootMarkup, trailingMarkup } = startPage.languages.sv;
  document.body.innerHTML = `<div id="root">${rootMarkup}</div>${trailingMarkup}`;
});

afterEach(() => {
  act(() => unmount());
  unmount = () => {};
});

const runInlineScript = () => new Function(startPage.inlineScript)();

/** Hydrates the page as the browser's bundle does; returns the store and what React recovered from. */
async function hydrate() {
  const store = makeStore(loadPersistedState());
  const recoverableErrors: unknown[] = [];
  await act(async () => {
    const root = hydrateRoot(
      document.getElementById('root')!,
      <AppProviders store={store} i18n={createTestI18n(store.getState().language.current)}>
        <MemoryRouter>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
      { onRecoverableError: (error) => recoverableErrors.push(error) },
    );
    unmount = () => root.unmount();
  });
  return { store, recoverableErrors };
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const registrationForm = () => document.getElementById(registrationFormId) as HTMLFormElement;

describe('the prerendered start page in the browser', () => {
  it('is taken over by React as it is, and then works', async () => {
    runInlineScript();
    const { store, recoverableErrors } = await hydrate();

    expect(recoverableErrors).toEqual([]);
    await userEvent.type(screen.getByLabelText(sv.form['city-label']), 'Vasa');
    expect(selectValues(store.getState()).city).toBe('Vasa');
  });

  it('shows the stored language and the stored form before React runs, which React then keeps', async () => {
    sessionStorage.setItem(storageKeys.language, 'en');
    sessionStorage.setItem(storageKeys.formData, JSON.stringify(validValues));

    runInlineScript();
    expect(document.documentElement.lang).toBe('en');
    expect(document.querySelector('h1')?.textContent).toBe(en.hero['heading-label']);
    expect(input('firstName').value).toBe(validValues.firstName);
    expect((document.getElementById('degreeProgram') as HTMLSelectElement).value).toBe(
      validValues.degreeProgram,
    );
    expect(input('terms').checked).toBe(true);

    const { store, recoverableErrors } = await hydrate();
    expect(recoverableErrors).toEqual([]);
    expect(screen.getByLabelText(en.form['firstName-label'])).toHaveValue(validValues.firstName);
    expect(selectValues(store.getState())).toEqual(validValues);
  });

  it('keeps what was typed before React took over, and saves it', async () => {
    runInlineScript();
    input('city').value = 'Helsingfors';
    input('terms').checked = true;

    const { store, recoverableErrors } = await hydrate();

    expect(recoverableErrors).toEqual([]);
    expect(input('city').value).toBe('Helsingfors');
    expect(selectValues(store.getState())).toMatchObject({ city: 'Helsingfors', terms: true });
    expect(JSON.parse(sessionStorage.getItem(storageKeys.formData)!)).toMatchObject({
      city: 'Helsingfors',
      terms: true,
    });
  });

  it('keeps a submit pressed before React has taken the form over, and then carries it out', async () => {
    runInlineScript();
    input('city').value = 'Helsingfors';
    const submit = new Event('submit', { bubbles: true, cancelable: true });

    registrationForm().dispatchEvent(submit);
    // Not sent by the browser, which would put what was typed into the address.
    expect(submit.defaultPrevented).toBe(true);
    const { recoverableErrors } = await hydrate();

    expect(recoverableErrors).toEqual([]);
    // The empty fields' messages, as after any invalid submit.
    expect(
      await screen.findByRole('region', { name: sv.form['error-summary-heading'] }),
    ).toBeInTheDocument();
    expect(input('city').value).toBe('Helsingfors');
  });

  it('saves what was typed when the page is left before React has taken it over', () => {
    runInlineScript();
    input('city').value = 'Helsingfors';
    input('terms').checked = true;

    window.dispatchEvent(new Event('pagehide'));

    expect(toRegistrationValues(JSON.parse(sessionStorage.getItem(storageKeys.formData)!))).toEqual(
      { ...emptyValues, city: 'Helsingfors', terms: true },
    );
  });

  it.each([
    ['en', 'no language', 'en'],
    ['sv', 'en', 'sv'],
    ['fi', 'en', 'en'],
    ['fi', 'no language', 'sv'],
  ] as const)(
    'shows ?lang=%s (with %s chosen before) in %s, which the app keeps, and clears the address',
    async (asked, chosenBefore, shown) => {
      if (chosenBefore !== 'no language') {
        sessionStorage.setItem(storageKeys.language, chosenBefore);
      }
      history.replaceState(null, '', `/?lang=${asked}`);

      runInlineScript();
      expect(document.documentElement.lang).toBe(shown);
      expect(location.search).toBe('');
      const { store, recoverableErrors } = await hydrate();

      expect(recoverableErrors).toEqual([]);
      expect(document.querySelector('h1')?.textContent).toBe(
        translations[shown].hero['heading-label'],
      );
      expect(selectLanguage(store.getState())).toBe(shown);
    },
  );

  it('shows the page as rendered when the stored form is corrupt', async () => {
    sessionStorage.setItem(storageKeys.language, 'xx');
    sessionStorage.setItem(storageKeys.formData, '{"firstName": ');

    runInlineScript();
    const { recoverableErrors } = await hydrate();

    expect(recoverableErrors).toEqual([]);
    expect(document.querySelector('h1')?.textContent).toBe(sv.hero['heading-label']);
    expect(input('firstName').value).toBe('');
  });
});
