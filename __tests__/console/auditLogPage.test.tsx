/** The audit log as an admin reads it, against a fake staff API. */
import { screen, within } from '@testing-library/react';
import { fakeStaffApi, officer, renderConsole, staffTexts } from '../support/renderConsole';

afterEach(() => jest.restoreAllMocks());

// Every event the console writes, the processing's too: each is named in the reader's language.
const consoleEvents = [
  'sign-in',
  'sign-out',
  'list',
  'open',
  'download',
  'export',
  'erase',
  'change',
  'bulk',
  'note',
] as const;

it.each(['sv', 'en'] as const)('names every console event in words (%s)', async (language) => {
  fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: { ...officer, admin: true } })],
    [
      'GET',
      /\/audit-log$/,
      () => ({
        body: {
          total: consoleEvents.length,
          items: consoleEvents.map((command) => ({
            at: '2026-11-26T10:15:00.000Z',
            command,
            rowCount: 1,
            actor: officer.email,
            details: '',
          })),
        },
      }),
    ],
  ]);
  renderConsole('/staff/audit-log', language);

  const rows = (await screen.findAllByRole('row')).slice(1);
  const named = rows.map((row) => within(row).getAllByRole('cell')[1].textContent);
  expect(named).toEqual(
    consoleEvents.map((command) => staffTexts[language]['audit-event'][command]),
  );
});
