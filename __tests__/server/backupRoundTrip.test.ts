/** @jest-environment node */
/**
 * What the server writes, a restore takes back: it refuses a whole backup for one row it would not
 * have made, so a row written too long, or one an earlier release accepted, would make the backup
 * useless. The audit log's rows as long as the console can make them (a provider's long subject
 * and email, an erase reason that grows when quoted); an address with % from before schema 7.
 */
import { auditActor } from '../../server/console/signIn';
import { readAuditLog, recordAudit } from '../../server/operations/auditLog';
import { createBackup, parseBackup, restoreBackup } from '../../server/operations/backup';
import { eraseApplicant } from '../../server/operations/operations';
import { createRegistrationStore, readRegistrations } from '../../server/db/registrations';
import { createApiToken } from '../../server/integration/apiTokens';
import { emailDomain, validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeTempDir,
  openTestDatabase,
  removeTempDirs,
  makeMigratedDataDir,
} from './support/fixtures';

jest.setTimeout(2 * databaseTimeoutMs);

afterAll(removeTempDirs);

it('backs up and restores audit rows written with the longest values the console takes', async () => {
  const database = await openTestDatabase(makeMigratedDataDir());
  const store = createRegistrationStore(database);
  await store.save(validRegistration(), 'sv');
  const [{ reference }] = await readRegistrations(database);
  // A provider may send any subject and email, and be configured at any address; the erase API takes a reason of 500 characters,
  // each of which JSON may write as six (\u0001) or two (\").
  const person = {
    subject: 's'.repeat(2000),
    issuer: `https://${'i'.repeat(2000)}.example.edu/`,
    email: `${'e'.repeat(2000)}@${emailDomain}`,
    emailVerified: true,
  };
  const reason = '\u0001"'.repeat(250);

  await recordAudit(database, {
    command: 'sign-in',
    rowCount: 0,
    actor: auditActor(person),
    details: 'access=admin',
  });
  const context = {
    database,
    retentionDays: 0,
    timeZone: 'UTC',
    secret: 'x'.repeat(32),
    mailDir: makeTempDir('server-test-mail-'),
  };
  expect(await eraseApplicant(context, { reference }, auditActor(person), { reason })).toBe(1);
  const { text } = await createBackup(database);
  const written = await readAuditLog(database);
  await database.close();

  const fresh = await openTestDatabase(makeMigratedDataDir());
  await restoreBackup(fresh, parseBackup(text, emailDomain));
  const restored = await readAuditLog(fresh);
  await fresh.close();

  expect(restored).toEqual(written);
  const erase = written.find((record) => record.command === 'erase')!;
  // Cut where it had to be, and still one quoted string that says so.
  expect(erase.details).toMatch(/ reason="(\\u0001|\\")+…"$/);
  expect(erase.actor.startsWith('eee')).toBe(true);
});

it('restores an address with % that a release before schema 7 stored', async () => {
  const database = await openTestDatabase(makeMigratedDataDir());
  const values = validRegistration();
  await createRegistrationStore(database).save(values, 'sv');
  const percentAddress = `someone%elsewhere@${emailDomain}`;
  await database.query('UPDATE registrations SET email = $1', [percentAddress]);
  const { text } = await createBackup(database);
  await database.close();

  const fresh = await openTestDatabase(makeMigratedDataDir());
  await restoreBackup(fresh, parseBackup(text, emailDomain));
  const restored = await readRegistrations(fresh);
  await fresh.close();

  expect(restored.map((registration) => registration.email)).toEqual([percentAddress]);
});

it("restores the integration's tokens (made by a provider's longest subject), transfers and erasures", async () => {
  const database = await openTestDatabase(makeMigratedDataDir());
  const store = createRegistrationStore(database);
  await store.save(validRegistration(), 'sv');
  await store.save({ ...validRegistration(), firstName: 'Other' }, 'en');
  const [kept, erased] = await readRegistrations(database);
  const admin = {
    subject: 's'.repeat(2000),
    issuer: 'https://sso.example.edu/',
    email: `${'e'.repeat(2000)}@${emailDomain}`,
    emailVerified: true,
  };
  const token = await createApiToken(
    database,
    { name: 'n'.repeat(100), programmes: ['MIDS', 'IT'], expiresAt: '2099-01-01T00:00:00.000Z' },
    auditActor(admin),
  );
  await database.query(
    "INSERT INTO registration_transfers (id, token_id, external_id) VALUES ($1, $2, 'P-1')",
    [kept.id, token.id],
  );
  await database.query('DELETE FROM registrations WHERE id = $1', [erased.id]);
  const tables = ['api_tokens', 'registration_transfers', 'erasures', 'registrations'];
  // The transaction ids are the restoring database's own.
  const rowsOf = (db: typeof database) =>
    Promise.all(
      tables.map((table) =>
        db.query(
          `SELECT to_jsonb(t) - 'change_xid' - 'erased_xid' AS row FROM ${table} t ORDER BY id`,
        ),
      ),
    );
  const written = await rowsOf(database);
  const { text } = await createBackup(database);
  await database.close();

  const fresh = await openTestDatabase(makeMigratedDataDir());
  await restoreBackup(fresh, parseBackup(text, emailDomain));
  const restored = await rowsOf(fresh);
  await fresh.close();

  expect(restored).toEqual(written);
  expect(written.map((rows) => rows.length)).toEqual([1, 1, 1, 1]);
});
