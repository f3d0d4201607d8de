/**
 * What staff have begun on a registration's page and not saved (a note, a correction) survives a
 * link away and back; leaving the console's page with it unsaved asks first; the correction's
 * messages speak to the staff, not to the applicant.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationSummary } from '../../src/contract/consoleApiSchemas';
import {
  fakeStaffApi,
  formTexts,
  officer,
  registration,
  renderConsole,
  staffTexts,
} from '../support/renderConsole';

// The first correction loads the form's rules (yup), which takes a while in a cold test run.
jest.setTimeout(20_000);

const sv = staffTexts.sv;
const form = formTexts.sv;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the details' own fields left out
const { confirmation, notes, history, ...summary } = registration;

/** Registration 7 in a list of one; its PATCH answered with version 4. */
function api() {
  return fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: officer })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
    [
      'POST',
      /\/registrations\/search$/,
      () => ({ body: { total: 1, items: [summary satisfies RegistrationSummary] } }),
    ],
    ['GET', /\/registrations\/7$/, () => ({ body: registration })],
    [
      'PATCH',
      /\/registrations\/7$/,
      () => ({ body: { ...registration, phoneNumber: '+358 50 765 4321', version: 4 } }),
    ],
  ]);
}

const fullName = `${registration.firstName} ${registration.lastName}`;

/** To the list by the page's own link, and back to the registration from it. */
async function awayAndBack(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('link', { name: sv['back-to-list'] }));
  await user.click(await screen.findByRole('link', { name: fullName }));
  await screen.findByRole('heading', { level: 1, name: fullName });
}

/** Whether leaving the page now would ask first (the browser's beforeunload prompt). */
function leavingAsks() {
  const leaving = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(leaving);
  return leaving.defaultPrevented;
}

it('keeps a half-typed note through a link away and back, and asks before the page is left', async () => {
  api();
  const user = userEvent.setup();
  renderConsole('/staff/7');
  expect(leavingAsks()).toBe(false);

  await user.type(await screen.findByLabelText(sv['note-label']), 'Ringde om intyget');
  expect(leavingAsks()).toBe(true);
  await awayAndBack(user);

  expect(screen.getByLabelText(sv['note-label'])).toHaveValue('Ringde om intyget');
  await user.clear(screen.getByLabelText(sv['note-label']));
  expect(leavingAsks()).toBe(false);
});

it('keeps an open correction through a link away and back, and saves it on the version it began from', async () => {
  const { requests } = api();
  const user = userEvent.setup();
  renderConsole('/staff/7');
  await user.click(await screen.findByRole('button', { name: sv.correct }));
  const phone = screen.getByLabelText(form.form['phoneNumber-label']);
  await user.clear(phone);
  await user.type(phone, '+358 50 765 4321');
  expect(leavingAsks()).toBe(true);

  await awayAndBack(user);

  expect(screen.getByLabelText(form.form['phoneNumber-label'])).toHaveValue('+358 50 765 4321');
  await user.click(screen.getByRole('button', { name: sv['correction-save'] }));
  await screen.findByText(sv.corrected);
  const [patch] = requests.filter((request) => request.method === 'PATCH');
  expect(patch.headers.get('If-Match')).toBe('"3"');
  expect(await patch.json()).toEqual({ fields: { phoneNumber: '+358 50 765 4321' } });
  expect(leavingAsks()).toBe(false);
});

it('forgets a cancelled correction', async () => {
  api();
  const user = userEvent.setup();
  renderConsole('/staff/7');
  await user.click(await screen.findByRole('button', { name: sv.correct }));
  await user.type(screen.getByLabelText(form.form['city-label']), 'x');
  await user.click(screen.getByRole('button', { name: sv.cancel }));
  expect(leavingAsks()).toBe(false);

  await awayAndBack(user);
  expect(screen.queryByLabelText(form.form['city-label'])).toBeNull();
  await user.click(screen.getByRole('button', { name: sv.correct }));
  expect(screen.getByLabelText(form.form['city-label'])).toHaveValue(registration.city);
});

it.each([
  ['sv', 'Ange postnumret.', 'Ange en e-postadress som slutar på @example.edu'],
  ['en', 'Enter the postal code.', 'Enter an email address ending in @example.edu'],
] as const)(
  'tells the staff what is wrong in their own words (%s)',
  async (language, zipcode, email) => {
    api();
    const user = userEvent.setup();
    renderConsole('/staff/7', language);
    const texts = formTexts[language].form;
    await user.click(await screen.findByRole('button', { name: staffTexts[language].correct }));
    await user.clear(screen.getByLabelText(texts['zipcode-label']));
    await user.clear(screen.getByLabelText(texts['email-label']));
    await user.type(screen.getByLabelText(texts['email-label']), 'someone@elsewhere.org');
    await user.click(screen.getByRole('button', { name: staffTexts[language]['correction-save'] }));

    const summary = await screen.findByRole('region', { name: texts['error-summary-heading'] });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(screen.getByLabelText(texts['zipcode-label'])).toHaveAccessibleDescription(zipcode);
    expect(screen.getByLabelText(texts['email-label'])).toHaveAccessibleDescription(
      expect.stringContaining(email),
    );
    expect(summary).not.toHaveTextContent(/ditt|din |your/i);
    expect(within(summary).getAllByRole('link')).toHaveLength(2);
  },
);
