import { createOnboardingForm } from '../../src/api/apiSlice';
import { makeStore } from '../../src/app/store';
import { formSubmitted } from '../../src/features/registration/registrationSlice';
import { selectSendStatus, sendSlice } from '../../src/features/send/sendSlice';
import { graphqlSuccess, mockFetchResponse } from '../support/fetchMock';
import { validValues } from '../../testing/registrations';

afterEach(() => jest.restoreAllMocks());

describe('send slice', () => {
  it('starts idle', () => {
    expect(sendSlice.reducer(undefined, { type: 'init' })).toEqual({ status: 'idle' });
  });

  it('is loading while the mutation runs, then succeeds', async () => {
    mockFetchResponse(graphqlSuccess);
    const store = makeStore();
    const sending = store.dispatch(createOnboardingForm.initiate(validValues));
    expect(selectSendStatus(store.getState())).toBe('loading');
    await sending;
    expect(selectSendStatus(store.getState())).toBe('success');
  });

  it('fails when the mutation fails', async () => {
    mockFetchResponse({ message: 'Internal error' }, 500);
    const store = makeStore();
    await store.dispatch(createOnboardingForm.initiate(validValues));
    expect(selectSendStatus(store.getState())).toBe('failure');
  });

  it('goes back to idle when a new form is submitted', () => {
    expect(sendSlice.reducer({ status: 'failure' }, formSubmitted())).toEqual({ status: 'idle' });
  });
});
