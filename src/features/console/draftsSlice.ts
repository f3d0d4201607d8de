/**
 * What staff have begun and not yet saved on a registration's page: a note's text, and an open
 * correction (the fields changed, on the version it began from). Kept so that a link away, Back
 * or another registration loses nothing, for as long as the console's page stays loaded. In
 * memory only, as the search text is (searchTextSlice.ts): a note may hold personal data, and the
 * browser's storage would keep it on a shared desk past the session; a reload, closing the tab or
 * the sign-out asks first instead (useLeaveWarning).
 */
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { rootReducer } from '../../app/store';
import type { RegistrationValues } from '../../contract/fields';

export interface CorrectionDraft {
  /** The version the correction began from: saved on it, so that nobody's later change is lost. */
  version: number;
  fields: Partial<RegistrationValues>;
}

interface Drafts {
  notes: Record<number, string>;
  corrections: Record<number, CorrectionDraft>;
}

const initialState: Drafts = { notes: {}, corrections: {} };

export const draftsSlice = createSlice({
  name: 'consoleDrafts',
  initialState,
  reducers: {
    /** The note's text as typed; an empty one is no draft. */
    noteDrafted(state, { payload }: PayloadAction<{ id: number; text: string }>) {
      if (payload.text) state.notes[payload.id] = payload.text;
      else delete state.notes[payload.id];
    },
    correctionDrafted(state, { payload }: PayloadAction<{ id: number } & CorrectionDraft>) {
      const { id, ...draft } = payload;
      state.corrections[id] = draft;
    },
    /** Saved or cancelled. */
    correctionClosed(state, { payload: id }: PayloadAction<number>) {
      delete state.corrections[id];
    },
  },
  selectors: {
    selectNoteDraft: (state, id: number) => state.notes[id] ?? '',
    selectCorrectionDraft: (state, id: number): CorrectionDraft | undefined =>
      state.corrections[id],
    selectHasDrafts: (state) =>
      Object.keys(state.notes).length > 0 ||
      Object.values(state.corrections).some((draft) => Object.keys(draft.fields).length > 0),
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof draftsSlice> {}
}

export const { noteDrafted, correctionDrafted, correctionClosed } = draftsSlice.actions;
export const { selectNoteDraft, selectCorrectionDraft, selectHasDrafts } =
  draftsSlice.injectInto(rootReducer).selectors;

/** While something is unsaved, the browser asks before the page is left (reload, close, sign-out). */
export function useLeaveWarning() {
  const unsaved = useAppSelector(selectHasDrafts);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
