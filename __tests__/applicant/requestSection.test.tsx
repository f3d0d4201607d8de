/**
 * The office's information request on /my (issue 44), as the applicant meets it after the
 * birthday, against a fake applicant API: shown first with its message and deadline, the fields
 * asked for ready to correct; the answer sent with If-Match, "Nothing to change" confirming; a
 * request withdrawn meanwhile (409) said so.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VerifiedRegistration } from '../../src/contract/applicantApiSchemas';
import { fakeStaffApi, formTexts, type Answer } from '../support/renderConsole';
import { applicantTexts, renderApplicant, unverified, verified } from '../support/renderApplicant';

jest.setTimeout(20_000);

const form = formTexts.sv;
const token = 'Qw3rTy-uI_oP4sDfGhJkL1zXcVbNm0QwErTyUiOpAsD';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
  sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

const request = {
  id: 41,
  fields: ['phoneNumber' as const],
  message: 'Ditt telefonnummer svarar inte.\nRätta det, tack.',
  deadline: '2099-12-15',
};
const asked: VerifiedRegistration = { ...verified, state: 'waiting', request };

function api(answer: (request: Request) => Answer, language: 'sv' | 'en' = 'sv') {
  let isVerified = false;
  return fakeStaffApi([
    ['POST', /^\/my\/api\/session$/, () => ({ status: 204 })],
    [
      'POST',
      /^\/my\/api\/verify$/,
      () => {
        isVerified = true;
        return { status: 204 };
      },
    ],
    [
      'GET',
      /^\/my\/api\/registration$/,
      () => ({ body: isVerified ? { ...asked, language } : { ...unverified, language } }),
    ],
    ['POST', /^\/my\/api\/registration\/answer$/, answer],
  ]);
}

const answers = (requests: Request[]) =>
  requests.filter((sent) => new URL(sent.url).pathname === '/my/api/registration/answer');

async function openVerified(language: 'sv' | 'en' = 'sv') {
  const user = userEvent.setup();
  renderApplicant(`/my/${token}`, language);
  await user.type(
    await screen.findByLabelText(formTexts[language].form['birthday-label']),
    '29.02.2000',
  );
  await user.click(screen.getByRole('button', { name: applicantTexts[language]['verify-submit'] }));
  await screen.findByRole('heading', { name: applicantTexts[language]['request-heading'] });
  return user;
}

const answered = { ...verified, state: 'in-progress' as const, request: null, version: 4 };

it.each(['sv', 'en'] as const)(
  'in %s: shows the request first, with its message, deadline and the field asked for alone',
  async (language) => {
    api(() => ({ body: answered }), language);
    await openVerified(language);
    const texts = applicantTexts[language];
    const section = screen.getByRole('region', { name: texts['request-heading'] });
    const details = screen.getByRole('heading', { name: texts['details-heading'] });
    expect(
      section.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // As written, its line break kept.
    expect(within(section).getByText(/Ditt telefonnummer svarar inte/).textContent).toBe(
      request.message,
    );
    expect(within(section).getByText(/2099/)).toBeInTheDocument();
    expect(
      within(section).getByLabelText(formTexts[language].form['phoneNumber-label']),
    ).toBeInTheDocument();
    expect(within(section).queryByLabelText(formTexts[language].form['city-label'])).toBeNull();
  },
);

it('sends the corrected field as the answer, on the version read, and says it was sent', async () => {
  const { requests } = api(() => ({ body: answered }));
  const user = await openVerified();
  const sv = applicantTexts.sv;
  const phone = screen.getByLabelText(form.form['phoneNumber-label']);
  await user.clear(phone);
  await user.type(phone, '+358 50 765 4321');
  await user.click(screen.getByRole('button', { name: sv['request-send'] }));
  expect(await screen.findByText(sv['request-answered'])).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: sv['request-heading'] })).toBeNull();
  const [sent] = answers(requests);
  expect(sent.headers.get('if-match')).toBe('"3"');
  expect(await sent.json()).toEqual({ requestId: 41, fields: { phoneNumber: '+358 50 765 4321' } });
});

it('confirms with "Nothing to change": the answer names no field', async () => {
  const { requests } = api(() => ({ body: answered }));
  const user = await openVerified();
  await user.click(
    screen.getByRole('button', { name: applicantTexts.sv['request-nothing-to-change'] }),
  );
  expect(await screen.findByText(applicantTexts.sv['request-answered'])).toBeInTheDocument();
  expect(await answers(requests)[0].json()).toEqual({ requestId: 41 });
});

it('says so when the office withdrew the request meanwhile (409)', async () => {
  api(() => ({
    status: 409,
    body: { statusCode: 409, error: 'Conflict', message: 'withdrawn', requestClosed: true },
  }));
  const user = await openVerified();
  await user.click(
    screen.getByRole('button', { name: applicantTexts.sv['request-nothing-to-change'] }),
  );
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(applicantTexts.sv['request-closed']);
  await waitFor(() => expect(alert).toHaveFocus());
});
