/**
 * A registration's information request on its page (issue 44), against a fake staff API: the form
 * sends the fields ticked, the message and the day typed; a message with a web address is refused
 * before it is sent; the open request shows where it stands and is withdrawn with a press.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationDetails } from '../../src/contract/consoleApiSchemas';
import {
  fakeStaffApi,
  formTexts,
  officer,
  registration,
  renderConsole,
  staffTexts,
} from '../support/renderConsole';

jest.setTimeout(20_000);

const sv = staffTexts.sv;
const states = sv['request-state'];
const form = formTexts.sv;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

const open: NonNullable<RegistrationDetails['request']> = {
  id: 5,
  requestedAt: '2026-11-25T08:00:00.000Z',
  fields: ['phoneNumber'],
  message: 'Ditt nummer svarar inte.',
  deadline: '2026-12-01',
  remindedAt: null,
  answeredAt: null,
  late: false,
  withdrawnAt: null,
  overdue: true,
};

function api(current: RegistrationDetails) {
  return fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: officer })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
    ['GET', /\/registrations\/7$/, () => ({ body: current })],
    ['POST', /\/registrations\/7\/request$/, () => ({ status: 201, body: open })],
    ['DELETE', /\/registrations\/7\/request$/, () => ({ status: 204 })],
  ]);
}

async function openRegistration() {
  renderConsole('/staff/7');
  await screen.findByRole('heading', { level: 1 });
  return screen.getByRole('region', { name: sv['request-heading'] });
}

it('sends the fields ticked, the message and the day, after refusing a web address', async () => {
  const { requests } = api(registration);
  const user = userEvent.setup();
  const section = await openRegistration();
  await user.click(within(section).getByRole('button', { name: sv['request-open-form'] }));
  await user.click(within(section).getByLabelText(form.form['phoneNumber-label']));
  await user.type(
    within(section).getByLabelText(sv['request-message-label']),
    'Se www.example.com',
  );
  await user.type(within(section).getByLabelText(sv['request-deadline-label']), '15.12.2099');
  await user.click(within(section).getByRole('button', { name: sv['request-send'] }));
  // Said under the message, which is marked and given the focus.
  const message = within(section).getByLabelText(sv['request-message-label']);
  expect(message).toHaveAccessibleDescription(expect.stringContaining(sv['request-message-link']));
  expect(message).toHaveAttribute('aria-invalid', 'true');
  expect(message).toHaveFocus();
  expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

  await user.clear(message);
  await user.type(message, 'Rätta ditt telefonnummer.');
  await user.click(within(section).getByRole('button', { name: sv['request-send'] }));
  expect(await within(section).findByRole('status')).toHaveTextContent(sv['request-sent']);
  const [post] = requests.filter((request) => request.method === 'POST');
  expect(await post.json()).toEqual({
    fields: ['phoneNumber'],
    message: 'Rätta ditt telefonnummer.',
    deadline: '2099-12-15',
  });
});

it('shows the open request overdue, and withdraws it', async () => {
  const { requests } = api({ ...registration, state: 'waiting', request: open });
  const user = userEvent.setup();
  const section = await openRegistration();
  expect(within(section).getByText(states.overdue)).toBeInTheDocument();
  expect(within(section).getByText(open.message)).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: sv['request-withdraw'] }));
  expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
});

it('says so when the applicant answered before the withdrawal, and shows the answer', async () => {
  const answered = { ...open, answeredAt: '2026-11-26T09:00:00.000Z', overdue: false };
  let current: RegistrationDetails = { ...registration, state: 'waiting', request: open };
  fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: officer })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
    ['GET', /\/registrations\/7$/, () => ({ body: current })],
    [
      'DELETE',
      /\/registrations\/7\/request$/,
      () => {
        current = { ...registration, state: 'in-progress', request: answered };
        return {
          status: 409,
          body: { statusCode: 409, error: 'Conflict', message: 'No open request' },
        };
      },
    ],
  ]);
  const user = userEvent.setup();
  const section = await openRegistration();
  await user.click(within(section).getByRole('button', { name: sv['request-withdraw'] }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    sv['request-withdraw-answered'],
  );
  expect(await within(section).findByText(states.answered)).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: sv['request-withdraw'] })).toBeNull();
});
