import { StrictMode, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/** What every page renders within, in the browser and in the server's prerender alike. */
export function AppProviders({
  store,
  i18n,
  children,
}: {
  store: AppStore;
  i18n: I18n;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
