import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { createOnboardingForm } from '../../api/apiSlice';
import { rootReducer } from '../../app/store';
import { formSubmitted } from '../registration/registrationSlice';

export type SendStatus = 'idle' | 'loading' | 'success' | 'failure';

export interface SendState {
  status: SendStatus;
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
      })
      .addMatcher(createOnboardingForm.matchPending, (state) => {
        state.status = 'loading';
      })
      .addMatcher(createOnboardingForm.matchFulfilled, (state) => {
        state.status = 'success';
      })
      .addMatcher(createOnboardingForm.matchRejected, (state) => {
        state.status = 'failure';
      });
  },
  selectors: {
    selectSendStatus: (state) => state.status,
  },
});

declare module '../../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof sendSlice> {}
}

export const { selectSendStatus } = sendSlice.injectInto(rootReducer).selectors;
