import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { createOnboardingForm } from '../../api/apiSlice';
import { rootReducer } from '../../app/store';
import { formSubmitted } from '../registration/registrationSlice';

export type SendStatus = 'idle' | 'loading' | 'success' | 'failure';

export interface SendState {
  status: SendStatus;
  /** The address the confirmation goes to, once sent (kept in memory only, never in storage). */
  confirmationSentTo?: string;
}

export const initialSendState: SendState = { status: 'idle' };

export const sendSlice = createSlice({
  name: 'send',
  initialState: initialSendState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(formSubmitted, (state) => {
        state.status = 'idle';
        delete state.confirmationSentTo;
      })
      .addMatcher(createOnboardingForm.matchPending, (state) => {
        state.status = 'loading';
      })
      .addMatcher(createOnboardingForm.matchFulfilled, (state, action) => {
        state.status = 'success';
        state.confirmationSentTo = action.payload.email;
      })
      .addMatcher(createOnboardingForm.matchRejected, (state) => {
        state.status = 'failure';
      });
  },
  selectors: {
    selectSendStatus: (state) => state.status,
    selectConfirmationSentTo: (state) => state.confirmationSentTo,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof sendSlice> {}
}

export const { selectSendStatus, selectConfirmationSentTo } =
  sendSlice.injectInto(rootReducer).selectors;
