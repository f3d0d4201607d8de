/** The audit log as an admin reads it, against a fake staff API. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeStaffApi, officer, renderConsole, staffTexts } from '../support/renderConsole';

afterEach(() => jest.restoreAllMocks());

const record = (command: string, by: object, actor = 'sso x at https://login.example.edu/') => ({
  at: '2026-11-26T10:15:00.000Z',
  command,
  rowCount: 1,
  actor,
  by,
  details: '',
});
const cai = { subject: 'cai-1', name: 'Cai Coordinator', programmes: ['MIDS'] };

/** The console signed in as an admin at `path`, the log answering `items`; its requests kept. */
function renderLog(items: object[], path = '/staff/audit-log', language: 'sv' | 'en' = 'sv') {
  const api = fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: { ...officer, admin: true } })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [cai] } })],
    ['GET', /\/audit-log$/, () => ({ body: { total: items.length, items } })],
  ]);
  renderConsole(path, language);
  const logQueries = () =>
    api.requests
      .filter((request) => request.url.includes('/audit-log'))
      .map((request) => new URL(request.url).search);
  return { logQueries };
}

// Every event the server writes (the console's, the applicant's, the API's): each is named in the
// reader's language.
const events = [
  'sign-in',
  'sign-out',
  'list',
  'open',
  'download',
  'export',
  'erase',
  'withdraw',
  'change',
  'bulk',
  'note',
  'applicant-summary',
  'applicant-open',
  'applicant-change',
  'applicant-download',
  'api list',
  'api open',
  'api transfer',
  'api erasures',
  'webhook create',
  'webhook list',
  'webhook delete',
  'webhook retry',
  'duplicate',
  'request',
  'request-replace',
  'request-withdraw',
  'applicant-answer',
] as const;

it.each(['sv', 'en'] as const)('names every event in words (%s)', async (language) => {
  renderLog(
    events.map((command) => record(command, { kind: 'other' })),
    '/staff/audit-log',
    language,
  );

  const rows = (await screen.findAllByRole('row')).slice(1);
  const named = rows.map((row) => within(row).getAllByRole('cell')[1].textContent);
  expect(named).toEqual(events.map((command) => staffTexts[language]['audit-event'][command]));
});

it('words the details: what a request asked for, a decision, a filter', async () => {
  renderLog([
    {
      ...record('request', { kind: 'other' }),
      details: 'id=4 reference=ABCD2345 fields=phoneNumber,zipcode deadline=2026-12-15',
    },
    { ...record('request', { kind: 'other' }), details: 'id=5 reference=ABCD2346 fields=none' },
    {
      ...record('duplicate', { kind: 'other' }),
      details: 'id=4 reference=ABCD2345 other=9 resolution=different',
    },
    {
      ...record('list', { kind: 'other' }),
      details:
        'page=2 programme=MIDS search=yes state=waiting assignee=me duplicates=true overdue=true',
    },
  ]);

  const rows = (await screen.findAllByRole('row')).slice(1);
  const details = rows.map((row) => within(row).getAllByRole('cell')[4].textContent);
  const sv = staffTexts.sv;
  expect(details).toEqual([
    'Anmälan nr 4 · Referens ABCD2345 · Begärda uppgifter: telefonnummer, postnummer · Svar senast: 15.12.2026',
    `Anmälan nr 5 · Referens ABCD2346 · ${sv['audit-detail']['asked-none']}`,
    `Anmälan nr 4 · Referens ABCD2345 · Möjlig dubblett: nr 9 · Beslut: ${sv['duplicate-different']}`,
    'Sida 2 · Utbildningsprogram: Magisterprogram i informations- och datavetenskap · Med söktext · Status: Väntar på sökanden · Handläggare: personen själv · Endast möjliga dubbletter · Endast försenade begäranden',
  ]);
});

it('names who did it: staff by name with their email, the applicant and a token in words', async () => {
  const issuerOnly = 'sso 1234 at https://login.example.edu/';
  renderLog([
    record('open', {
      kind: 'staff',
      name: 'Cai Coordinator',
      email: 'cai.coordinator@example.edu',
    }),
    record('applicant-open', { kind: 'applicant' }, 'the applicant (own link)'),
    record('api open', { kind: 'token', name: 'Sisu' }, 'api token "Sisu" (#2)'),
    record('backup', { kind: 'other' }, 'root'),
    record('sign-in', { kind: 'staff' }, issuerOnly),
  ]);

  const rows = (await screen.findAllByRole('row')).slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[3].textContent)).toEqual([
    'Cai Coordinatorcai.coordinator@example.edu',
    'Sökanden (via sin egen länk)',
    'API-nyckeln ”Sisu”',
    'root',
    issuerOnly,
  ]);
  // The applicant's events in Swedish too, not their command's name.
  expect(within(rows[1]).getAllByRole('cell')[1]).toHaveTextContent('Sökanden läste sin anmälan');
});

it('filters by event, person and day through the API, the filter kept in the address', async () => {
  const user = userEvent.setup();
  const { logQueries } = renderLog([record('open', { kind: 'other' })]);
  await screen.findAllByRole('row');

  await user.selectOptions(screen.getByLabelText('Händelse'), 'Anmälan öppnades');
  await user.selectOptions(screen.getByLabelText('Vem'), 'Cai Coordinator');
  await user.type(screen.getByLabelText('Dag'), '17.3.2026');
  await user.click(screen.getByRole('button', { name: 'Visa' }));

  expect(await screen.findByTestId('address')).toHaveTextContent(
    '/staff/audit-log?event=open&person=cai-1&day=2026-03-17',
  );
  await screen.findByDisplayValue('17.3.2026');
  expect(logQueries().at(-1)).toBe('?event=open&person=cai-1&day=2026-03-17&page=1');

  await user.selectOptions(screen.getByLabelText('Vem'), 'Sökanden (via sin egen länk)');
  await user.clear(screen.getByLabelText('Dag'));
  await user.type(screen.getByLabelText('Dag'), '2026-03-18');
  await user.click(screen.getByRole('button', { name: 'Visa' }));
  expect(await screen.findByTestId('address')).toHaveTextContent(
    '/staff/audit-log?event=open&person=applicant&day=2026-03-18',
  );
});

it('refuses a day that is none, saying how to write one, and asks the API nothing', async () => {
  const user = userEvent.setup();
  const { logQueries } = renderLog([record('open', { kind: 'other' })]);
  await screen.findAllByRole('row');
  const asked = logQueries().length;

  await user.type(screen.getByLabelText('Dag'), '31.2.2026');
  await user.click(screen.getByRole('button', { name: 'Visa' }));

  const day = screen.getByLabelText('Dag');
  expect(day).toHaveFocus();
  expect(day).toHaveAccessibleDescription(
    'Till exempel 17.3.2026 Ange datumet som dag, månad och år med fyra siffror, till exempel 17.3.2026.',
  );
  expect(screen.getByTestId('address')).toHaveTextContent(/^\/staff\/audit-log$/);
  expect(logQueries()).toHaveLength(asked);
});

it.each([
  [
    'sv',
    [
      'Anmälan nr 25 · Referens W7FNS7SK · Ny status: Under behandling · Ny handläggare: Cai Coordinator',
      'Valda anmälningar: 4 · Ny status: Behandlad · Ny handläggare: Ingen',
      'Anmälan nr 25 · Referens W7FNS7SK · Ändrade fält: e-postadress, postanstalt',
      'Orsak: sent twice',
    ],
  ],
  [
    'en',
    [
      'Registration no. 25 · Reference W7FNS7SK · New status: In progress · New assignee: Cai Coordinator',
      'Selected registrations: 4 · New status: Processed · New assignee: Nobody',
      'Registration no. 25 · Reference W7FNS7SK · Changed fields: email address, city or town',
      'Reason: sent twice',
    ],
  ],
] as const)(
  'reads what was set in words, a person by name, no hash (%s)',
  async (language, read) => {
    const other = { kind: 'other' };
    renderLog(
      [
        {
          ...record('change', other),
          details: 'id=25 reference=W7FNS7SK new-state=in-progress new-assignee="cai-1"',
        },
        { ...record('bulk', other), details: 'ids=4 new-state=done new-assignee=null' },
        { ...record('change', other), details: 'id=25 reference=W7FNS7SK fields=email,city' },
        {
          ...record('erase', other),
          details: `reference-hash=${'a'.repeat(32)} reason="sent twice"`,
        },
      ],
      '/staff/audit-log',
      language,
    );

    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[4].textContent)).toEqual(read);
  },
);
