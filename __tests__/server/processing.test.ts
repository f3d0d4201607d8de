/** @jest-environment node */
/**
 * Processing registrations through the staff API: states, who has it, notes, corrections, their
 * history, versions, bulk changes, possible duplicates and the overview; within each person's
 * access, erased with the registration, and in the audit log as what changed, never a value.
 * Signed in through a real OpenID provider (testing/localProvider.ts) as a person would.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { runStaffRequest } from '../../server/operations/operations';
import { parseBackup, restoreBackup } from '../../server/operations/backup';
import { migrate } from '../../server/db/migrations';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type {
  HistoryEntry,
  RegistrationDetails,
  RegistrationSummary,
} from '../../src/contract/consoleApiSchemas';
import { emailDomain, uniquePhone, validValues } from '../../testing/registrations';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signIn } from './support/staffSignIn';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';
import { parseCsv } from '../../testing/csv';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { wallClockTime } from '../../server/timeZone';

jest.setTimeout(2 * databaseTimeoutMs);

const publicUrl = 'http://localhost';
let provider: LocalProvider;
let database: Database;
let app: FastifyInstance;
let admin: string;
let coordinator: string;

/**
 * Each applicant by first name: MIDS is the coordinator's programme, IT is not. Each has a phone of
 * their own: a shared one makes a possible duplicate.
 */
const applicants: Record<string, Partial<RegistrationValues>> = {
  Mira: { degreeProgram: 'MIDS', email: `mira@${emailDomain}` },
  Ivar: { degreeProgram: 'IT', email: `ivar@${emailDomain}` },
  // The same applicant as Mira by her address in other letters, in a programme she cannot see.
  Emil: { degreeProgram: 'IT', email: `MIRA@${emailDomain}` },
  // One applicant twice: name and birthday the same but for case and accents.
  Åsa: { degreeProgram: 'MIDS', lastName: 'Nyström', email: `asa.one@${emailDomain}` },
  ÅSA: { degreeProgram: 'MIDS', lastName: 'NYSTROM', email: `asa.two@${emailDomain}` },
  Pia: { degreeProgram: 'MIDS', email: `pia@${emailDomain}`, phoneNumber: validValues.phoneNumber },
};

const register = async (firstName: string, values: Partial<RegistrationValues>) => {
  const token = await getXsrfToken(app);
  const body = buildCreateOnboardingFormBody({
    ...validValues,
    firstName,
    phoneNumber: uniquePhone(),
    ...values,
  });
  expect((await postGraphql(app, token, body)).statusCode).toBe(200);
};

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
  database = await openTestDatabase();
  app = await buildApp(
    testAppOptions({ database, staffConsole: readStaffConsoleSettings(provider.settings) }),
  );
  for (const [firstName, values] of Object.entries(applicants)) await register(firstName, values);
  admin = await signIn(app, 'admin');
  coordinator = await signIn(app, 'coordinator');
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await provider?.stop();
  await app?.close();
  await database?.close();
  removeTempDirs();
});

const idOf = async (firstName: string) =>
  (
    await database.query<{ id: number }>('SELECT id FROM registrations WHERE first_name = $1', [
      firstName,
    ])
  )[0]?.id;

const get = (url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

/** A change as the console sends it: the session, the XSRF cookie and header, JSON. */
async function send(
  method: 'PATCH' | 'POST' | 'DELETE',
  url: string,
  cookie: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const token = await getXsrfToken(app, cookie);
  return app.inject({
    method,
    url,
    headers: {
      cookie: `${cookie}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      'content-type': 'application/json',
      ...headers,
    },
    payload: JSON.stringify(body),
  });
}

const details = async (firstName: string, cookie = admin) =>
  (
    await get(`/staff/api/registrations/${await idOf(firstName)}`, cookie)
  ).json<RegistrationDetails>();

/** Changes the registration on the version the person last read. */
async function change(firstName: string, body: unknown, cookie = admin) {
  const { version } = await details(firstName, cookie);
  return send('PATCH', `/staff/api/registrations/${await idOf(firstName)}`, cookie, body, {
    'if-match': `"${version}"`,
  });
}

const list = async (query: string, cookie = admin) => {
  const response = await get(`/staff/api/registrations?${query}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number; items: RegistrationSummary[] }>();
};
const namesIn = async (query: string, cookie = admin) =>
  (await list(query, cookie)).items.map((item) => item.firstName).sort();

const accessDenied = async () =>
  Number(
    /^registrations_refused_total\{reason="staff-access-denied"\} (\d+)$/m.exec(
      await app.metrics.registry.metrics(),
    )?.[1] ?? 0,
  );

const alma = { subject: 'admin', name: 'Alma Admin' };
const cai = { subject: 'coordinator', name: 'Cai Coordinator' };

describe('one registration, processed', () => {
  it('starts new, with nobody, version 1 and its receipt as its history', async () => {
    const pia = await details('Pia');
    expect(pia).toMatchObject({ state: 'new', assignee: null, version: 1, notes: [] });
    expect(pia.history).toEqual([{ at: pia.createdAt, actor: null, type: 'received' }]);
  });

  it('is taken, moved through the states, noted and corrected, each in its history', async () => {
    const taken = await change('Pia', { assignee: 'admin' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ assignee: alma, version: 2 });
    expect(taken.headers.etag).toBe('"2"');
    for (const state of ['in-progress', 'waiting', 'done']) {
      expect((await change('Pia', { state })).json()).toMatchObject({ state });
    }
    const note = await send('POST', `/staff/api/registrations/${await idOf('Pia')}/notes`, admin, {
      text: 'Asked for the certificate\nby phone',
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/Z$/),
      author: alma,
      text: 'Asked for the certificate\nby phone',
    });

    // An invalid correction first: refused, naming the field by its message key, nothing changed.
    const invalid = await change('Pia', { fields: { phoneNumber: '040 12x', city: 'Åbo' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ fields: { phoneNumber: 'phoneNumber-format' } });
    expect(invalid.json().fields).not.toHaveProperty('city');
    expect(await details('Pia')).toMatchObject({ version: 5, city: validValues.city });

    const corrected = await change('Pia', {
      fields: { phoneNumber: '+358 40 765  4321 ', city: 'Åbo' },
    });
    expect(corrected.statusCode).toBe(200);
    // Stored as the form stores it: spaces collapsed.
    expect(corrected.json()).toMatchObject({
      phoneNumber: '+358 40 765 4321',
      city: 'Åbo',
      version: 6,
    });

    const { history, notes } = await details('Pia');
    expect(notes).toEqual([note.json()]);
    const withoutTimes = history.map(({ at, ...entry }: HistoryEntry) => {
      expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
      return entry;
    });
    expect(withoutTimes).toEqual([
      { actor: null, type: 'received' },
      { actor: alma, type: 'assignee', from: null, to: alma },
      { actor: alma, type: 'state', from: 'new', to: 'in-progress' },
      { actor: alma, type: 'state', from: 'in-progress', to: 'waiting' },
      { actor: alma, type: 'state', from: 'waiting', to: 'done' },
      { actor: alma, type: 'note', noteId: note.json().id, text: note.json().text },
      {
        actor: alma,
        type: 'correction',
        field: 'phoneNumber',
        from: validValues.phoneNumber,
        to: '+358 40 765 4321',
      },
      { actor: alma, type: 'correction', field: 'city', from: validValues.city, to: 'Åbo' },
    ]);
  });

  it('changes nothing, and records nothing, when the change is what is already there', async () => {
    const before = await details('Pia');
    const same = await change('Pia', { state: before.state, fields: { city: before.city } });
    expect(same.statusCode).toBe(200);
    expect((await details('Pia')).history).toEqual(before.history);
    expect(same.json().version).toBe(before.version);
  });

  it('refuses a change without If-Match (428), on an old version (412, naming who), or without XSRF', async () => {
    const id = await idOf('Mira');
    const url = `/staff/api/registrations/${id}`;
    const missing = await send('PATCH', url, admin, { state: 'waiting' });
    expect(missing.statusCode).toBe(428);

    const read = await details('Mira', coordinator);
    expect((await change('Mira', { state: 'in-progress' }, admin)).statusCode).toBe(200);
    const late = await send(
      'PATCH',
      url,
      coordinator,
      { state: 'waiting' },
      {
        'if-match': `"${read.version}"`,
      },
    );
    expect(late.statusCode).toBe(412);
    expect(late.json()).toMatchObject({
      version: read.version + 1,
      changedBy: alma,
      changedAt: expect.stringMatching(/Z$/),
      message: expect.stringContaining('Alma Admin'),
    });
    expect((await details('Mira')).state).toBe('in-progress');

    const withoutXsrf = await app.inject({
      method: 'PATCH',
      url,
      headers: { cookie: admin, 'content-type': 'application/json', 'if-match': '"99"' },
      payload: JSON.stringify({ state: 'done' }),
    });
    expect(withoutXsrf.statusCode).toBe(403);
  });

  it('assigns only a person who has signed in with access to the programme', async () => {
    const outsider = await signIn(app, 'outsider');
    expect((await get('/staff/api/staff-members', outsider)).statusCode).toBe(403);
    const members = await get('/staff/api/staff-members', coordinator);
    expect(members.json()).toEqual({
      items: [
        { ...alma, programmes: ['MIDS'] },
        { ...cai, programmes: ['MIDS'] },
      ],
    });
    // Olli signed in but sees no programme; nobody signed in as "stranger".
    for (const assignee of ['outsider', 'stranger']) {
      expect((await change('Pia', { assignee })).statusCode).toBe(422);
    }
    const refused = await change('Ivar', { assignee: 'coordinator' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().notAssignable).toEqual({ assignee: cai, programmes: ['IT'] });
    expect((await change('Pia', { assignee: 'coordinator' })).json().assignee).toEqual(cai);
    expect((await change('Pia', { assignee: null })).json().assignee).toBeNull();
  });
});

describe("a coordinator's scope", () => {
  it("neither sees, changes, notes nor bulk-changes another programme's registration", async () => {
    const ivar = await idOf('Ivar');
    const before = await accessDenied();
    const patch = await send(
      'PATCH',
      `/staff/api/registrations/${ivar}`,
      coordinator,
      {
        state: 'done',
      },
      { 'if-match': '"1"' },
    );
    expect(patch.statusCode).toBe(404);
    const note = await send('POST', `/staff/api/registrations/${ivar}/notes`, coordinator, {
      text: 'x',
    });
    expect(note.statusCode).toBe(404);
    const bulk = await send('POST', '/staff/api/registrations/bulk', coordinator, {
      ids: [ivar, await idOf('Åsa')],
      set: { state: 'waiting' },
    });
    expect(bulk.json()).toEqual({ updated: 1 });
    expect(await accessDenied()).toBe(before + 3);
    expect((await details('Ivar')).state).toBe('new');
    expect((await details('Åsa')).state).toBe('waiting');
  });

  it('cannot move a registration into a programme outside their access', async () => {
    const moved = await change('Åsa', { fields: { degreeProgram: 'IT' } }, coordinator);
    expect(moved.statusCode).toBe(422);
    expect(moved.json().fields).toEqual({ degreeProgram: 'degreeProgram-outside-access' });
    expect((await details('Åsa')).degreeProgram).toBe('MIDS');
  });

  it('changes by filter only what they may see', async () => {
    const { updated } = (
      await send('POST', '/staff/api/registrations/bulk', coordinator, {
        filter: {},
        set: { assignee: 'coordinator' },
      })
    ).json();
    const mids = await list('programme=MIDS');
    expect(updated).toBe(mids.total);
    expect(mids.items.every((item) => item.assignee?.subject === 'coordinator')).toBe(true);
    expect((await details('Ivar')).assignee).toBeNull();
    expect((await details('Emil')).assignee).toBeNull();
  });
});

describe('many at once', () => {
  it('sets the state of what a filter finds, each in its history, and only what differs', async () => {
    const set = () =>
      send('POST', '/staff/api/registrations/bulk', admin, {
        filter: { programme: 'IT' },
        set: { state: 'done', assignee: 'admin' },
      });
    expect((await set()).json()).toEqual({ updated: 2 });
    expect(await namesIn('state=done&programme=IT')).toEqual(['Emil', 'Ivar']);
    const ivar = await details('Ivar');
    expect(ivar.version).toBe(2);
    expect(ivar.history.slice(1)).toEqual([
      { at: expect.any(String), actor: alma, type: 'state', from: 'new', to: 'done' },
      { at: expect.any(String), actor: alma, type: 'assignee', from: null, to: alma },
    ]);
    expect((await set()).json()).toEqual({ updated: 0 });
  });

  it('sets by ids, and refuses an assignee who may not have them all', async () => {
    const ids = [await idOf('Ivar'), await idOf('Mira')];
    const toCoordinator = await send('POST', '/staff/api/registrations/bulk', admin, {
      ids,
      set: { assignee: 'coordinator' },
    });
    expect(toCoordinator.statusCode).toBe(422);
    // Why, for the console to say: whom, and the programmes of those they may not have.
    expect(toCoordinator.json().notAssignable).toEqual({ assignee: cai, programmes: ['IT'] });
    expect((await details('Mira')).assignee).toEqual(cai);
    const toStranger = await send('POST', '/staff/api/registrations/bulk', admin, {
      ids,
      set: { assignee: 'stranger' },
    });
    expect(toStranger.json().notAssignable).toEqual({ assignee: null, programmes: [] });
    const waiting = await send('POST', '/staff/api/registrations/bulk', admin, {
      ids,
      set: { state: 'waiting' },
    });
    expect(waiting.json()).toEqual({ updated: 2 });
    expect(await namesIn('state=waiting&programme=IT')).toEqual(['Ivar']);
  });

  it('refuses a body that names neither ids nor a filter, or sets nothing', async () => {
    for (const body of [
      { set: { state: 'done' } },
      { ids: [1], set: {} },
      { ids: [], set: { state: 'done' } },
    ]) {
      expect((await send('POST', '/staff/api/registrations/bulk', admin, body)).statusCode).toBe(
        400,
      );
    }
  });
});

describe('the list', () => {
  it('filters by state and by who has it', async () => {
    await change('Mira', { assignee: 'admin' });
    expect(await namesIn('assignee=me')).toEqual(['Emil', 'Ivar', 'Mira']);
    expect(await namesIn('assignee=coordinator')).toEqual(['Pia', 'ÅSA', 'Åsa'].sort());
    expect(await namesIn('assignee=me', coordinator)).toEqual(['Pia', 'ÅSA', 'Åsa'].sort());
    await change('Pia', { assignee: null, state: 'new' });
    expect(await namesIn('assignee=none')).toEqual(['Pia']);
    expect(await namesIn('state=new')).toEqual(['Pia', 'ÅSA'].sort());
    expect((await list('state=new')).items[0]).toMatchObject({
      state: 'new',
      assignee: null,
      version: expect.any(Number),
      duplicateOf: [],
    });
    expect((await get('/staff/api/registrations?state=old', admin)).statusCode).toBe(400);
  });

  it('marks possible duplicates within what the person may see, and filters by them', async () => {
    const [mira, emil, asa, asaAgain] = await Promise.all(['Mira', 'Emil', 'Åsa', 'ÅSA'].map(idOf));
    expect(await namesIn('duplicates=true')).toEqual(['Emil', 'Mira', 'ÅSA', 'Åsa'].sort());
    expect((await details('Mira')).duplicateOf).toEqual([emil]);
    expect((await details('Åsa')).duplicateOf).toEqual([asaAgain]);
    const listed = (await list('duplicates=true&programme=MIDS')).items;
    expect(Object.fromEntries(listed.map((item) => [item.id, item.duplicateOf]))).toEqual({
      [mira]: [emil],
      [asa]: [asaAgain],
      [asaAgain]: [asa],
    });
    // Emil's programme is not the coordinator's: to them, Mira has no twin.
    expect(await namesIn('duplicates=true', coordinator)).toEqual(['ÅSA', 'Åsa'].sort());
    expect((await details('Mira', coordinator)).duplicateOf).toEqual([]);
  });

  it('keeps the possible duplicates up as an email or a programme is corrected, and at erasure', async () => {
    await register('Tove', { degreeProgram: 'MIDS', email: `tove@${emailDomain}` });
    await register('Tuva', { degreeProgram: 'MIDS', email: `tuva@${emailDomain}` });
    const [tove, tuva] = await Promise.all(['Tove', 'Tuva'].map(idOf));
    const twins = async () => [
      (await details('Tove')).duplicateOf,
      (await details('Tuva')).duplicateOf,
      (await namesIn('duplicates=true')).filter((name) => name.startsWith('T')),
    ];
    expect(await twins()).toEqual([[], [], []]);

    expect((await change('Tuva', { fields: { email: `TOVE@${emailDomain}` } })).statusCode).toBe(
      200,
    );
    expect(await twins()).toEqual([[tuva], [tove], ['Tove', 'Tuva']]);
    // In a programme the coordinator cannot see, Tuva is no twin of Tove's to them.
    await change('Tuva', { fields: { degreeProgram: 'IT' } });
    expect((await details('Tove', coordinator)).duplicateOf).toEqual([]);
    expect((await details('Tove')).duplicateOf).toEqual([tuva]);
    await change('Tuva', { fields: { degreeProgram: 'MIDS' } });
    expect((await details('Tove', coordinator)).duplicateOf).toEqual([tuva]);
    expect((await change('Tuva', { fields: { email: `tuva@${emailDomain}` } })).statusCode).toBe(
      200,
    );
    expect(await twins()).toEqual([[], [], []]);

    await change('Tuva', { fields: { email: `tove@${emailDomain}` } });
    const erased = await send('DELETE', `/staff/api/registrations/${tuva}`, admin, {
      reason: 'registered twice',
    });
    expect(erased.statusCode).toBe(204);
    expect((await details('Tove')).duplicateOf).toEqual([]);
    expect(await namesIn('duplicates=true')).not.toContain('Tove');
  });

  it('exports the state and who has it, in the console and by npm run export', async () => {
    const csv = parseCsv((await get('/staff/api/export?format=csv&programme=IT', admin)).body);
    expect(csv.map(({ firstName, state, assignee }) => ({ firstName, state, assignee }))).toEqual([
      { firstName: 'Emil', state: 'done', assignee: 'Alma Admin' },
      { firstName: 'Ivar', state: 'waiting', assignee: 'Alma Admin' },
    ]);
    const command = await runStaffRequest(
      app.operations,
      { command: 'export', format: 'csv' },
      'test',
    );
    const rows = parseCsv(command.toString('utf8'));
    expect(rows.find((row) => row.firstName === 'Pia')).toMatchObject({
      state: 'new',
      assignee: '',
    });
    expect(rows.find((row) => row.firstName === 'Åsa')).toMatchObject({
      state: 'waiting',
      assignee: 'Cai Coordinator',
    });
  });
});

describe('the overview', () => {
  it("counts each programme's states as the list does, and today's registrations", async () => {
    for (const cookie of [admin, coordinator]) {
      const overview = (await get('/staff/api/overview', cookie)).json();
      const me = (await get('/staff/api/me', cookie)).json();
      expect(overview.programmes.map((row: { code: string }) => row.code)).toEqual(me.programmes);
      for (const { code, states } of overview.programmes) {
        for (const [state, count] of Object.entries(states)) {
          expect([code, state, count]).toEqual([
            code,
            state,
            (await list(`programme=${code}&state=${state}`, cookie)).total,
          ]);
        }
      }
      // This file's registrations came today or, in a run across midnight, yesterday too.
      expect(overview.days).toHaveLength(30);
      const today = wallClockTime(new Date(), app.operations.timeZone).toISOString().slice(0, 10);
      const [yesterday, last] = overview.days.slice(-2);
      expect(last).toEqual({ day: today, count: (await list(`from=${today}`, cookie)).total });
      expect(yesterday.count + last.count).toBe((await list('', cookie)).total);
      expect(overview.days.slice(0, -2).every((day: { count: number }) => day.count === 0)).toBe(
        true,
      );
    }
  });
});

describe('what stays and what goes', () => {
  it("downloads a registration's notes and history with its data (Art. 15)", async () => {
    const data = (await get(`/staff/api/registrations/${await idOf('Pia')}/data`, admin)).json();
    expect(data.notes).toHaveLength(1);
    expect(data.history.map((entry: HistoryEntry) => entry.type)).toEqual(
      expect.arrayContaining(['received', 'assignee', 'state', 'note', 'correction']),
    );
  });

  it("records each change in the audit log as the new state and assignee, never the applicant's value", async () => {
    const log = await database.query<{ command: string; row_count: number; details: string }>(
      `SELECT command, row_count, details FROM audit_log
       WHERE command IN ('change', 'note', 'bulk') ORDER BY id`,
    );
    const pia = await database.query<{ id: number; reference: string }>(
      "SELECT id, reference FROM registrations WHERE first_name = 'Pia'",
    );
    const piaIs = `id=${pia[0].id} reference=${pia[0].reference}`;
    expect(log).toEqual(
      expect.arrayContaining([
        { command: 'change', row_count: 1, details: `${piaIs} new-assignee="admin"` },
        { command: 'change', row_count: 1, details: `${piaIs} new-state=waiting` },
        { command: 'change', row_count: 1, details: `${piaIs} new-assignee=null` },
        { command: 'change', row_count: 1, details: `${piaIs} fields=phoneNumber,city` },
        { command: 'note', row_count: 1, details: expect.stringMatching(`^${piaIs} note=\\d+$`) },
        {
          command: 'bulk',
          row_count: 2,
          details: 'programme=IT new-state=done new-assignee="admin"',
        },
        { command: 'bulk', row_count: 2, details: 'ids=2 new-state=waiting' },
      ]),
    );
    const everything = JSON.stringify(await database.query('SELECT * FROM audit_log'));
    for (const value of ['765 4321', 'Åbo', 'certificate', 'Nyström', 'Alma Admin']) {
      expect(everything).not.toContain(value);
    }
  });

  it('backs up the staff, the notes and the history, and restores them', async () => {
    const backup = (
      await runStaffRequest(app.operations, { command: 'backup' }, 'test')
    ).toString();
    const restored = await openTestDatabase();
    try {
      await migrate(restored);
      await restoreBackup(restored, parseBackup(backup, emailDomain));
      for (const table of ['staff_members', 'registration_notes', 'registration_history']) {
        const everything = `SELECT * FROM ${table} ORDER BY id`;
        expect([table, await restored.query(everything)]).toEqual([
          table,
          await database.query(everything),
        ]);
      }
      const processing =
        'SELECT id, state, assignee, version, name_birthday_key FROM registrations ORDER BY id';
      expect(await restored.query(processing)).toEqual(await database.query(processing));
    } finally {
      await restored.close();
    }
  });

  it('restores a backup made before the processing: every registration new, with nobody', async () => {
    const backup = (
      await runStaffRequest(app.operations, { command: 'backup' }, 'test')
    ).toString();
    const [header, ...lines] = backup.trimEnd().split('\n');
    // The columns of the processing (8) and of the integration's feed (11).
    const processingColumns = ['state', 'assignee', 'version', 'updated_at'];
    const schema6 = [
      JSON.stringify({ ...JSON.parse(header), schemaVersion: 6 }),
      ...lines
        .map((line) => JSON.parse(line) as { table: string; row: Record<string, unknown> })
        .filter(({ table }) => ['registrations', 'outbox', 'audit_log'].includes(table))
        .map(({ table, row }) =>
          JSON.stringify({
            table,
            row: Object.fromEntries(
              Object.entries(row).filter(
                ([column]) => table !== 'registrations' || !processingColumns.includes(column),
              ),
            ),
          }),
        ),
    ].join('\n');
    const restored = await openTestDatabase();
    try {
      await restoreBackup(restored, parseBackup(schema6, emailDomain));
      const rows = await restored.query<{ state: string; assignee: null; version: number }>(
        'SELECT DISTINCT state, assignee, version FROM registrations',
      );
      expect(rows).toEqual([{ state: 'new', assignee: null, version: 1 }]);
    } finally {
      await restored.close();
    }
  });

  it('erases the notes and history with their registration', async () => {
    const pia = await idOf('Pia');
    expect(await rowsOf(pia)).toEqual({ notes: 1, history: expect.any(Number) });
    const erased = await send('DELETE', `/staff/api/registrations/${pia}`, admin, {
      reason: 'asked by the applicant',
    });
    expect(erased.statusCode).toBe(204);
    expect(await rowsOf(pia)).toEqual({ notes: 0, history: 0 });
  });

  it('purges the notes and history with their registration', async () => {
    const ivar = await idOf('Ivar');
    expect((await rowsOf(ivar)).history).toBeGreaterThan(0);
    await database.query(
      "UPDATE registrations SET created_at = now() - interval '400 days' WHERE id = $1",
      [ivar],
    );
    const purged = await runStaffRequest(
      { ...app.operations, retentionDays: 365 },
      { command: 'purge' },
      'test',
    );
    expect(purged.toString()).toMatch(/^Purged 1 registration /);
    expect(await rowsOf(ivar)).toEqual({ notes: 0, history: 0 });
  });
});

describe("a note's characters", () => {
  it('refuses C0 (but tab and line breaks), C1, bidi controls and line separators with 400; keeps what it takes as written', async () => {
    const url = `/staff/api/registrations/${await idOf('Emil')}/notes`;
    const refused = [
      'Ring \u202Eenots', // RIGHT-TO-LEFT OVERRIDE: shown as "Ring stone"
      ...['\u200E', '\u200F', '\u202A', '\u202D', '\u2066', '\u2069', '\u061C'],
      ...['\u0000', '\u0007', '\u001B[31m', '\u007F', '\u0080', '\u0085', '\u009B', '\u009F'],
      ...['\u2028', '\u2029', 'lone\rreturn'],
    ];
    /** Each refused text with its controls written out, to name it when it is not refused. */
    const shown = (text: string) =>
      text.replace(/[^\x20-\x7E]/g, (c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
    for (const control of refused) {
      const response = await send('POST', url, admin, { text: `Called ${control} back` });
      expect([shown(control), response.statusCode]).toEqual([shown(control), 400]);
    }
    expect((await rowsOf(await idOf('Emil'))).notes).toBe(0);

    const text = 'Line one\r\nline two\nname:\tÅsa – ok ✓';
    const added = await send('POST', url, admin, { text });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ text });
  });
});

async function rowsOf(id: number) {
  const [{ notes, history }] = await database.query<{ notes: number; history: number }>(
    `SELECT (SELECT count(*)::integer FROM registration_notes WHERE registration_id = $1) AS notes,
       (SELECT count(*)::integer FROM registration_history WHERE registration_id = $1) AS history`,
    [id],
  );
  return { notes, history };
}
