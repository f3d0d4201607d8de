import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  createListenerMiddleware,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { addLanguageListeners, languageSlice } from '../features/language/languageSlice';
import { addRegistrationListeners } from '../features/registration/registrationListeners';
import { registrationSlice } from '../features/registration/registrationSlice';

/**
 * Slices that arrive with code loaded on demand (the send step and its API) add themselves here
 * by declaration merging, so the start page's bundle does not carry them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- extended by lazy slices
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  registrationSlice,
  languageSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export const dynamicMiddleware = createDynamicMiddleware();

// Each feature brings its own listeners. Typed by the state alone: the app's dispatch type is
// derived from the store this middleware is part of.
const listenerMiddleware = createListenerMiddleware<RootState>();
addLanguageListeners(listenerMiddleware.startListening);
addRegistrationListeners(listenerMiddleware.startListening);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware()
        .prepend(listenerMiddleware.middleware)
        .concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, UnknownAction>;
