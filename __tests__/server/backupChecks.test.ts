/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * The checks a restore makes of a backup's rows before the database judges them: the framing
 * (server/operations/backupRows.ts: a table the backup's version has, exactly its columns, no
 * control character but a note's line breaks, the form's rules for a registration), through
 * parseBackup with crafted lines; and each value's form by its column's type
 * (server/operations/backupValues.ts), through createValueCheck on an embedded database at this
 * schema version. staffCommands.test.ts restores such backups through the command line, and
 * rowRules.test.ts shows what the database's own rules refuse; this suite is fast enough for a
 * mutation run (98% of these modules' mutants killed in one; not yet in `npm run test:mutation`,
 * whose time in CI it would double).
 */
import type { Database } from '../../server/db/database';
import { schemaVersion } from '../../server/db/migrations';
import { parseBackup } from '../../server/operations/backup';
import { createBackupRowCheck } from '../../server/operations/backupRows';
import { createValueCheck, type ValueCheck } from '../../server/operations/backupValues';
import { emailDomain } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeMigratedDataDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

type Row = Record<string, unknown>;

const at = '2026-03-02T10:00:00.000Z';

/** A registration as a backup of this schema version holds it. */
const registration: Row = {
  id: 1,
  created_at: at,
  first_name: 'Åsa-Maria',
  last_name: "O'Brien Nyström",
  birthday: '29.02.2000',
  phone_number: '+358 40 123 4567',
  email: `asa.nystrom@${emailDomain}`,
  address: 'Sjögatan 12 B 4',
  zipcode: '00100',
  city: 'Helsingfors',
  country: 'Finland',
  started_year: '2025',
  degree_program: 'IT',
  terms: true,
  language: 'sv',
  reference: 'CNJFBNRD',
  state: 'new',
  assignee: null,
  version: 1,
  updated_at: at,
};

/** A row of every table a backup of this schema version holds, in restore order. */
const rowOfEach: [string, Row][] = [
  ['registrations', registration],
  ['outbox', { id: 1, registration_id: 1, queued_at: at, attempts: 0, next_attempt_at: at }],
  [
    'staff_members',
    {
      id: 1,
      subject: 'sso|anna',
      name: 'Anna Admin',
      email: 'anna@example.edu',
      admin: true,
      programmes: ['IT', 'MIDS'],
      last_sign_in_at: at,
    },
  ],
  [
    'registration_notes',
    // A note's lines are its own: tabs and both kinds of line break.
    { id: 1, registration_id: 1, at, author: 'sso|anna', text: 'Ring\tupp\r\nKl. 10\nSvar' },
  ],
  [
    'registration_history',
    {
      id: 1,
      registration_id: 1,
      at,
      actor: '',
      type: 'correction',
      field: 'city',
      from_value: 'Vasa',
      to_value: 'Åbo',
    },
  ],
  [
    'api_tokens',
    {
      id: 1,
      name: 'Sisu',
      token_hash: 'a'.repeat(64),
      programmes: null,
      created_at: at,
      created_by: 'cli',
      expires_at: at,
      last_used_at: null,
      revoked_at: null,
    },
  ],
  ['registration_transfers', { id: 1, transferred_at: at, token_id: 1, external_id: 'sis-1' }],
  ['erasures', { id: 1, reference: 'ABCDEFGH', degree_program: 'IT', erased_at: at }],
  [
    'registration_moves',
    {
      id: 1,
      registration_id: 1,
      reference: 'CNJFBNRD',
      from_program: 'MIDS',
      to_program: 'IT',
      moved_at: at,
    },
  ],
  [
    'registration_withdrawals',
    { id: 2, degree_program: 'IT', assignee: 'admin', withdrawn_at: at },
  ],
  [
    'registration_duplicate_reviews',
    { id: 1, registration_id: 1, other_id: 2, resolution: 'different', actor: 'admin', at },
  ],
  [
    'registration_requests',
    {
      id: 1,
      registration_id: 1,
      requested_by: 'admin',
      requested_at: at,
      fields: ['phoneNumber'],
      message: 'Please correct your\nphone number',
      deadline: '2026-03-09',
      reminded_at: null,
      answered_at: null,
      withdrawn_at: null,
      withdrawn_by: null,
    },
  ],
  [
    'audit_log',
    { id: 1, at, command: 'export', row_count: 1, os_user: 'root', details: 'format=csv' },
  ],
];

const rowOf = (table: string) => rowOfEach.find(([name]) => name === table)![1];

const header = (version = schemaVersion) =>
  JSON.stringify({ format: 'student-registration-backup', schemaVersion: version, createdAt: at });

/** A backup of `version`: its header, then a line for each [table, row]. */
const backupOf = (lines: [string, Row][], version = schemaVersion) =>
  `${[header(version), ...lines.map(([table, row]) => JSON.stringify({ table, row }))].join('\n')}\n`;

/** Why parseBackup refuses the backup, or undefined when it takes it. */
function refusalOf(text: string, domain = emailDomain): string | undefined {
  try {
    parseBackup(text, domain);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The refusal of a backup whose one row, on line 2, has `problem`. */
const notStored = (problem: string) =>
  `Line 2 of the backup is not a row this server would have stored: ${problem}: nothing was restored.`;
const notARow = (line: number) =>
  `Line ${line} of the backup is not a row of a table: nothing was restored.`;

/** `row` with `changes`, and without the columns named in `without`. */
const changed = (row: Row, changes: Row, without: string[] = []) =>
  Object.fromEntries(
    Object.entries({ ...row, ...changes }).filter(([column]) => !without.includes(column)),
  );

describe('the framing of a backup (backupRows)', () => {
  it("takes a row of every table, each with exactly its columns, in the tables' order", () => {
    const parsed = parseBackup(backupOf(rowOfEach), emailDomain);

    expect(parsed.schemaVersion).toBe(schemaVersion);
    expect([...parsed.rows]).toEqual(rowOfEach.map(([table, row]) => [table, [row]]));
    expect([...parsed.lines]).toEqual(rowOfEach.map(([table], index) => [table, [index + 2]]));
  });

  describe('a table the backup’s schema version had', () => {
    /** [table, first version that has it] */
    const added: [string, number][] = [
      ['outbox', 3],
      ['staff_members', 8],
      ['registration_notes', 8],
      ['registration_history', 8],
      ['api_tokens', 11],
      ['registration_transfers', 11],
      ['erasures', 11],
      ['registration_moves', 21],
      ['registration_withdrawals', 24],
      ['registration_duplicate_reviews', 23],
      ['registration_requests', 26],
    ];

    it.each(added)('%s from schema version %s on', (table, version) => {
      const line: [string, Row][] = [[table, rowOf(table)]];
      expect(refusalOf(backupOf(line, version))).toBeUndefined();
      expect(refusalOf(backupOf(line, version - 1))).toBe(notARow(2));
    });

    it('registrations and the audit log from the first version a backup was written at', () => {
      const first: Row = changed(registration, {}, [
        'language',
        'state',
        'assignee',
        'version',
        'updated_at',
      ]);
      const parsed = parseBackup(
        backupOf(
          [
            ['registrations', first],
            ['audit_log', rowOf('audit_log')],
          ],
          2,
        ),
        emailDomain,
      );
      expect([...parsed.rows.keys()]).toEqual(['registrations', 'audit_log']);
      expect(parsed.rows.get('registrations')).toEqual([first]);
    });

    it('says which version lacks a table when asked of one directly', () => {
      expect(createBackupRowCheck(emailDomain, 2)('outbox', rowOf('outbox'))).toBe(
        'schema version 2 has no table outbox',
      );
      expect(createBackupRowCheck(emailDomain, 3)('outbox', rowOf('outbox'))).toBeUndefined();
    });
  });

  it("holds a registration's columns as they were at the backup's version", () => {
    const at = (version: number, without: string[]) => ({
      version,
      row: changed(registration, {}, without),
    });
    const versions = [
      at(2, ['language', 'state', 'assignee', 'version', 'updated_at']),
      at(3, ['state', 'assignee', 'version', 'updated_at']),
      at(8, ['updated_at']),
      at(10, ['updated_at']),
      at(11, []),
    ];
    for (const { version, row } of versions) {
      expect(refusalOf(backupOf([['registrations', row]], version))).toBeUndefined();
    }
    // A column a version added is one an earlier backup does not have.
    expect(refusalOf(backupOf([['registrations', registration]], 10))).toBe(
      notStored('it has a column that registrations does not have'),
    );
    expect(refusalOf(backupOf([['registrations', versions[1].row]], 2))).toBe(
      notStored('it has a column that registrations does not have'),
    );
    expect(refusalOf(backupOf([['registrations', versions[0].row]], 3))).toBe(
      notStored('the column language is missing'),
    );
    expect(refusalOf(backupOf([['registrations', versions[1].row]], 8))).toBe(
      notStored('the column state is missing'),
    );
  });

  it.each(rowOfEach)('refuses a row of %s with a column more', (table, row) => {
    expect(refusalOf(backupOf([[table, { ...row, evil: true }]]))).toBe(
      notStored(`it has a column that ${table} does not have`),
    );
  });

  it.each(rowOfEach)('refuses a row of %s without each of its columns', (table, row) => {
    for (const column of Object.keys(row)) {
      expect(refusalOf(backupOf([[table, changed(row, {}, [column])]]))).toBe(
        notStored(`the column ${column} is missing`),
      );
    }
  });

  describe('control characters', () => {
    it.each([
      ['audit_log', 'os_user', 'eve\u001b[2K\r\n2026-01-01T00:00:00.000Z  export  0  root'],
      ['audit_log', 'details', 'format=csv \u202Etxt.evil'],
      ['registrations', 'email', `asa.nystrom@${emailDomain}\r\nBcc: x@evil.example`],
      ['registrations', 'assignee', 'sso|anna\n'],
      ['registration_notes', 'author', 'sso|anna\nroot'],
      ['staff_members', 'name', 'Anna\u2028Admin'],
      ['registration_history', 'to_value', 'Åbo\u0085'],
    ])('refuses one in %s.%s', (table, column, value) => {
      expect(refusalOf(backupOf([[table, changed(rowOf(table), { [column]: value })]]))).toBe(
        notStored(`${column} holds a control character`),
      );
    });

    it("leaves a note's text to the database's rule, which keeps its line breaks", () => {
      for (const text of ['a\nb', 'a\r\nb\tc', 'a\u001bb']) {
        const note = changed(rowOf('registration_notes'), { text });
        expect(
          parseBackup(backupOf([['registration_notes', note]]), emailDomain).rows.get(
            'registration_notes',
          ),
        ).toEqual([note]);
      }
    });
  });

  describe("a registration by the form's rules", () => {
    it.each([
      ['a checkbox that is text', { terms: 'yes' }, 'a form column has a value of the wrong type'],
      ['a name that is a number', { first_name: 7 }, 'a form column has a value of the wrong type'],
      [
        'a name the form refuses',
        { first_name: '<b>Eve</b>' },
        "first_name breaks the form's rule firstName-format",
      ],
      [
        'an address at another domain',
        { email: 'anna.berg@evil.example' },
        `email breaks the form's rule email-format (EMAIL_DOMAIN is ${emailDomain})`,
      ],
      ['terms not accepted', { terms: false }, "terms breaks the form's rule terms-required"],
      [
        'two fields the form refuses: the first is named',
        { city: '', first_name: '' },
        "first_name breaks the form's rule firstName-required",
      ],
    ])('refuses %s', (_what, changes, problem) => {
      expect(refusalOf(backupOf([['registrations', changed(registration, changes)]]))).toBe(
        notStored(problem),
      );
    });

    it('judges the address at the EMAIL_DOMAIN it is given', () => {
      const text = backupOf([['registrations', registration]]);
      expect(refusalOf(text, 'example.org')).toBe(
        notStored("email breaks the form's rule email-format (EMAIL_DOMAIN is example.org)"),
      );
      const elsewhere = changed(registration, { email: 'anna.berg@example.org' });
      expect(refusalOf(backupOf([['registrations', elsewhere]]), 'example.org')).toBeUndefined();
    });

    it('takes a % in an address, as releases before schema 7 stored it', () => {
      const old = changed(registration, { email: `anna.%@${emailDomain}` });
      expect(refusalOf(backupOf([['registrations', old]]))).toBeUndefined();
    });

    it('leaves what is not a form column to the database', () => {
      // A state the console does not know is the database's rule registrations_state_check.
      const lost = changed(registration, { state: 'lost', version: 'one' });
      expect(refusalOf(backupOf([['registrations', lost]]))).toBeUndefined();
    });
  });
});

describe('the values of a backup by their column types (backupValues)', () => {
  let database: Database;
  /** The check, made in the test that uses it: what runs in a hook no test is credited with. */
  const valueCheck = (): Promise<ValueCheck> => createValueCheck(database);

  beforeAll(async () => {
    database = await openTestDatabase(makeMigratedDataDir());
  }, databaseTimeoutMs);

  afterAll(async () => {
    await database?.close();
    removeTempDirs();
  });

  it.each(rowOfEach)('takes a row of %s as a backup writes it', async (table, row) => {
    const check = await valueCheck();
    expect(check(table, row)).toBeUndefined();
  });

  it.each([
    ['audit_log', 'row_count', 1.5, 'is not a whole number'],
    ['audit_log', 'row_count', '1; DROP TABLE audit_log', 'is not a whole number'],
    ['outbox', 'attempts', 2 ** 53, 'is not a whole number'],
    ['outbox', 'attempts', true, 'is not a whole number'],
    ['registration_moves', 'id', '5', 'is not a whole number'],
    ['outbox', 'next_attempt_at', 'yesterday', 'is not a time as YYYY-MM-DDThh:mm:ss.sssZ'],
    [
      'outbox',
      'next_attempt_at',
      '2026-02-30T00:00:00.000Z',
      'is not a time as YYYY-MM-DDThh:mm:ss.sssZ',
    ],
    [
      'outbox',
      'next_attempt_at',
      '2026-13-01T00:00:00.000Z',
      'is not a time as YYYY-MM-DDThh:mm:ss.sssZ',
    ],
    [
      'outbox',
      'queued_at',
      '+010000-01-01T00:00:00.000Z',
      'is not a time as YYYY-MM-DDThh:mm:ss.sssZ',
    ],
    ['outbox', 'queued_at', '2026-03-02T10:00:00Z', 'is not a time as YYYY-MM-DDThh:mm:ss.sssZ'],
    [
      'outbox',
      'queued_at',
      '2026-03-02T10:00:00.000+00:00',
      'is not a time as YYYY-MM-DDThh:mm:ss.sssZ',
    ],
    [
      'outbox',
      'queued_at',
      ' 2026-03-02T10:00:00.000Z',
      'is not a time as YYYY-MM-DDThh:mm:ss.sssZ',
    ],
    ['outbox', 'queued_at', Date.parse(at), 'is not a time as YYYY-MM-DDThh:mm:ss.sssZ'],
    ['audit_log', 'os_user', 5, 'is not a text'],
    ['registrations', 'terms', 'true', 'is not true or false'],
    ['staff_members', 'admin', 1, 'is not true or false'],
    ['staff_members', 'programmes', 'IT', 'is not a list of texts'],
    ['staff_members', 'programmes', ['IT', 1], 'is not a list of texts'],
    ['api_tokens', 'programmes', { 0: 'IT' }, 'is not a list of texts'],
  ])('refuses %s.%s of %p', async (table, column, value, problem) => {
    const check = await valueCheck();
    expect(check(table, changed(rowOf(table), { [column]: value }))).toBe(`${column} ${problem}`);
  });

  it('names the first column whose value is wrong', async () => {
    const check = await valueCheck();
    const row = changed(rowOf('outbox'), { attempts: 'many', next_attempt_at: 'soon' });
    expect(check('outbox', row)).toBe('attempts is not a whole number');
  });

  it.each([
    ['a time', '1999-12-31T23:59:59.999Z'],
    ['a time at the start of the epoch', '1970-01-01T00:00:00.000Z'],
  ])('takes %s', async (_what, value) => {
    const check = await valueCheck();
    expect(check('outbox', changed(rowOf('outbox'), { queued_at: value }))).toBeUndefined();
  });

  it('leaves null, JSON values and columns of other types to the database', async () => {
    const check = await valueCheck();
    expect(check('audit_log', changed(rowOf('audit_log'), { row_count: null }))).toBeUndefined();
    expect(check('outbox', changed(rowOf('outbox'), { queued_at: null }))).toBeUndefined();
    expect(check('staff_members', changed(rowOf('staff_members'), { programmes: [] }))).toBe(
      undefined,
    );
    const history = rowOf('registration_history');
    expect(check('registration_history', changed(history, { to_value: { a: [1] } }))).toBe(
      undefined,
    );
    expect(check('registration_history', changed(history, { from_value: 5 }))).toBeUndefined();
    // xid8 and uuid are no backup's: the restore makes them anew.
    expect(check('erasures', { erased_xid: 'soon' })).toBeUndefined();
    expect(check('database_identity', { id: 5 })).toBeUndefined();
    // A column the table lacks is parseBackup's to refuse, before any value is checked.
    expect(check('outbox', { evil: 'x' })).toBeUndefined();
  });

  it("checks a value by its own table's column", async () => {
    const check = await valueCheck();
    // audit_log.details is text; registration_history's values are JSON.
    expect(check('audit_log', { details: 5 })).toBe('details is not a text');
    expect(check('registration_history', { to_value: 5 })).toBeUndefined();
  });
});
