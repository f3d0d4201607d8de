import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/AppRoutes';
import { loadPersistedState } from './app/persistedState';
import { makeStore } from './app/store';
import { createI18n } from './features/language/i18n';
import './styles.scss';

const store = makeStore(loadPersistedState());
const i18n = createI18n(store.getState().language.current);

const root = createRoot(document.getElementById('root')!);
// A transition lets React render the page in short slices, so the main thread stays responsive.
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </I18nextProvider>
      </Provider>
    </StrictMode>,
  ),
);
