/**
 * The list's information request to many (issue 44), its filter of overdue requests and the
 * badge of an applicant's answer, as an officer presses them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationSummary } from '../../src/contract/consoleApiSchemas';
import type { BulkRequestResult } from '../../src/contract/bulkRequestSchemas';
import { pageSize } from '../../src/contract/consoleLimits';
import {
  fakeStaffApi,
  officer,
  registration,
  renderConsole,
  staffTexts,
} from '../support/renderConsole';

// Fifty rows pressed through with user-event take a few seconds on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

const summary = (id: number, changes: Partial<RegistrationSummary> = {}): RegistrationSummary => {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the details' own fields left out
  const { confirmation, notes, history, request, transfer, duplicates, ...fields } = registration;
  return { ...fields, id, reference: `REF${id}`, ...changes };
};

function api(total: number, items: RegistrationSummary[], result: BulkRequestResult) {
  return fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: officer })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
    ['GET', /\/withdrawals$/, () => ({ body: { items: [] } })],
    ['POST', /\/registrations\/search$/, () => ({ body: { total, items } })],
    ['POST', /\/registrations\/bulk-request$/, () => ({ body: result })],
    ['GET', /\/registrations\/7$/, () => ({ body: { ...registration, applicantAnswered: true } })],
  ]);
}

const sent = (requests: Request[]) =>
  requests.filter((request) => new URL(request.url).pathname.endsWith('/bulk-request'));

const counted = (text: string, count: number) => text.replace('{{count}}', String(count));

describe('a request to many', () => {
  it('asks every registration the filter matches once their number is confirmed, and says how many were asked', async () => {
    const sv = staffTexts.sv;
    const items = Array.from({ length: pageSize }, (_, index) => summary(index + 1));
    const { requests } = api(pageSize + 7, items, {
      asked: 57,
      replaced: 2,
      skipped: { withdrawn: 0, notVisible: 0 },
    });
    const user = userEvent.setup();
    renderConsole('/staff?programme=MIDS&overdue=true');
    await user.click(await screen.findByLabelText(sv['select-page']));
    await user.click(
      screen.getByRole('button', { name: counted(sv['select-every-matching_other'], 57) }),
    );
    const heading = counted(sv['bulk-request-heading-filter_other'], 57);
    await user.click(screen.getByRole('button', { name: heading }));
    const form = screen.getByRole('form', { name: heading });
    const send = counted(sv['bulk-request-send_other'], 57);

    // What one request may not ask, many may not either: said before anything is confirmed.
    await user.click(within(form).getByRole('button', { name: send }));
    const message = within(form).getByLabelText(sv['request-message-label']);
    expect(message).toHaveAccessibleDescription(
      expect.stringContaining(sv['request-message-required']),
    );
    expect(message).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(form).getByLabelText(staffTexts.sv['field-label'].startedYear));
    await user.type(within(form).getByLabelText(sv['request-message-label']), 'Bekräfta året.');
    await user.type(within(form).getByLabelText(sv['request-deadline-label']), '15.12.2030');
    await user.click(within(form).getByRole('button', { name: send }));
    const dialog = await screen.findByRole('dialog', {
      name: counted(sv['bulk-request-confirm-title_other'], 57),
    });
    expect(dialog).toHaveTextContent(counted(sv['bulk-request-confirm_other'], 57));
    expect(sent(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: send }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(
      [
        counted(sv['bulk-requested_other'], 57),
        counted(sv['bulk-requested-replaced_other'], 2),
        sv['bulk-requested-mail'],
      ].join(' '),
    );
    expect(done).toHaveFocus();
    expect(await sent(requests)[0].json()).toEqual({
      filter: { programme: 'MIDS', overdue: 'true' },
      fields: ['startedYear'],
      message: 'Bekräfta året.',
      deadline: '2030-12-15',
    });
  });

  it('asks the rows selected, by their ids, and says which were skipped and why', async () => {
    const en = staffTexts.en;
    const { requests } = api(3, [summary(1), summary(2), summary(3)], {
      asked: 1,
      replaced: 0,
      skipped: { withdrawn: 1, notVisible: 1 },
    });
    const user = userEvent.setup();
    renderConsole('/staff', 'en');
    for (const id of [1, 2, 3]) {
      await user.click(
        await screen.findByLabelText(en['select-row'].replace('{{reference}}', `REF${id}`)),
      );
    }
    const heading = counted(en['bulk-request-heading-selected_other'], 3);
    await user.click(screen.getByRole('button', { name: heading }));
    const form = screen.getByRole('form', { name: heading });
    await user.type(within(form).getByLabelText(en['request-message-label']), 'Please confirm.');
    await user.type(within(form).getByLabelText(en['request-deadline-label']), '1.2.2031');
    const send = counted(en['bulk-request-send_other'], 3);
    await user.click(within(form).getByRole('button', { name: send }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: send }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      [
        en['bulk-requested_one'],
        counted(en['bulk-requested-skipped-withdrawn_one'], 1),
        counted(en['bulk-requested-skipped-not-visible_one'], 1),
        en['bulk-requested-mail'],
      ].join(' '),
    );
    expect(await sent(requests)[0].json()).toEqual({
      ids: [1, 2, 3],
      fields: [],
      message: 'Please confirm.',
      deadline: '2031-02-01',
    });
  });
});

describe('the overdue filter', () => {
  it('shows the address’s filter, and is set and cleared from the keyboard', async () => {
    const sv = staffTexts.sv;
    const { requests } = api(0, [], {
      asked: 0,
      replaced: 0,
      skipped: { withdrawn: 0, notVisible: 0 },
    });
    const user = userEvent.setup();
    renderConsole('/staff?overdue=true');
    const overdue = await screen.findByRole('checkbox', { name: sv['only-overdue'] });
    expect(overdue).toBeChecked();

    overdue.focus();
    await user.keyboard(' ');
    expect(overdue).not.toBeChecked();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/staff$/));

    await user.keyboard(' {Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(/^\/staff\?overdue=true$/),
    );
    // The list was asked by each filter (the second time, overdue again, from the cache).
    const searches = requests.filter((request) => request.url.endsWith('/search'));
    expect(await Promise.all(searches.map((search) => search.json()))).toEqual([
      { overdue: 'true', page: 1 },
      { page: 1 },
    ]);
    expect(screen.getByRole('checkbox', { name: sv['only-overdue'] })).toBeChecked();
  });

  it('is named in English too', async () => {
    api(0, [], { asked: 0, replaced: 0, skipped: { withdrawn: 0, notVisible: 0 } });
    renderConsole('/staff', 'en');
    expect(
      await screen.findByRole('checkbox', { name: staffTexts.en['only-overdue'] }),
    ).not.toBeChecked();
  });
});

describe("the applicant's answer", () => {
  it('is marked in the list and on the registration’s page', async () => {
    const en = staffTexts.en;
    api(2, [summary(1, { applicantAnswered: true }), summary(2)], {
      asked: 0,
      replaced: 0,
      skipped: { withdrawn: 0, notVisible: 0 },
    });
    renderConsole('/staff', 'en');
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByText(en['applicant-answered'])).toBeInTheDocument();
    expect(within(rows[2]).queryByText(en['applicant-answered'])).toBeNull();
  });

  it('is marked on the registration’s page, in Swedish', async () => {
    api(0, [], { asked: 0, replaced: 0, skipped: { withdrawn: 0, notVisible: 0 } });
    renderConsole('/staff/7');
    expect(await screen.findByText(staffTexts.sv['applicant-answered'])).toBeInTheDocument();
  });
});
