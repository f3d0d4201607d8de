/** The applicant page's state, through the store: withdrawn, a new link, signed out. */
import { makeStore } from '../../src/app/store';
import {
  linkOpened,
  selectSignedOut,
  selectWithdrawn,
  signedOut,
  withdrawn,
  withdrawnEarlier,
} from '../../src/features/applicant/applicantSlice';

beforeEach(() => sessionStorage.clear());

it('remembers a withdrawal in the tab as a flag, and forgets it when a link opens', () => {
  const store = makeStore();
  store.dispatch(withdrawn());
  expect(selectWithdrawn(store.getState())).toBe('now');
  expect(sessionStorage.getItem('applicant-withdrawn')).toBe('yes');

  const reloaded = makeStore();
  reloaded.dispatch(withdrawnEarlier());
  expect(selectWithdrawn(reloaded.getState())).toBe('earlier');
  reloaded.dispatch(linkOpened('refused'));
  expect(selectWithdrawn(reloaded.getState())).toBe('earlier');
  reloaded.dispatch(linkOpened('open'));
  expect(selectWithdrawn(reloaded.getState())).toBe('no');
});

it("signed out, keeps nothing of the tab's session: the form's draft and the flag go", () => {
  sessionStorage.setItem('form-data', '{"firstName":"Åsa"}');
  sessionStorage.setItem('applicant-withdrawn', 'yes');
  sessionStorage.setItem('user-language', 'en');
  const store = makeStore();
  store.dispatch(signedOut());
  expect(selectSignedOut(store.getState())).toBe(true);
  expect({ ...sessionStorage }).toEqual({ 'user-language': 'en' });
});
