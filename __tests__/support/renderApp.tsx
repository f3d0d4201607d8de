import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppProviders } from '../../src/app/AppProviders';
import { AppRoutes } from '../../src/app/AppRoutes';
import { loadPersistedState } from '../../src/app/persistedState';
import { makeStore, type AppStore } from '../../src/app/store';
import { createI18n } from '../../src/features/language/i18n';
import type { Language } from '../../src/contract/languages';
import en from '../../public/assets/i18n/en.json';
import fi from '../../public/assets/i18n/fi.json';
import sv from '../../public/assets/i18n/sv.json';

export const translations = { sv, en, fi };

/** A translation as the page shows it: without the markup (<termsLink>…) that places elements. */
export const withoutMarkup = (text: string) => text.replace(/<[^>]+>/g, '');

/** i18next with the real translations, there at once. */
export const createTestI18n = (language: Language) =>
  createI18n(language, {
    sv: { translation: sv },
    en: { translation: en },
    fi: { translation: fi },
  });

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** The whole app at `path`, with the real translations and state restored from sessionStorage. */
export function renderApp(
  path = '/',
  { store = makeStore(loadPersistedState()) as AppStore } = {},
) {
  const i18n = createTestI18n(store.getState().language.current);
  const view = render(
    <AppProviders store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentPath />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, i18n };
}

/** The start page, once its Swedish heading shows. */
export async function renderStartPage() {
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: sv.hero['heading-label'] });
  return view;
}
