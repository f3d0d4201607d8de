/** @jest-environment node */
/**
 * Possible duplicates are paired after the submission (migration 28): the server pairs what was
 * stored a batch a second, with nobody reading. Through the form's GraphQL endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { emailDomain, validValues } from '../../testing/registrations';
import { waitFor } from '../../testing/waitFor';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testAppOptions({ database }));
}, databaseTimeoutMs);

afterAll(async () => {
  await app?.close();
  await database?.close();
  removeTempDirs();
});

it('pairs two registrations of one person within seconds of their submission', async () => {
  const person = { ...validValues, birthday: '17.03.1999' };
  for (const [firstName, lastName, email] of [
    ['Karl-Johan', 'Mattsson', `kj@${emailDomain}`],
    ['Karl Johan', 'Matsson', `karl.johan@${emailDomain}`],
  ]) {
    const body = buildCreateOnboardingFormBody({ ...person, firstName, lastName, email });
    expect((await postGraphql(app, await getXsrfToken(app), body)).statusCode).toBe(200);
  }
  const pairs = await waitFor(async () => {
    const rows = await database.query<{ one: string; other: string }>(
      `SELECT one.email AS one, other.email AS other FROM registration_duplicates
         JOIN registrations AS one ON one.id = registration_id
         JOIN registrations AS other ON other.id = other_id ORDER BY 1`,
    );
    return rows.length > 0 ? rows : undefined;
  }, 10_000);
  expect(pairs).toEqual([
    { one: `karl.johan@${emailDomain}`, other: `kj@${emailDomain}` },
    { one: `kj@${emailDomain}`, other: `karl.johan@${emailDomain}` },
  ]);
});
