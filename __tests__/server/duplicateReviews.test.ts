/** @jest-environment node */
/**
 * Possible duplicates through the staff API: paired by a similar name and the birthday, or the
 * phone (migration 23), named by reference, programme and received time, and resolved by the
 * staff (not the same person, handled) or marked again; both ways, in the timeline and the audit
 * log, and only by a person who may see both halves. Signed in through a real OpenID provider.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import type {
  PageOfAuditRecords,
  PageOfRegistrations,
  RegistrationDetails,
} from '../../src/contract/consoleApiSchemas';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { emailDomain, validValues } from '../../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const publicUrl = 'http://localhost';
let provider: LocalProvider;
let database: Database;
let app: FastifyInstance;
let admin: string;
let coordinator: string;
const cai = { subject: 'coordinator', name: 'Cai Coordinator' };

/** Each applicant by a key of the test's own; MIDS is the coordinator's programme, IT is not. */
const applicants: Record<string, Partial<RegistrationValues>> = {
  // The case: a hyphen dropped and a letter single, another email and phone.
  karlJohan: {
    firstName: 'Karl-Johan',
    lastName: 'Mattsson',
    birthday: '17.03.1999',
    phoneNumber: '+358 40 111 2222',
  },
  karlJohanAgain: {
    firstName: 'Karl Johan',
    lastName: 'Matsson',
    birthday: '17.03.1999',
    phoneNumber: '050 333 4444',
  },
  // The same names, born a year later: another person.
  karlJohanYounger: {
    firstName: 'Karl Johan',
    lastName: 'Matsson',
    birthday: '17.03.2000',
    phoneNumber: '050 555 6666',
  },
  // Another name and birthday, the same phone written another way, in a programme the
  // coordinator cannot see.
  lina: { firstName: 'Lina', lastName: 'Berg', phoneNumber: '+358 44 777 8888' },
  mats: {
    firstName: 'Mats',
    lastName: 'Ek',
    birthday: '01.02.1990',
    phoneNumber: '044 777 8888',
    degreeProgram: 'IT',
  },
};
const ids: Record<string, number> = {};
const references: Record<string, string> = {};

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
  database = await openTestDatabase();
  // Without the pairing a second (deferWork): the staff API pairs what was stored as it reads.
  app = await buildApp({
    ...testAppOptions({ database, staffConsole: readStaffConsoleSettings(provider.settings) }),
    deferWork: true,
  });
  for (const [key, values] of Object.entries(applicants)) {
    const email = `${key.toLowerCase()}@${emailDomain}`;
    const body = buildCreateOnboardingFormBody({
      ...validValues,
      degreeProgram: 'MIDS',
      ...values,
      email,
    });
    expect((await postGraphql(app, await getXsrfToken(app), body)).statusCode).toBe(200);
    [{ id: ids[key], reference: references[key] }] = await database.query<{
      id: number;
      reference: string;
    }>('SELECT id, reference FROM registrations WHERE email = $1', [email]);
  }
  admin = await signIn(app, 'admin');
  coordinator = await signIn(app, 'coordinator');
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await provider?.stop();
  await app?.close();
  await database?.close();
  removeTempDirs();
});

/** A request as the console sends it: the session, the XSRF cookie and header, JSON. */
async function send(method: 'GET' | 'PUT', url: string, cookie: string, body?: unknown) {
  const token = await getXsrfToken(app, cookie);
  return app.inject({
    method,
    url: `/staff/api${url}`,
    headers: {
      cookie: `${cookie}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

const details = async (key: string, cookie = admin) =>
  (await send('GET', `/registrations/${ids[key]}`, cookie)).json<RegistrationDetails>();

/** The keys of the registrations "only possible duplicates" lists. */
async function markedKeys(cookie = admin) {
  const { items } = (
    await send('GET', '/registrations?duplicates=true', cookie)
  ).json<PageOfRegistrations>();
  return items.map((item) => Object.keys(ids).find((key) => ids[key] === item.id)!).sort();
}

/** Corrects the registration's fields on the version the admin last read. */
async function correct(key: string, fields: Partial<RegistrationValues>) {
  const { version } = await details(key);
  const token = await getXsrfToken(app, admin);
  return app.inject({
    method: 'PATCH',
    url: `/staff/api/registrations/${ids[key]}`,
    headers: {
      cookie: `${admin}; ${xsrfCookieName}=${token}`,
      [xsrfHeaderName]: token,
      'content-type': 'application/json',
      'if-match': `"${version}"`,
    },
    payload: JSON.stringify({ fields }),
  });
}

const resolve = (key: string, otherKey: string, resolution: unknown, cookie = admin) =>
  send('PUT', `/registrations/${ids[key]}/duplicates/${ids[otherKey]}`, cookie, { resolution });

const accessDenied = async () =>
  Number(
    /^registrations_refused_total\{reason="staff-access-denied"\} (\d+)$/m.exec(
      await app.metrics.registry.metrics(),
    )?.[1] ?? 0,
  );

describe('pairing', () => {
  it('pairs a similar name with the same birthday, and the same phone in another form', async () => {
    expect(await markedKeys()).toEqual(['karlJohan', 'karlJohanAgain', 'lina', 'mats']);
    expect((await details('karlJohan')).duplicateOf).toEqual([ids.karlJohanAgain]);
    expect((await details('lina')).duplicateOf).toEqual([ids.mats]);
  });

  it('leaves the same name with another birthday unpaired', async () => {
    expect((await details('karlJohanYounger')).duplicateOf).toEqual([]);
  });

  it('pairs anew when the phone is corrected', async () => {
    expect((await correct('mats', { phoneNumber: '044 777 9999' })).statusCode).toBe(200);
    expect(await markedKeys()).toEqual(['karlJohan', 'karlJohanAgain']);
    expect((await correct('mats', { phoneNumber: '+358 44 777 8888' })).statusCode).toBe(200);
    expect(await markedKeys()).toEqual(['karlJohan', 'karlJohanAgain', 'lina', 'mats']);
  });

  it('names each possible duplicate by reference, programme and received time', async () => {
    const { createdAt } = await details('karlJohanAgain');
    expect((await details('karlJohan')).duplicates).toEqual([
      {
        id: ids.karlJohanAgain,
        reference: references.karlJohanAgain,
        degreeProgram: 'MIDS',
        createdAt,
        resolution: null,
      },
    ]);
  });
});

describe('resolving', () => {
  it('resolves a pair as not the same person, both ways, in the timeline and the audit log', async () => {
    const answered = await resolve('karlJohan', 'karlJohanAgain', 'different', coordinator);
    expect(answered.statusCode).toBe(200);
    expect(answered.json<RegistrationDetails>()).toMatchObject({
      duplicateOf: [],
      duplicates: [
        {
          id: ids.karlJohanAgain,
          resolution: { type: 'different', by: cai, at: expect.any(String) },
        },
      ],
    });
    // Neither half is marked, nor listed by the filter.
    expect((await details('karlJohanAgain')).duplicateOf).toEqual([]);
    expect(await markedKeys()).toEqual(['lina', 'mats']);
    expect(await markedKeys(coordinator)).toEqual([]);

    for (const [key, otherKey] of [
      ['karlJohan', 'karlJohanAgain'],
      ['karlJohanAgain', 'karlJohan'],
    ]) {
      expect((await details(key)).history.filter((entry) => entry.type === 'duplicate')).toEqual([
        {
          at: expect.any(String),
          actor: cai,
          type: 'duplicate',
          otherId: ids[otherKey],
          resolution: 'different',
        },
      ]);
    }
    const { items } = (await send('GET', '/audit-log', admin)).json<PageOfAuditRecords>();
    expect(items.filter((item) => item.command === 'duplicate')).toMatchObject([
      {
        command: 'duplicate',
        rowCount: 1,
        details: `id=${ids.karlJohan} reference=${references.karlJohan} other=${ids.karlJohanAgain} resolution=different`,
      },
    ]);
  });

  it('records nothing when the pair is already so', async () => {
    expect((await resolve('karlJohanAgain', 'karlJohan', 'different')).statusCode).toBe(200);
    const reviews = (await details('karlJohan')).history.filter(
      (entry) => entry.type === 'duplicate',
    );
    expect(reviews).toHaveLength(1);
  });

  it('marks it again, and resolves it as handled', async () => {
    const reopened = (
      await resolve('karlJohanAgain', 'karlJohan', null)
    ).json<RegistrationDetails>();
    expect(reopened.duplicateOf).toEqual([ids.karlJohan]);
    expect(reopened.duplicates[0].resolution).toBeNull();
    expect(await markedKeys()).toEqual(['karlJohan', 'karlJohanAgain', 'lina', 'mats']);

    const handled = (
      await resolve('karlJohan', 'karlJohanAgain', 'handled')
    ).json<RegistrationDetails>();
    expect(handled.duplicates[0].resolution).toMatchObject({ type: 'handled' });
    expect(
      (await details('karlJohan')).history
        .filter((entry) => entry.type === 'duplicate')
        .map((entry) => entry.type === 'duplicate' && [entry.actor?.subject, entry.resolution]),
    ).toEqual([
      ['coordinator', 'different'],
      ['admin', 'open'],
      ['admin', 'handled'],
    ]);
  });

  it('resolves only a pair whose both halves the person may see', async () => {
    const before = await accessDenied();
    // Mats is IT's: the coordinator sees Lina, and no pair.
    expect((await details('lina', coordinator)).duplicates).toEqual([]);
    expect((await resolve('lina', 'mats', 'different', coordinator)).statusCode).toBe(404);
    expect(await accessDenied()).toBe(before + 1);
    expect(await markedKeys()).toEqual(['lina', 'mats']);
    // No pair at all.
    expect((await resolve('lina', 'karlJohan', 'handled')).statusCode).toBe(404);
    expect((await resolve('lina', 'mats', 'maybe')).statusCode).toBe(400);
    expect((await resolve('lina', 'mats', 'different')).statusCode).toBe(200);
    expect(await markedKeys()).toEqual([]);
    // The admin's word names Mats: Lina's timeline shows it to those who may see him alone.
    const reviewsOf = async (cookie: string) =>
      (await details('lina', cookie)).history.filter((entry) => entry.type === 'duplicate');
    expect(await reviewsOf(admin)).toHaveLength(1);
    expect(await reviewsOf(coordinator)).toEqual([]);
  });
});
