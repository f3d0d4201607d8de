/**
 * Where the applicant's page is: opening the emailed link (its token exchanged for a session), the
 * link refused, or open; and whether the registration has just been withdrawn. The token leaves
 * the address before it is sent, so neither the address bar nor the history keeps it.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type AppThunk } from '../../app/store';
import { applicantApi } from './applicantApi';
import { statusOf } from './applicantErrors';
import { applicantPagePath } from '../../contract/applicantPaths';

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

/** `/my/<token>` → the token, else undefined. */
const tokenIn = (pathname: string) =>
  pathname.startsWith(`${applicantPagePath}/`)
    ? decodeURIComponent(pathname.slice(applicantPagePath.length + 1)) || undefined
    : undefined;

/**
 * Opens the link in the address, once: takes the token out of the address (replacing the history
 * entry, so Back does not bring it back), then exchanges it for a session. Dispatched before the
 * router starts, so that the router never holds the token's address either.
 */
export const openLinkInAddress = (): AppThunk => async (dispatch, getState) => {
  const token = tokenIn(window.location.pathname);
  if (!token || selectLink(getState()) !== 'none') return;
  window.history.replaceState(null, '', applicantPagePath);
  dispatch(linkOpening());
  const result = await dispatch(applicantApi.endpoints.createSession.initiate({ token }));
  const status = 'error' in result ? statusOf(result.error) : undefined;
  dispatch(linkOpened('error' in result ? (status === 404 ? 'refused' : 'failed') : 'open'));
};

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof applicantSlice> {}
}
