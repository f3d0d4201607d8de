/** How the list writes and reads what staff see: received days, email addresses, the export's name. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationSummary } from '../../src/contract/consoleApiSchemas';
import { fakeStaffApi, officer, registration, renderConsole } from '../support/renderConsole';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the details' own fields left out
const { confirmation, notes, history, ...summary } = registration;
const row: RegistrationSummary = { ...summary, email: 'kj.mattsson@example.edu' };

function api() {
  const { requests } = fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: officer })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
    ['POST', /\/registrations\/search$/, () => ({ body: { total: 1, items: [row] } })],
    [
      'POST',
      /\/export$/,
      () => ({
        body: 'the file',
        headers: {
          'content-disposition': 'attachment; filename="registrations-IT-2026-11-29.csv"',
        },
      }),
    ],
  ]);
  return async () =>
    Promise.all(
      requests
        .filter((request) => request.url.endsWith('/registrations/search'))
        .map((request) => request.clone().json() as Promise<object>),
    );
}

describe('the received days', () => {
  it('takes them as the console writes them or as ISO, and shows them in Swedish', async () => {
    const searched = api();
    const user = userEvent.setup();
    renderConsole('/staff');
    const from = await screen.findByLabelText('Mottagen tidigast');
    expect(from).toHaveAttribute('type', 'text');
    expect(from).toHaveAccessibleDescription('Till exempel 17.3.2026');

    await user.type(from, '1.3.2026');
    await user.type(screen.getByLabelText('Mottagen senast'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Visa' }));

    expect(await screen.findByTestId('address')).toHaveTextContent(
      '/staff?from=2026-03-01&to=2026-03-31',
    );
    await waitFor(async () =>
      expect((await searched()).at(-1)).toEqual({ from: '2026-03-01', to: '2026-03-31', page: 1 }),
    );
  });

  it('shows a day from the address in English as the console writes dates', async () => {
    api();
    renderConsole('/staff?from=2026-03-01&to=2026-03-31', 'en');
    expect(await screen.findByLabelText('Received on or after')).toHaveValue('01/03/2026');
    expect(screen.getByLabelText('Received on or before')).toHaveValue('31/03/2026');
    expect(screen.getByLabelText('Received on or after')).toHaveAccessibleDescription(
      'For example, 17/03/2026',
    );
  });

  it.each(['31.2.2026', '3/31/2026', 'mars'])(
    'refuses %s, saying how to write a day, and asks for nothing',
    async (typed) => {
      const searched = api();
      const user = userEvent.setup();
      renderConsole('/staff');
      await user.type(await screen.findByLabelText('Mottagen senast'), typed);
      const asked = (await searched()).length;
      await user.click(screen.getByRole('button', { name: 'Visa' }));

      const to = screen.getByLabelText('Mottagen senast');
      expect(to).toHaveFocus();
      expect(to).toBeInvalid();
      expect(to).toHaveAccessibleDescription(
        'Till exempel 17.3.2026 Ange datumet som dag, månad och år med fyra siffror, till exempel 17.3.2026.',
      );
      expect(screen.getByTestId('address')).toHaveTextContent(/^\/staff$/);
      expect(await searched()).toHaveLength(asked);
    },
  );
});

it('lets an email address wrap after its @ and dots only, and copies it whole', async () => {
  api();
  renderConsole('/staff');
  const cell = within((await screen.findAllByRole('row'))[1]).getByText(
    (_, element) => element?.classList.contains('email-address') ?? false,
  );
  expect(cell.innerHTML).toBe('kj.<wbr>mattsson@<wbr>example.<wbr>edu');
  expect(cell).toHaveTextContent(/^kj\.mattsson@example\.edu$/);
});

it('saves the export under the name the server gives it', async () => {
  api();
  const user = userEvent.setup();
  Object.assign(URL, {
    createObjectURL: jest.fn(() => 'blob:the-file'),
    revokeObjectURL: jest.fn(),
  });
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  renderConsole('/staff?programme=IT');
  await user.click(await screen.findByRole('button', { name: 'CSV' }));
  await waitFor(() => expect(saved).toEqual(['registrations-IT-2026-11-29.csv']));
});
