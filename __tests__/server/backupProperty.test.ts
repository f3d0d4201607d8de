/** @jest-environment node */
/**
 * Whatever the product's writers store, its backup restores: generated sequences of every actor's
 * writes (the form, the applicant's corrections and withdrawal, staff sign-ins with boundary
 * claims, states, assignees, moves to another programme, notes, bulk changes and erasures, tokens
 * and transfers, possible duplicates resolved and marked again), then a backup, a restore into an empty database, and the same rows back.
 * BACKUP_PROPERTY_RUNS sets how many sequences (CI runs more than `npm test`).
 */
import fc from 'fast-check';
import { applicantAuditActor } from '../../server/applicant/applicantRoutes';
import { auditActor } from '../../server/console/signIn';
import { bulkChange } from '../../server/console/bulkChanges';
import { resolveDuplicate } from '../../server/console/duplicateReviews';
import { addNote, applicantActor } from '../../server/console/history';
import { changeRegistration } from '../../server/console/registrationChanges';
import { recordStaffMember } from '../../server/console/staffMembers';
import type { Database } from '../../server/db/database';
import { pairAllDue } from '../../server/db/duplicatePairing';
import { createRegistrationStore, readRegistrations } from '../../server/db/registrations';
import { createApiToken } from '../../server/integration/apiTokens';
import { markTransferred } from '../../server/integration/registrationFeed';
import { recordAudit } from '../../server/operations/auditLog';
import { createBackup, parseBackup, restoreBackup } from '../../server/operations/backup';
import { eraseApplicant } from '../../server/operations/operations';
import { degreePrograms } from '../../src/contract/fields';
import { duplicateResolutions, processingStates } from '../../src/contract/processing';
import { createRegistrationSchema } from '../../src/contract/registrationSchema';
import { emailDomain, inLetters, validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeMigratedDataDir,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

const runs = Number(process.env.BACKUP_PROPERTY_RUNS ?? 4);
jest.setTimeout(runs * 2 * databaseTimeoutMs);
afterAll(removeTempDirs);

const schema = createRegistrationSchema(emailDomain);
const everyProgramme = [...degreePrograms];

/** Printable ASCII, as OpenID Connect's subjects are, 1 to 255 of them. */
const subject = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  minLength: 1,
  maxLength: 255,
});
/** Any text without control characters: names, emails and token names as providers send them. */
const printable = (minLength: number, maxLength: number) =>
  fc
    .string({ unit: 'grapheme', minLength, maxLength })
    .filter(
      (text) =>
        !/[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(text) &&
        text.trim() !== '',
    );
/** A note: its own lines and tabs, up to 2,000 characters. */
const noteText = fc
  .array(printable(1, 200), { minLength: 1, maxLength: 10 })
  .map((lines) => lines.join('\n\t').slice(0, 2000));
/** Which registration or staff member, by its place among those there are. */
const pick = fc.nat();
const city = fc.constantFrom('Åbo', 'Vasa', 'Jyväskylä', "Sant'Anna", 'Ii', 'A'.repeat(30));

const write = fc.oneof(
  fc.record({ kind: fc.constant('submit' as const), language: fc.constantFrom('sv', 'en') }),
  fc.record({
    kind: fc.constant('sign-in' as const),
    subject,
    name: printable(0, 320),
    email: printable(0, 320),
    admin: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('correct' as const), which: pick, city }),
  fc.record({
    kind: fc.constant('move' as const),
    which: pick,
    by: pick,
    programme: fc.constantFrom(...degreePrograms),
  }),
  fc.record({
    kind: fc.constant('state' as const),
    which: pick,
    by: pick,
    state: fc.constantFrom(...processingStates),
  }),
  fc.record({ kind: fc.constant('assign' as const), which: pick, by: pick, to: fc.option(pick) }),
  fc.record({ kind: fc.constant('note' as const), which: pick, by: pick, text: noteText }),
  fc.record({
    kind: fc.constant('bulk' as const),
    by: pick,
    state: fc.constantFrom(...processingStates),
  }),
  fc.record({ kind: fc.constant('erase' as const), which: pick }),
  // Another registration with a registration's email: a possible duplicate of it.
  fc.record({ kind: fc.constant('submit-again' as const), which: pick }),
  fc.record({
    kind: fc.constant('resolve' as const),
    which: pick,
    by: pick,
    resolution: fc.option(fc.constantFrom(...duplicateResolutions)),
  }),
  fc.record({ kind: fc.constant('token' as const), name: printable(1, 100) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    which: pick,
    externalId: fc.option(
      fc.string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
        minLength: 1,
        maxLength: 100,
      }),
    ),
  }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

/** Does one write as its actor's code path does it. */
async function perform(database: Database, write: Write, serial: number) {
  const registrations = await readRegistrations(database);
  const staff = await database.query<{ subject: string }>(
    'SELECT subject FROM staff_members ORDER BY id',
  );
  const registration =
    'which' in write ? registrations[write.which % Math.max(registrations.length, 1)] : undefined;
  const person =
    'by' in write && staff.length > 0 ? staff[write.by % staff.length].subject : undefined;
  const staffChange = async (change: Parameters<typeof changeRegistration>[2]['change']) => {
    if (!registration || !person) return;
    await changeRegistration(database, schema, {
      id: registration.id,
      version: registration.version,
      change,
      person: { subject: person, admin: true, programmes: everyProgramme },
    });
  };
  switch (write.kind) {
    case 'submit':
      // Told apart by name: an identical resubmission is stored once.
      await createRegistrationStore(database).save(
        validRegistration({ lastName: `Berg ${inLetters(serial)}` }),
        write.language,
      );
      return;
    case 'submit-again':
      if (!registration) return;
      await createRegistrationStore(database).save(
        validRegistration({ lastName: `Berg ${inLetters(serial)}`, email: registration.email }),
        'sv',
      );
      return;
    case 'resolve': {
      await pairAllDue(database);
      const [pair] = await database.query<{ other_id: number }>(
        'SELECT other_id FROM registration_duplicates WHERE registration_id = $1 LIMIT 1',
        [registration?.id ?? 0],
      );
      if (registration && person && pair)
        await resolveDuplicate(database, {
          id: registration.id,
          otherId: pair.other_id,
          programmes: everyProgramme,
          actor: person,
          resolution: write.resolution,
        });
      return;
    }
    case 'sign-in': {
      const member = {
        subject: write.subject,
        name: write.name,
        email: write.email,
        emailVerified: true,
        groups: [],
      };
      await recordStaffMember(
        database,
        { ...member, admin: write.admin, programmes: write.admin ? everyProgramme : ['MIDS'] },
        new Date(),
      );
      await recordAudit(database, {
        command: 'sign-in',
        rowCount: 0,
        actor: auditActor({ ...member, issuer: 'https://sso.example.edu/' }),
      });
      return;
    }
    case 'correct':
      if (!registration) return;
      await changeRegistration(database, schema, {
        id: registration.id,
        version: registration.version,
        change: { fields: { city: write.city } },
        person: { subject: applicantActor, admin: false, programmes: everyProgramme },
      });
      return;
    case 'move':
      return staffChange({ fields: { degreeProgram: write.programme } });
    case 'state':
      return staffChange({ state: write.state });
    case 'assign':
      return staffChange({
        assignee: write.to === null ? null : (staff[write.to % staff.length]?.subject ?? null),
      });
    case 'note':
      if (registration && person)
        await addNote(database, {
          id: registration.id,
          programmes: everyProgramme,
          author: person,
          text: write.text,
        });
      return;
    case 'bulk':
      if (person)
        await bulkChange(database, {
          search: { visibleProgrammes: everyProgramme },
          set: { state: write.state },
          actor: person,
        });
      return;
    case 'erase':
      if (!registration) return;
      await eraseApplicant(
        {
          database,
          retentionDays: 0,
          timeZone: 'UTC',
          secret: 'x'.repeat(32),
          mailDir: makeTempDir('server-test-mail-'),
        },
        { reference: registration.reference },
        applicantAuditActor,
        { command: 'withdraw' },
      );
      return;
    case 'token':
      await createApiToken(
        database,
        { name: write.name, programmes: 'all', expiresAt: '2099-01-01T00:00:00.000Z' },
        'root',
      );
      return;
    case 'transfer': {
      const [token] = await database.query<{ id: number; name: string }>(
        'SELECT id, name FROM api_tokens ORDER BY id LIMIT 1',
      );
      if (registration && token)
        await markTransferred(
          database,
          { ...token, programmes: null },
          registration.id,
          write.externalId ?? undefined,
        );
      return;
    }
  }
}

const firstRegistrations: Write[] = [
  { kind: 'submit', language: 'sv' },
  { kind: 'submit', language: 'en' },
];

/** A backup's rows, without its header (which names when it was made). */
const rowsOf = async (database: Database) =>
  (await createBackup(database)).text.split('\n').slice(1);

/**
 * Empties every table that holds what writers store, as a fresh data directory has them (which
 * takes seconds to open): the migrations' own record and the database's identity stay.
 */
async function emptyDatabase(database: Database) {
  const tables = await database.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'
       AND tablename NOT IN ('schema_migrations', 'database_identity')`,
  );
  await database.query(
    `TRUNCATE ${tables.map(({ name }) => name).join(', ')} RESTART IDENTITY CASCADE`,
  );
}

/**
 * How many rows each table holds, but those a backup leaves out on purpose: counters of the
 * confirmations sent, which a restore starts afresh.
 */
async function rowCounts(database: Database) {
  const tables = await database.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'
       AND tablename NOT IN ('schema_migrations', 'database_identity', 'confirmations_queued')
     ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [{ count }] = await database.query<{ count: number }>(
      `SELECT count(*)::integer AS count FROM ${name}`,
    );
    counts[name] = count;
  }
  return counts;
}

let database: Database;
let fresh: Database;
beforeAll(async () => {
  database = await openTestDatabase(makeMigratedDataDir());
  fresh = await openTestDatabase(makeMigratedDataDir());
});
afterAll(async () => {
  await database?.close();
  await fresh?.close();
});

it('restores every row that any sequence of writes stored', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(write, { minLength: 5, maxLength: 30 }), async (generated) => {
      await emptyDatabase(database);
      await emptyDatabase(fresh);
      // Registrations first, so that the writes after them have something to change.
      const writes: Write[] = [...firstRegistrations, ...generated];
      for (const [serial, each] of writes.entries()) await perform(database, each, serial);
      // As the server pairs them after the submissions (a restore pairs anew).
      await pairAllDue(database);
      const { text } = await createBackup(database);
      await restoreBackup(fresh, parseBackup(text, emailDomain));
      expect(await rowsOf(fresh)).toEqual(text.split('\n').slice(1));
      // A table the backup leaves out would be missing from both backups alike.
      expect(await rowCounts(fresh)).toEqual(await rowCounts(database));
    }),
    { numRuns: runs },
  );
});
