import { createSlice, type PayloadAction, type TypedStartListening } from '@reduxjs/toolkit';
import { storageKeys, writeStored } from '../../app/storage';
import type { Language } from '../../contract/languages';
import { firstLanguage } from './offeredLanguages';

export interface LanguageState {
  current: Language;
}

/**
 * The store's state as this feature reads it. Its listener is typed with it rather than with the
 * store's RootState: the store imports it, so it does not import the store.
 */
export interface LanguageRootState {
  language: LanguageState;
}

/** The default, the first language offered: read when a store is made, after the configuration. */
export const initialLanguageState = (): LanguageState => ({ current: firstLanguage() });

export const languageSlice = createSlice({
  name: 'language',
  initialState: initialLanguageState,
  reducers: {
    languageChanged(state, action: PayloadAction<Language>) {
      state.current = action.payload;
    },
  },
  selectors: {
    selectLanguage: (state) => state.current,
  },
});

export const { languageChanged } = languageSlice.actions;
export const { selectLanguage } = languageSlice.selectors;

export function addLanguageListeners(startListening: TypedStartListening<LanguageRootState>) {
  startListening({
    actionCreator: languageChanged,
    effect: (action) => writeStored(storageKeys.language, action.payload),
  });
}
