/**
 * Where the applicant's page is: opening the emailed link (its token exchanged for a session), the
 * link refused, or open; whether the registration has just been withdrawn; and whether the
 * applicant has signed out.
 */
import { createSlice } from '@reduxjs/toolkit';
import type { WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type AppThunk } from '../../app/store';
import { readStored, removeStored, storageKeys, writeStored } from '../../app/storage';
import { isOffered } from '../language/offeredLanguages';
import { languageChanged } from '../language/languageSlice';
import { applicantApi } from './applicantApi';
import { linkOpeningStarted, takeSessionAnswer } from './linkOpening';

export interface ApplicantState {
  /** `refused`: unknown, expired, locked or replaced (404); `failed`: not answered (offline, say). */
  link: 'none' | 'opening' | 'refused' | 'failed' | 'open';
  /**
   * `now`: withdrawn on this page; `earlier`: in this tab before (a reload), which the page says
   * instead of offering a link, for as long as the tab's session storage keeps the flag.
   */
  withdrawn: 'no' | 'now' | 'earlier';
  signedOut: boolean;
}

const initialState: ApplicantState = { link: 'none', withdrawn: 'no', signedOut: false };

export const applicantSlice = createSlice({
  name: 'applicant',
  initialState,
  reducers: {
    linkOpening(state) {
      state.link = 'opening';
    },
    linkOpened(state, action: { payload: ApplicantState['link'] }) {
      state.link = action.payload;
      // A link that opens is a registration of its own: what was withdrawn before is no news.
      if (action.payload === 'open') state.withdrawn = 'no';
    },
    withdrawnEarlier(state) {
      state.withdrawn = 'earlier';
    },
    withdrawn(state) {
      state.withdrawn = 'now';
    },
    signedOut(state) {
      state.signedOut = true;
    },
  },
  selectors: {
    selectLink: (state) => state.link,
    selectWithdrawn: (state) => state.withdrawn,
    selectSignedOut: (state) => state.signedOut,
  },
});

export const { linkOpening, linkOpened, withdrawnEarlier } = applicantSlice.actions;
// Loaded with the page: the slice joins the store only on /my.
export const { selectLink, selectWithdrawn, selectSignedOut } =
  applicantSlice.injectInto(rootReducer).selectors;

/** Withdrawn: the page says so, also after a reload in this tab (a flag, no personal data). */
export const withdrawn = (): AppThunk => (dispatch) => {
  writeStored(storageKeys.applicantWithdrawn, 'yes');
  dispatch(applicantSlice.actions.withdrawn());
};

/**
 * Signed out (the session already ended on the server): nothing of the registration stays in
 * the page's memory or in the tab's storage, the form's draft included, for the next person at
 * a shared device.
 */
export const signedOut = (): AppThunk => (dispatch) => {
  removeStored(storageKeys.formData);
  removeStored(storageKeys.applicantWithdrawn);
  dispatch(applicantApi.util.resetApiState());
  dispatch(applicantSlice.actions.signedOut());
};

/** The language a refused link's answer names (its registration's), if any. */
async function languageOfRefusal(response: Response) {
  const body: unknown = await response.json().catch(() => undefined);
  const language = (body as { language?: unknown } | undefined)?.language;
  return isOffered(language) ? language : undefined;
}

/**
 * Follows the link's opening, which the page's first script started (linkOpening.ts): the token,
 * already out of the address, is being exchanged for a session. Then reads the registration (or
 * finds no session) now, not once a view has rendered, so that it may be there for the page's
 * first render. Dispatched before that render, so that the page shows the opening meanwhile.
 */
export const awaitLinkOpening = (): AppThunk => async (dispatch, getState) => {
  if (readStored(storageKeys.applicantWithdrawn)) dispatch(withdrawnEarlier());
  await linkOpeningStarted;
  if (selectLink(getState()) !== 'none') return;
  const session = takeSessionAnswer();
  if (session) {
    dispatch(linkOpening());
    const response = await session.catch(() => undefined);
    const link = !response
      ? 'failed'
      : response.ok
        ? 'open'
        : response.status === 404
          ? 'refused'
          : 'failed';
    // A link that no longer opens speaks its registration's language while that is known.
    const language = response?.status === 404 ? await languageOfRefusal(response) : undefined;
    if (language) dispatch(languageChanged(language));
    dispatch(linkOpened(link));
    if (link !== 'open') return;
    removeStored(storageKeys.applicantWithdrawn);
  }
  dispatch(applicantApi.util.prefetch('registration', undefined, {}));
};

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof applicantSlice> {}
}
