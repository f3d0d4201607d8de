/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * The applicant's links and their birthday lock (server/applicant/applicantLinks.ts), through its
 * exported functions, on an embedded database at this schema version: however many tries arrive
 * together, at most `birthdayTries` are taken; a right birthday gives its try back; five wrong
 * ones lock the link for good. The HTTP bursts (guardBursts.test.ts) show the same through the
 * API; this suite is fast enough for a mutation run (every mutant of the module killed in one;
 * not yet in `npm run test:mutation`, whose time in CI it would double).
 */
import { createHash, createHmac } from 'node:crypto';
import {
  createLinkIssuer,
  findOpenLink,
  issueLink,
  issueLinks,
  linkOpens,
  returnBirthdayTry,
  takeBirthdayTry,
  tokenHash,
  tokenOf,
  tokenOfLink,
} from '../../server/applicant/applicantLinks';
import type { Database } from '../../server/db/database';
import { createRegistrationStore, readRegistrations } from '../../server/db/registrations';
import { birthdayTries } from '../../src/contract/applicantPaths';
import { validRegistration } from '../../testing/registrations';
import {
  databaseTimeoutMs,
  makeMigratedDataDir,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';

const settings = { secret: 'a server secret of the tests', days: 14 };
const dayMs = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-02T10:00:00.000Z');

let database: Database;
/** Three registrations, each of which a test may give a link. */
let registrationIds: number[];

beforeAll(async () => {
  database = await openTestDatabase(makeMigratedDataDir());
  const store = createRegistrationStore(database);
  for (let index = 0; index < 3; index++) await store.save(validRegistration(), 'sv');
  registrationIds = (await readRegistrations(database)).map(({ id }) => id).sort((a, b) => a - b);
}, databaseTimeoutMs);

afterAll(async () => {
  await database?.close();
  removeTempDirs();
});

const wrongBirthdays = async (linkId: number) =>
  (
    await database.query<{ wrong_birthdays: number }>(
      'SELECT wrong_birthdays FROM applicant_links WHERE id = $1',
      [linkId],
    )
  )[0].wrong_birthdays;

describe('tokens', () => {
  it('hashes a token as SHA-256 in hex', () => {
    expect(tokenHash('abc')).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it("derives a link's token from its nonce with a key from the secret", () => {
    const key = createHmac('sha256', 'secret').update('applicant link').digest();
    expect(tokenOf('secret', 'nonce')).toBe(
      createHmac('sha256', key).update('nonce').digest('base64url'),
    );
    expect(tokenOf('secret', 'nonce')).toHaveLength(43);
    expect(tokenOf('other secret', 'nonce')).not.toBe(tokenOf('secret', 'nonce'));
  });
});

describe('issuing links', () => {
  it('keeps the nonce and the hash of the token, never the token, for as many days as set', async () => {
    const [registrationId] = registrationIds;
    const { id, token } = await issueLink(database, registrationId, settings, now);

    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.query<Record<string, unknown>>(
      `SELECT registration_id, token_hash, nonce, created_at, expires_at, wrong_birthdays
       FROM applicant_links WHERE id = $1`,
      [id],
    );
    expect(rows).toEqual([
      {
        registration_id: registrationId,
        token_hash: tokenHash(token),
        nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        created_at: now,
        expires_at: new Date(now.getTime() + settings.days * dayMs),
        wrong_birthdays: 0,
      },
    ]);
    expect(tokenOf(settings.secret, rows[0].nonce as string)).toBe(token);
    expect(await tokenOfLink(database, settings.secret, id)).toBe(token);
  });

  it('gives each registration a link of its own in one call, in place of the one it had', async () => {
    const [first, second] = registrationIds;
    const old = await issueLink(database, first, settings, now);

    const links = await issueLinks(database, [first, second], settings, now);

    expect([...links.keys()].sort((a, b) => a - b)).toEqual([first, second]);
    const [mine, theirs] = [links.get(first)!, links.get(second)!];
    expect(mine.token).not.toBe(theirs.token);
    expect(mine.token).not.toBe(old.token);
    expect(await tokenOfLink(database, settings.secret, mine.id)).toBe(mine.token);
    expect(await tokenOfLink(database, settings.secret, theirs.id)).toBe(theirs.token);
    // The old link is gone: its token opens nothing, and its email finds no token.
    expect(await tokenOfLink(database, settings.secret, old.id)).toBeUndefined();
    expect(await findOpenLink(database, old.token, now)).toBeUndefined();
    const [{ count }] = await database.query<{ count: number }>(
      'SELECT count(*)::integer AS count FROM applicant_links WHERE registration_id = $1',
      [first],
    );
    expect(count).toBe(1);
  });
});

describe('findOpenLink', () => {
  it('finds the link its token opens until it expires, and no other', async () => {
    const { id, token } = await issueLink(database, registrationIds[0], settings, now);
    const expiresAt = now.getTime() + settings.days * dayMs;

    expect(await findOpenLink(database, token, now)).toEqual({ id });
    expect(await findOpenLink(database, token, new Date(expiresAt - 1))).toEqual({ id });
    expect(await findOpenLink(database, token, new Date(expiresAt))).toBeUndefined();
    expect(await findOpenLink(database, `${token.slice(0, -1)}x`, now)).toBeUndefined();
    expect(await findOpenLink(database, tokenHash(token), now)).toBeUndefined();
  });

  it('writes the condition of a link that opens', () => {
    expect(linkOpens('l', '$2')).toBe(`l.expires_at > $2 AND l.wrong_birthdays < ${birthdayTries}`);
  });
});

describe('the birthday lock', () => {
  it('grants exactly five of fifty tries taken at once', async () => {
    const { id } = await issueLink(database, registrationIds[0], settings, now);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => takeBirthdayTry(database, id)),
    );

    const granted = answers.filter((left) => left !== undefined);
    expect(granted.sort((a, b) => b! - a!)).toEqual([4, 3, 2, 1, 0]);
    expect(answers.filter((left) => left === undefined)).toHaveLength(45);
    expect(await wrongBirthdays(id)).toBe(birthdayTries);
  });

  it('counts the tries left down one by one, and a returned try is taken again', async () => {
    const { id, token } = await issueLink(database, registrationIds[0], settings, now);

    expect(await takeBirthdayTry(database, id)).toBe(4);
    expect(await takeBirthdayTry(database, id)).toBe(3);
    await returnBirthdayTry(database, id);
    expect(await wrongBirthdays(id)).toBe(1);
    expect(await takeBirthdayTry(database, id)).toBe(3);
    expect(await findOpenLink(database, token, now)).toEqual({ id });
  });

  it('gives back no try that was not taken', async () => {
    const { id } = await issueLink(database, registrationIds[0], settings, now);

    await returnBirthdayTry(database, id);

    expect(await wrongBirthdays(id)).toBe(0);
    expect(await takeBirthdayTry(database, id)).toBe(birthdayTries - 1);
  });

  it('stays locked after five wrong birthdays: no try is left and the link no longer opens', async () => {
    const { id, token } = await issueLink(database, registrationIds[0], settings, now);
    const other = await issueLink(database, registrationIds[1], settings, now);

    for (let wrong = 1; wrong <= birthdayTries; wrong++) {
      expect(await findOpenLink(database, token, now)).toEqual({ id });
      expect(await takeBirthdayTry(database, id)).toBe(birthdayTries - wrong);
    }

    expect(await takeBirthdayTry(database, id)).toBeUndefined();
    expect(await takeBirthdayTry(database, id)).toBeUndefined();
    expect(await wrongBirthdays(id)).toBe(birthdayTries);
    expect(await findOpenLink(database, token, now)).toBeUndefined();
    // Another link's tries are its own.
    expect(await wrongBirthdays(other.id)).toBe(0);
    expect(await takeBirthdayTry(database, other.id)).toBe(birthdayTries - 1);
    expect(await findOpenLink(database, other.token, now)).toEqual({ id: other.id });
  });

  it('takes no try of a link that does not exist', async () => {
    expect(await takeBirthdayTry(database, 999_999)).toBeUndefined();
  });
});

describe('createLinkIssuer', () => {
  it('gives the links as the emails carry them, kept for a later reason, and none once replaced', async () => {
    const issuer = createLinkIssuer(
      database,
      new URL('https://registration.example.edu/base/'),
      settings,
      () => now,
    );
    const [registrationId] = registrationIds;

    const links = await issuer.carry([{ registrationId, since: now }]);

    const link = links.get(registrationId)!;
    expect([...links.keys()]).toEqual([registrationId]);
    expect(link.days).toBe(settings.days);
    const token = /^https:\/\/registration\.example\.edu\/my\/([A-Za-z0-9_-]{43})$/.exec(
      link.url,
    )?.[1];
    expect(token).toBeDefined();
    const open = await findOpenLink(database, token!, now);
    expect(open).toBeDefined();
    expect(await issuer.find(open!.id)).toEqual(link);
    const [{ created_at }] = await database.query<{ created_at: Date }>(
      'SELECT created_at FROM applicant_links WHERE id = $1',
      [open!.id],
    );
    expect(created_at).toEqual(now);

    // An email whose reason came no later than the link carries it too.
    expect((await issuer.carry([{ registrationId, since: now }])).get(registrationId)).toEqual(
      link,
    );
    await issuer.carry([{ registrationId, since: new Date(now.getTime() + 1) }]);
    expect(await issuer.find(open!.id)).toBeUndefined();
  });
});
