/** @jest-environment node */
/**
 * The applicant's own Art. 15 download through HTTP (issue 43), after the office has worked on the
 * registration: a note, a change of state, an assignment, a transfer through the integration API
 * and a possible duplicate. It holds what is the applicant's (their fields, the note's text, the
 * history by "you" and "the admissions office") and nothing of the office's own: no staff member's
 * subject or name, no token's name, no other registration's id or reference. The staff's download
 * of the same registration keeps them.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { issueLink } from '../../server/applicant/applicantLinks';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { RegistrationValues } from '../../src/contract/fields';
import { applicantDataActors, type ApplicantData } from '../../src/contract/applicantApiSchemas';
import type { RegistrationDetails } from '../../src/contract/consoleApiSchemas';
import { applicantSessionCookieName } from '../../src/contract/applicantPaths';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { emailDomain, validValues } from '../../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { databaseTimeoutMs, openTestDatabase, removeTempDirs } from './support/fixtures';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const publicUrl = 'http://localhost';
const dayMs = 24 * 60 * 60 * 1000;
const noteText = 'Asked by phone for a copy of the upper secondary school certificate.';
const tokenName = 'Sisu-Integration-Zeta';
const externalId = 'SIS-4711';
/** The local provider's admin: subject `admin`, named Alma Admin. */
const staff = { subject: 'admin', name: 'Alma Admin' };

let provider: LocalProvider;
let database: Database;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  provider = await startLocalProvider(publicUrl);
  database = await openTestDatabase();
  app = await buildApp(
    testAppOptions({
      database,
      publicUrl: new URL(publicUrl),
      staffConsole: readStaffConsoleSettings(provider.settings),
    }),
  );
  admin = await signIn(app, 'admin');
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await app?.close();
  await provider?.stop();
  await database?.close();
  removeTempDirs();
});

async function register(values: Partial<RegistrationValues>): Promise<number> {
  const xsrf = await getXsrfToken(app);
  const body = buildCreateOnboardingFormBody({ ...validValues, ...values });
  expect((await postGraphql(app, xsrf, body)).statusCode).toBe(200);
  const [{ id }] = await database.query<{ id: number }>(
    'SELECT id FROM registrations WHERE email = $1',
    [values.email],
  );
  return id;
}

/** A request as the console sends it: the session, the XSRF cookie and header, JSON. */
async function asStaff(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const xsrf = await getXsrfToken(app, admin);
  return app.inject({
    method,
    url,
    headers: {
      cookie: `${admin}; ${xsrfCookieName}=${xsrf}`,
      [xsrfHeaderName]: xsrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A request as the /my page sends it. */
async function asApplicant(
  method: 'GET' | 'POST',
  url: string,
  session?: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  const xsrf = await getXsrfToken(app);
  return app.inject({
    method,
    url: `/my/api${url}`,
    headers: {
      [xsrfHeaderName]: xsrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    cookies: {
      [xsrfCookieName]: xsrf,
      ...(session === undefined ? {} : { [applicantSessionCookieName]: session }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Every number anywhere in a JSON value. */
const numbersIn = (value: unknown): number[] =>
  typeof value === 'number'
    ? [value]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(numbersIn)
      : [];

describe("the applicant's download after the office has worked on it", () => {
  let id: number;
  let otherId: number;
  let otherReference: string;
  let staffDownload: RegistrationDetails;
  let applicantText: string;

  beforeAll(async () => {
    id = await register({ firstName: 'Linnea', email: `linnea@${emailDomain}` });
    // The same applicant by name and birthday: a possible duplicate.
    otherId = await register({ firstName: 'Linnea', email: `linnea.again@${emailDomain}` });
    [{ reference: otherReference }] = await database.query<{ reference: string }>(
      'SELECT reference FROM registrations WHERE id = $1',
      [otherId],
    );

    // A note, a state, an assignment.
    expect(
      (await asStaff('POST', `/staff/api/registrations/${id}/notes`, { text: noteText }))
        .statusCode,
    ).toBe(201);
    const changed = await asStaff(
      'PATCH',
      `/staff/api/registrations/${id}`,
      { state: 'in-progress', assignee: staff.subject },
      { 'if-match': '"1"' },
    );
    expect(changed.statusCode).toBe(200);

    // The staff's word on the possible duplicate: not the same person after all.
    const resolved = await asStaff('PUT', `/staff/api/registrations/${id}/duplicates/${otherId}`, {
      resolution: 'different',
    });
    expect(resolved.statusCode).toBe(200);

    // A transfer through the integration API, by a token with a name of its own.
    const created = await asStaff('POST', '/staff/api/tokens', {
      name: tokenName,
      programmes: 'all',
      expiresAt: new Date(Date.now() + 30 * dayMs).toISOString().slice(0, 10),
    });
    expect(created.statusCode).toBe(201);
    const { token } = created.json<{ token: string }>();
    const transfer = await app.inject({
      method: 'PUT',
      url: `/api/v1/registrations/${id}/transfer`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ externalId }),
    });
    expect(transfer.statusCode).toBe(200);

    // The staff's download names them all: what the applicant's must not.
    staffDownload = (await asStaff('GET', `/staff/api/registrations/${id}/data`)).json();
    expect(staffDownload).toMatchObject({
      duplicateOf: [],
      history: expect.arrayContaining([
        expect.objectContaining({ type: 'duplicate', otherId, resolution: 'different' }),
      ]),
      assignee: staff,
      notes: [{ author: staff, text: noteText }],
      transfer: { tokenName, externalId },
    });
    // The other registration's reference, programme and day are not this applicant's to have.
    expect(staffDownload).not.toHaveProperty('duplicates');

    // The applicant opens their link, gives the birthday and downloads.
    const link = await issueLink(
      database,
      id,
      { secret: app.operations.secret, days: 30 },
      new Date(),
    );
    const opened = await asApplicant('POST', '/session', undefined, { token: link.token });
    expect(opened.statusCode).toBe(204);
    const session = opened.cookies.find((c) => c.name === applicantSessionCookieName)!.value;
    const verified = await asApplicant('POST', '/verify', session, {
      birthday: validValues.birthday,
    });
    expect(verified.statusCode).toBe(204);
    const download = await asApplicant('GET', '/registration/data', session);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="registration-[A-Z0-9-]+\.json"$/,
    );
    applicantText = download.body;
  });

  it('holds the note and the history, by "you" and "the admissions office"', () => {
    const data = JSON.parse(applicantText) as ApplicantData;
    expect(applicantText).toContain(noteText);
    expect(applicantText).toContain('"the admissions office"');
    expect(data).toEqual({
      reference: staffDownload.reference,
      language: 'sv',
      createdAt: staffDownload.createdAt,
      state: 'in-progress',
      fields: { ...validValues, firstName: 'Linnea', email: `linnea@${emailDomain}` },
      history: [
        { at: staffDownload.createdAt, by: 'you', type: 'received' },
        {
          at: expect.any(String),
          by: 'the admissions office',
          type: 'state',
          from: 'new',
          to: 'in-progress',
        },
        { at: expect.any(String), by: 'the admissions office', type: 'assignee', assigned: true },
        {
          at: expect.any(String),
          by: applicantDataActors.integration,
          type: 'transfer',
          externalId,
        },
      ],
      notes: [{ at: staffDownload.notes[0].at, author: 'the admissions office', text: noteText }],
    });
  });

  it("holds no staff member's subject or name, no token's name, no other registration", () => {
    expect(applicantText).not.toContain(staff.subject);
    expect(applicantText).not.toContain(staff.name);
    expect(applicantText).not.toContain(tokenName);
    expect(applicantText).not.toContain(otherReference);
    expect(applicantText).not.toMatch(/duplicate|different|subject|token/i);
    // No id at all, the registration's own or another's: the only numbers are none.
    expect(numbersIn(JSON.parse(applicantText))).not.toContain(otherId);
    expect(applicantText).not.toMatch(/"id"|Id":\s*\d/);
  });
});
