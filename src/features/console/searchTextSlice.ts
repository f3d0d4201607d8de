/**
 * The list's search text, kept in memory only: the rest of the filter lives in the address, but the
 * text may be a name, so it stays out of every address (the browser's history, a shared link, the
 * request line a proxy logs). Back from a registration keeps it; a reload starts without it.
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../app/store';

export const searchTextSlice = createSlice({
  name: 'consoleSearch',
  initialState: { text: '' },
  reducers: {
    searchTextChanged(state, action: PayloadAction<string>) {
      state.text = action.payload.trim();
    },
  },
  selectors: {
    selectSearchText: (state) => state.text,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof searchTextSlice> {}
}

export const { searchTextChanged } = searchTextSlice.actions;
export const { selectSearchText } = searchTextSlice.injectInto(rootReducer).selectors;
