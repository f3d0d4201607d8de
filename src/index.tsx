import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { loadPersistedState } from './app/persistedState';
import { makeStore } from './app/store';
import { createI18n } from './features/language/i18n';
import './styles.scss';

const store = makeStore(loadPersistedState());
const i18n = createI18n(store.getState().language.current);

const app = (
  <AppProviders store={store} i18n={i18n}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </AppProviders>
);

const container = document.getElementById('root')!;
// The start page arrives rendered by the server (src/prerender): React takes over its markup.
// Other routes arrive empty and are rendered here. Either way in a transition, which React works
// through in short slices, so the main thread stays responsive.
startTransition(() => {
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
