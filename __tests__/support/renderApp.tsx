import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../../src/app/AppRoutes';
import { loadPersistedState } from '../../src/app/persistedState';
import { makeStore, type AppStore } from '../../src/app/store';
import { createI18n } from '../../src/features/language/i18n';
import en from '../../public/assets/i18n/en.json';
import sv from '../../public/assets/i18n/sv.json';

export const translations = { sv, en };

/** A translation as the page shows it: without the markup (<termsLink>…) that places elements. */
export const withoutMarkup = (text: string) => text.replace(/<[^>]+>/g, '');

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** The whole app at `path`, with the real translations and state restored from sessionStorage. */
export function renderApp(
  path = '/',
  { store = makeStore(loadPersistedState()) as AppStore } = {},
) {
  const i18n = createI18n(store.getState().language.current, {
    sv: { translation: sv },
    en: { translation: en },
  });
  const view = render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
            <CurrentPath />
          </MemoryRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  );
  return { ...view, store, i18n };
}

/** The start page, once its Swedish heading shows. */
export async function renderStartPage() {
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: sv.hero['heading-label'] });
  return view;
}
