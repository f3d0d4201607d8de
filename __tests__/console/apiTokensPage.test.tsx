/** The API tokens' page (/staff/tokens), as an admin presses it, against a fake staff API. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiToken } from '../../src/contract/apiTokenSchemas';
import { expiryRange } from '../../src/features/apiTokens/tokenForm';
import { fakeStaffApi, officer, renderConsole, staffTexts } from '../support/renderConsole';

const sv = staffTexts.sv.tokens;
const admin = { ...officer, admin: true };
const token = 'sisreg_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

const existing: ApiToken = {
  id: 1,
  name: 'Sisu',
  programmes: ['MIDS'],
  createdAt: '2026-11-01T08:00:00.000Z',
  createdBy: 'alma.admin@example.edu',
  expiresAt: '2099-11-01',
  lastUsedAt: null,
  revokedAt: null,
};

/** Its last day was yesterday. */
const expired: ApiToken = { ...existing, id: 3, name: 'Peppi', expiresAt: '2020-01-31' };

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

function api() {
  let tokens = [existing, expired];
  return fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: admin })],
    ['GET', /\/tokens$/, () => ({ body: { items: tokens } })],
    ['POST', /\/tokens$/, () => ({ status: 201, body: { id: 2, token } })],
    [
      'DELETE',
      /\/tokens\/1$/,
      () => {
        tokens = [{ ...existing, revokedAt: '2026-11-26T10:00:00.000Z' }, expired];
        return { status: 204 };
      },
    ],
  ]);
}

it('refuses a token without a name or programmes, naming each field in a summary that takes the focus', async () => {
  const { requests } = api();
  renderConsole('/staff/tokens');
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: sv.heading });

  await user.click(screen.getByLabelText(sv['scope-chosen']));
  await user.click(screen.getByRole('button', { name: sv.create }));

  const summary = screen.getByRole('region', { name: 'Det finns ett problem' });
  await waitFor(() => expect(summary).toHaveFocus());
  expect(
    within(summary).getByRole('link', { name: `${sv['name-label']}: ${sv['name-required']}` }),
  );
  expect(
    within(summary).getByRole('link', {
      name: `${sv['programmes-legend']}: ${sv['programmes-required']}`,
    }),
  );
  expect(screen.getByLabelText(sv['name-label'])).toHaveAttribute('aria-invalid', 'true');
  expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
});

it('creates a token for the programmes chosen and shows it once, focused, with a copy button', async () => {
  const { requests } = api();
  renderConsole('/staff/tokens');
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: sv.heading });
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

  await user.type(screen.getByLabelText(sv['name-label']), 'Peppi');
  await user.click(screen.getByLabelText(sv['scope-chosen']));
  await user.click(screen.getByLabelText('Magisterprogram i informations- och datavetenskap'));
  await user.click(screen.getByRole('button', { name: sv.create }));

  const heading = await screen.findByRole('heading', { name: sv['created-heading'] });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByTestId('new-token')).toHaveTextContent(token);
  const [post] = requests.filter((request) => request.method === 'POST');
  expect(await post.json()).toEqual({
    name: 'Peppi',
    programmes: ['MIDS'],
    expiresAt: expiryRange().max,
  });

  await user.click(screen.getByRole('button', { name: sv.copy }));
  expect(writeText).toHaveBeenCalledWith(token);
  expect(screen.getByText(sv['copy-done'])).toBeInTheDocument();
});

it('brings the form back after "Done" on the new token, the focus on its heading', async () => {
  api();
  renderConsole('/staff/tokens');
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: sv.heading });
  await user.type(screen.getByLabelText(sv['name-label']), 'Peppi');
  await user.click(screen.getByRole('button', { name: sv.create }));
  await screen.findByRole('heading', { name: sv['created-heading'] });

  await user.click(screen.getByRole('button', { name: sv['copied-done'] }));

  expect(screen.queryByTestId('new-token')).not.toBeInTheDocument();
  const formHeading = screen.getByRole('heading', { name: sv['create-heading'] });
  await waitFor(() => expect(formHeading).toHaveFocus());
  expect(screen.getByLabelText(sv['name-label'])).toHaveValue('');
});

it('revokes a token at once and says so', async () => {
  const { requests } = api();
  renderConsole('/staff/tokens');
  const user = userEvent.setup();
  const row = (await screen.findByRole('rowheader', { name: 'Sisu' })).closest('tr')!;
  expect(row).toHaveTextContent(sv.never);
  // Its last day, with its year, and active until that day has passed.
  expect(row).toHaveTextContent('1.11.2099');
  expect(row).toHaveTextContent(sv.active);
  const expiredRow = screen.getByRole('rowheader', { name: 'Peppi' }).closest('tr')!;
  expect(expiredRow).toHaveTextContent('31.1.2020');
  expect(expiredRow).toHaveTextContent(sv.expired);

  await user.click(within(row).getByRole('button', { name: 'Återkalla nyckeln Sisu' }));

  expect(await screen.findByText('Nyckeln Sisu har återkallats. Den fungerar inte längre.'));
  expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  await waitFor(() =>
    expect(screen.getByRole('rowheader', { name: 'Sisu' }).closest('tr')).toHaveTextContent(
      /Återkallad/,
    ),
  );
});
