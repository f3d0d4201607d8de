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
const translationsLoaded = new Promise((resolve) =>
  i18n.isInitialized ? resolve(undefined) : i18n.on('initialized', resolve),
);

// The start page arrives rendered by the server (src/prerender), in the language the page's
// inline script chose: React takes that markup over when it renders the same texts. It does not
// when that language's file failed to load and the Swedish fallback shows instead; then, as on
// every other route, which arrives empty, React renders the page itself. Either way in a
// transition, which React works through in short slices, so the main thread stays responsive.
void translationsLoaded.then(() =>
  startTransition(() => {
    const rendered = container.firstElementChild !== null;
    if (rendered && i18n.resolvedLanguage === document.documentElement.lang) {
      hydrateRoot(container, app);
    } else {
      createRoot(container).render(app);
    }
  }),
);
