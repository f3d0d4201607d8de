import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultLanguage, type Language } from '../../contract/languages';

export interface LanguageState {
  current: Language;
}

export const initialLanguageState: LanguageState = { current: defaultLanguage };

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
