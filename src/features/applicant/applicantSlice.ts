/**
 * Where the applicant's page is: opening the emailed link (its token exchanged for a session), the
 * link refused, or open; and whether the registration has just been withdrawn.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type AppThunk } from '../../app/store';
import { applicantApi } from './applicantApi';
import { linkOpeningStarted, takeSessionAnswer } from './linkOpening';

export interface ApplicantState {
  /** `refused`: unknown, expired, locked or replaced (404); `failed`: not answered (offline, say). */
  link: 'none' | 'opening' | 'refused' | 'failed' | 'open';
  withdrawn: boolean;
}

const initialState: ApplicantState = { link: 'none', withdrawn: false };

export const applicantSlice = createSlice({
  name: 'applicant',
  initialState,
  reducers: {
    linkOpening(state) {
      state.link = 'opening';
    },
    linkOpened(state, action: { payload: ApplicantState['link'] }) {
      state.link = action.payload;
    },
    withdrawn(state) {
      state.withdrawn = true;
    },
  },
  selectors: {
    selectLink: (state) => state.link,
    selectWithdrawn: (state) => state.withdrawn,
  },
});

export const { withdrawn } = applicantSlice.actions;
const { linkOpening, linkOpened } = applicantSlice.actions;
// Loaded with the page: the slice joins the store only on /my.
export const { selectLink, selectWithdrawn } = applicantSlice.injectInto(rootReducer).selectors;

/**
 * Follows the link's opening, which the page's first script started (linkOpening.ts): the token,
 * already out of the address, is being exchanged for a session. Then reads the registration (or
 * finds no session) now, not once a view has rendered, so that it may be there for the page's
 * first render. Dispatched before that render, so that the page shows the opening meanwhile.
 */
export const awaitLinkOpening = (): AppThunk => async (dispatch, getState) => {
  await linkOpeningStarted;
  if (selectLink(getState()) !== 'none') return;
  const session = takeSessionAnswer();
  if (session) {
    dispatch(linkOpening());
    const link = await session.then(
      (response) => (response.ok ? 'open' : response.status === 404 ? 'refused' : 'failed'),
      () => 'failed' as const,
    );
    dispatch(linkOpened(link));
    if (link !== 'open') return;
  }
  dispatch(applicantApi.util.prefetch('registration', undefined, {}));
};

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof applicantSlice> {}
}
