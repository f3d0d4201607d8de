/** The list's filters, marks and changes of many at once, as an officer presses them. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview, RegistrationSummary } from '../../src/contract/consoleApiSchemas';
import { pageSize } from '../../src/contract/consoleLimits';
import {
  fakeStaffApi,
  formTexts,
  officer,
  registration,
  renderConsole,
  staffTexts,
  type Answer,
} from '../support/renderConsole';

// Fifty rows pressed through with user-event take a few seconds on a busy machine.
jest.setTimeout(20_000);

const sv = staffTexts.sv;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

const summary = (id: number, changes: Partial<RegistrationSummary> = {}): RegistrationSummary => {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the details' own fields left out
  const { confirmation, notes, history, ...fields } = registration;
  return { ...fields, id, reference: `REF${id}`, lastName: `Nyström ${id}`, ...changes };
};

const cai = { subject: 'cai', name: 'Cai Coordinator', programmes: ['MIDS' as const] };
const withdrawal = {
  id: 21,
  degreeProgram: 'MIDS',
  withdrawnAt: '2026-11-28T14:02:00.000Z',
  assignee: { subject: officer.subject, name: officer.name },
};
const alma = { subject: 'alma', name: 'Alma Admin', programmes: ['IT' as const, 'MIDS' as const] };

function api(total: number, items: RegistrationSummary[]) {
  return fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: officer })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [cai, alma] } })],
    ['POST', /\/registrations\/search$/, () => ({ body: { total, items } })],
    ['POST', /\/export$/, () => ({ body: 'the file' })],
    ['POST', /\/registrations\/bulk$/, () => ({ body: { updated: total } })],
  ]);
}

const requestsTo = (requests: Request[], path: RegExp) =>
  requests.filter((request) => path.test(new URL(request.url).pathname));
const bulkRequests = (requests: Request[]) => requestsTo(requests, /\/bulk$/);

describe('the list', () => {
  it('shows the state and the assignee, marks possible duplicates, and filters by the address', async () => {
    const { requests } = api(2, [
      summary(1, { state: 'waiting', assignee: { subject: 'cai', name: 'Cai Coordinator' } }),
      summary(2, { duplicateOf: [5] }),
    ]);
    renderConsole('/staff?state=waiting&assignee=me&duplicates=true');
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent(sv.state.waiting);
    expect(rows[1]).toHaveTextContent('Cai Coordinator');
    expect(within(rows[1]).queryByText(sv['possible-duplicate'])).toBeNull();
    expect(rows[2]).toHaveTextContent(sv.nobody);
    expect(within(rows[2]).getByText(sv['possible-duplicate'])).toBeInTheDocument();
    const [asked] = requestsTo(requests, /\/registrations\/search$/);
    expect(await asked.json()).toEqual({
      state: 'waiting',
      assignee: 'me',
      duplicates: 'true',
      page: 1,
    });
    expect(screen.getByLabelText(sv['state-label'])).toHaveValue('waiting');
    expect(screen.getByLabelText(sv['assignee-label'])).toHaveValue('me');
    expect(screen.getByLabelText(sv['only-duplicates'])).toBeChecked();
  });

  it("keeps the search text out of every address: the console's, the list's and the export's requests", async () => {
    const { requests } = api(1, [summary(1)]);
    const user = userEvent.setup();
    // jsdom has no object URLs, nor a download to follow.
    Object.assign(URL, {
      createObjectURL: jest.fn(() => 'blob:the-file'),
      revokeObjectURL: jest.fn(),
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockReturnValue();
    renderConsole('/staff?state=new');
    await user.type(await screen.findByLabelText(sv['search-label']), 'Nyström');
    await user.click(screen.getByRole('button', { name: sv['apply-filter'] }));
    await waitFor(() => expect(requestsTo(requests, /\/search$/)).toHaveLength(2));
    await user.click(await screen.findByRole('button', { name: sv['export-csv'] }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());

    expect(screen.getByTestId('address')).toHaveTextContent(/^\/staff\?state=new$/);
    expect(requests.map((request) => request.url).join(' ')).not.toMatch(/Nystr/i);
    expect(await requestsTo(requests, /\/search$/)[1].json()).toEqual({
      state: 'new',
      q: 'Nyström',
      page: 1,
    });
    expect(await requestsTo(requests, /\/export$/)[0].json()).toEqual({
      state: 'new',
      q: 'Nyström',
      format: 'csv',
      language: 'sv',
    });
    // Kept for the list's next page, and in the field.
    expect(screen.getByLabelText(sv['search-label'])).toHaveValue('Nyström');
  });

  it('changes the rows selected in one action, by their ids, once their number is confirmed, and says what changed', async () => {
    const { requests } = api(3, [
      summary(1, { degreeProgram: 'MIDS' }),
      summary(2),
      summary(3, { degreeProgram: 'MIDS' }),
    ]);
    const user = userEvent.setup();
    renderConsole('/staff?state=new');
    await user.click(
      await screen.findByLabelText(sv['select-row'].replace('{{reference}}', 'REF1')),
    );
    await user.click(screen.getByLabelText(sv['select-row'].replace('{{reference}}', 'REF3')));
    const form = screen.getByRole('form', {
      name: sv['bulk-heading-selected_other'].replace('{{count}}', '2'),
    });
    // Nothing chosen: said, and nothing sent.
    const applyName = sv['bulk-apply_other'].replace('{{count}}', '2');
    const apply = within(form).getByRole('button', { name: applyName });
    await user.click(apply);
    expect(within(form).getByLabelText(sv['bulk-state'])).toHaveAccessibleDescription(
      `${sv['bulk-state-hint']} ${sv['bulk-nothing-chosen']}`,
    );
    expect(bulkRequests(requests)).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(sv['bulk-state']), 'in-progress');
    await user.selectOptions(within(form).getByLabelText(sv['bulk-assignee']), 'cai');
    await user.click(apply);
    // A dialog names their number and what changes; nothing is sent before it is confirmed.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(sv['bulk-confirm-selected_other'].replace('{{count}}', '2'));
    expect(dialog).toHaveTextContent(
      sv['bulk-confirm-state'].replace('{{state}}', sv.state['in-progress']),
    );
    expect(dialog).toHaveTextContent(sv['bulk-confirm-assignee'].replace('{{name}}', cai.name));
    expect(bulkRequests(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: applyName }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(
      [
        sv['bulk-changed_other'].replace('{{count}}', '3'),
        sv['bulk-changed-state'].replace('{{state}}', sv.state['in-progress']),
        sv['bulk-changed-assignee'].replace('{{name}}', cai.name),
      ].join(' '),
    );
    await waitFor(() => expect(done).toHaveFocus());
    expect(await bulkRequests(requests)[0].json()).toEqual({
      ids: [1, 3],
      set: { state: 'in-progress', assignee: 'cai' },
    });
  });

  it('offers as assignee only those who may have every registration selected', async () => {
    api(3, [summary(1, { degreeProgram: 'MIDS' }), summary(2, { degreeProgram: 'IT' })]);
    const user = userEvent.setup();
    renderConsole('/staff');
    await user.click(
      await screen.findByLabelText(sv['select-row'].replace('{{reference}}', 'REF1')),
    );
    const options = () =>
      within(screen.getByLabelText(sv['bulk-assignee']))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options()).toEqual([sv['bulk-keep'], sv.nobody, cai.name, alma.name]);
    // Said under the select, so that nobody missing puzzles.
    expect(screen.getByLabelText(sv['bulk-assignee'])).toHaveAccessibleDescription(
      sv['bulk-assignee-hint'],
    );
    // An IT registration too: Cai (MIDS only) cannot take it, and is no longer offered.
    await user.click(screen.getByLabelText(sv['select-row'].replace('{{reference}}', 'REF2')));
    expect(options()).toEqual([sv['bulk-keep'], sv.nobody, alma.name]);
  });

  it.each([
    ['sv', 'Cai Coordinator kan inte handlägga anmälningar till Informationsteknik'],
    ['en', 'Cai Coordinator cannot handle registrations of Information Technology'],
  ] as const)(
    'says why the server refused (422), in %s, and "try again" only for a failure that may pass',
    async (language, reason) => {
      const texts = staffTexts[language];
      let answer: Answer = {
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'not assignable',
          notAssignable: { assignee: cai, programmes: ['IT'] },
        },
      };
      fakeStaffApi([
        ['GET', /\/me$/, () => ({ body: { ...officer, admin: true } })],
        // An admin's list of assignees as the server gives it: Cai with MIDS, here shown for IT too.
        [
          'GET',
          /\/staff-members$/,
          () => ({ body: { items: [{ ...cai, programmes: ['MIDS', 'IT'] }] } }),
        ],
        ['POST', /\/registrations\/search$/, () => ({ body: { total: 1, items: [summary(1)] } })],
        ['POST', /\/registrations\/bulk$/, () => answer],
      ]);
      const user = userEvent.setup();
      renderConsole('/staff', language);
      await user.click(
        await screen.findByLabelText(texts['select-row'].replace('{{reference}}', 'REF1')),
      );
      await user.selectOptions(screen.getByLabelText(texts['bulk-assignee']), 'cai');
      const apply = texts['bulk-apply_one'];
      await user.click(screen.getByRole('button', { name: apply }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: apply }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(reason);
      expect(alert).not.toHaveTextContent(texts['bulk-failed']);

      answer = {
        status: 503,
        body: { statusCode: 503, error: 'Service Unavailable', message: '' },
      };
      await user.click(screen.getByRole('button', { name: apply }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: apply }),
      );
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(texts['bulk-failed']),
      );
    },
  );

  it('changes every registration the filter matches once their number is confirmed', async () => {
    const items = Array.from({ length: pageSize }, (_, index) => summary(index + 1));
    const { requests } = api(pageSize + 7, items);
    const user = userEvent.setup();
    renderConsole('/staff?programme=MIDS&state=new');
    await user.click(await screen.findByLabelText(sv['select-page']));
    await user.click(
      screen.getByRole('button', {
        name: sv['select-every-matching_other'].replace('{{count}}', '57'),
      }),
    );
    const form = screen.getByRole('form', {
      name: sv['bulk-heading-filter_other'].replace('{{count}}', '57'),
    });
    await user.selectOptions(within(form).getByLabelText(sv['bulk-state']), 'done');
    const apply = sv['bulk-apply_other'].replace('{{count}}', '57');
    await user.click(within(form).getByRole('button', { name: apply }));

    // A dialog names their number; nothing is sent before it is confirmed.
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(sv['bulk-confirm-filter_other'].replace('{{count}}', '57'));
    expect(bulkRequests(requests)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: apply }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `${sv['bulk-changed_other'].replace('{{count}}', '57')} ${sv['bulk-changed-state'].replace('{{state}}', sv.state.done)}`,
    );
    expect(await bulkRequests(requests)[0].json()).toEqual({
      filter: { programme: 'MIDS', state: 'new' },
      set: { state: 'done' },
    });
  });
});

describe('a registration withdrawn by its applicant', () => {
  it("is named above its assignee's list, linked to its old address, which says so", async () => {
    fakeStaffApi([
      ['GET', /\/me$/, () => ({ body: officer })],
      ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
      ['POST', /\/registrations\/search$/, () => ({ body: { total: 0, items: [] } })],
      ['GET', /\/withdrawals$/, () => ({ body: { items: [withdrawal] } })],
      [
        'GET',
        /\/registrations\/21$/,
        () => ({
          status: 410,
          body: { statusCode: 410, error: 'Gone', message: 'withdrawn', withdrawal },
        }),
      ],
    ]);
    const user = userEvent.setup();
    renderConsole('/staff');
    const notice = await screen.findByRole('region', {
      name: sv['withdrawn-list-heading'].replace('{{days}}', '30'),
    });
    const item = sv['withdrawn-list-item']
      .replace('{{id}}', '21')
      .replace('{{programme}}', formTexts.sv['degree-programs'].MIDS)
      .replace('{{time}}', '28.11.2026 16.02');
    await user.click(within(notice).getByRole('link', { name: item }));

    expect(
      await screen.findByRole('heading', { level: 1, name: sv['withdrawn-heading'] }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        sv['withdrawn-text']
          .replace('{{id}}', '21')
          .replace('{{programme}}', formTexts.sv['degree-programs'].MIDS)
          .replace('{{time}}', '28.11.2026 16.02'),
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(sv['withdrawn-assignee'].replace('{{name}}', officer.name)),
    ).toBeInTheDocument();
    expect(screen.queryByText(sv['not-found-heading'])).toBeNull();
  });
});

describe("a registration's next and previous", () => {
  it('go through the filtered list, across its pages, and back to the list at the page reached', async () => {
    const pages = [
      Array.from({ length: pageSize }, (_, index) => summary(index + 1)),
      [summary(pageSize + 1), summary(pageSize + 2)],
    ];
    const { requests } = fakeStaffApi([
      ['GET', /\/me$/, () => ({ body: officer })],
      ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
      [
        'POST',
        /\/registrations\/search$/,
        async (request) => {
          const { page } = (await request.json()) as { page: number };
          return { body: { total: pageSize + 2, items: pages[page - 1] } };
        },
      ],
      [
        'GET',
        /\/registrations\/\d+$/,
        (request) => {
          const id = Number(/\d+$/.exec(new URL(request.url).pathname)![0]);
          return { body: { ...summary(id), ...registration, id, lastName: `Nyström ${id}` } };
        },
      ],
    ]);
    const user = userEvent.setup();
    renderConsole('/staff?state=new');
    await user.click(await screen.findByRole('link', { name: /Nyström 49$/ }));
    await screen.findByRole('heading', { level: 1, name: /Nyström 49$/ });
    const neighbours = () => screen.getByRole('navigation', { name: sv['neighbours-label'] });
    const position = (at: number) =>
      sv['position-in-list'].replace('{{position}}', String(at)).replace('{{total}}', '52');
    await waitFor(() => expect(neighbours()).toHaveTextContent(position(49)));
    expect(
      within(neighbours()).getByRole('link', { name: sv['previous-registration'] }),
    ).toHaveAttribute('href', '/staff/48');

    // The next of the page's last is the next page's first; each a link, pressed by keyboard.
    await user.click(within(neighbours()).getByRole('link', { name: sv['next-registration'] }));
    await screen.findByRole('heading', { level: 1, name: /Nyström 50$/ });
    const next = await within(neighbours()).findByRole('link', { name: sv['next-registration'] });
    expect(next).toHaveAttribute('href', '/staff/51');
    next.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: /Nyström 51$/ });
    await waitFor(() => expect(neighbours()).toHaveTextContent(position(51)));
    expect(
      within(neighbours()).getByRole('link', { name: sv['previous-registration'] }),
    ).toHaveAttribute('href', '/staff/50');
    // The list's filter was sent for each page, as the list sends it.
    const searches = await Promise.all(
      requestsTo(requests, /\/search$/).map((request) => request.json()),
    );
    expect(searches).toContainEqual({ state: 'new', page: 2 });
    expect(searches.every((search) => search.state === 'new')).toBe(true);

    await user.click(screen.getByRole('link', { name: sv['back-to-list'] }));
    await waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(/^\/staff\?state=new&page=2$/),
    );
  });
});

describe('the overview', () => {
  it('gives the counts per state with links to the list, and each day as a bar and a table row', async () => {
    const days = Array.from({ length: 30 }, (_, index) => ({
      day: `2026-11-${String(index + 1).padStart(2, '0')}`,
      count: index === 29 ? 4 : index % 3,
    }));
    const overview: Overview = {
      programmes: [
        { code: 'MIDS', states: { new: 3, 'in-progress': 2, waiting: 1, done: 5 }, overdue: 4 },
      ],
      days,
    };
    fakeStaffApi([
      ['GET', /\/me$/, () => ({ body: officer })],
      ['GET', /\/overview$/, () => ({ body: overview })],
    ]);
    renderConsole('/staff/overview');
    await screen.findByRole('heading', { level: 1, name: sv['overview-heading'] });
    const mids = await screen.findByRole('row', {
      name: new RegExp(formTexts.sv['degree-programs'].MIDS),
    });
    expect(within(mids).getByRole('link', { name: '2' })).toHaveAttribute(
      'href',
      '/staff?programme=MIDS&state=in-progress',
    );
    expect(within(mids).getByRole('link', { name: '11' })).toHaveAttribute(
      'href',
      '/staff?programme=MIDS',
    );
    expect(within(mids).getByRole('link', { name: '4' })).toHaveAttribute(
      'href',
      '/staff?programme=MIDS&overdue=true',
    );

    const chart = screen.getByRole('img');
    const total = days.reduce((sum, { count }) => sum + count, 0);
    expect(chart).toHaveAccessibleName(
      expect.stringContaining(`sammanlagt ${total}, som mest 4 på en dag`),
    );
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    // The highest day's bar is full height; a day of 0 has none.
    expect(chart.querySelectorAll('rect')[29]).toHaveAttribute('height', '100');
    expect(chart.querySelectorAll('rect')[0]).toHaveAttribute('height', '0');
    const table = screen.getByRole('table', { name: sv['overview-days-caption'] });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.lastChild!.textContent)).toEqual(
      days.map(({ count }) => String(count)),
    );
  });
});

describe("the list's date filter", () => {
  it('says a range that ends before it starts is reversed, and asks the API nothing', async () => {
    const { requests } = api(1, [summary(1)]);
    const user = userEvent.setup();
    renderConsole('/staff');
    await screen.findByLabelText(sv['select-row'].replace('{{reference}}', 'REF1'));
    const searches = () => requestsTo(requests, /\/search$/).length;
    const asked = searches();

    await user.type(screen.getByLabelText(sv['received-from']), '29.11.2026');
    await user.type(screen.getByLabelText(sv['received-to']), '1.11.2026');
    await user.click(screen.getByRole('button', { name: sv['apply-filter'] }));

    const to = screen.getByLabelText(sv['received-to']);
    expect(to).toHaveFocus();
    expect(to).toHaveAccessibleDescription(expect.stringContaining(sv['days-reversed']));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/staff$/);
    expect(searches()).toBe(asked);
  });
});
