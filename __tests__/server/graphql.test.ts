/** @jest-environment node */
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';
import type { RegistrationValues } from '../../src/contract/fields';
import { validValues } from '../../testing/registrations';
import {
  countRegistrations,
  databaseTimeoutMs,
  openTestDatabase,
  removeTempDirs,
} from './support/fixtures';
import { buildApp } from '../../server/app';
import { syntaxErrorMessage } from '../../server/graphql/errors';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp(testAppOptions({ database }));
  token = await getXsrfToken(app);
}, databaseTimeoutMs);

afterAll(async () => {
  await app?.close();
  await database?.close();
  removeTempDirs();
});

beforeEach(async () => {
  await database.query('DELETE FROM registrations');
});

function submit(values: RegistrationValues) {
  return postGraphql(app, token, buildCreateOnboardingFormBody(values));
}

describe('createOnboardingForm', () => {
  it('stores the SPA request and answers with the twelve fields once committed', async () => {
    const response = await submit(validValues);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { createOnboardingForm: validValues } });
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = await database.query<Record<string, unknown>>(
      "SELECT first_name, email, terms, created_at > now() - interval '1 minute' AS recent FROM registrations",
    );
    expect(rows).toEqual([
      { first_name: validValues.firstName, email: validValues.email, terms: true, recent: true },
    ]);
  });

  it('accepts the values as GraphQL variables too', async () => {
    const response = await postGraphql(app, token, {
      query:
        'mutation Register($data: OnboardingFormInput!) { createOnboardingForm(data: $data) { email terms } }',
      variables: { data: validValues },
    });

    expect(response.json()).toEqual({
      data: { createOnboardingForm: { email: validValues.email, terms: true } },
    });
    expect(await countRegistrations(database)).toBe(1);
  });

  it('acknowledges an identical resubmission with the stored record and stores it once', async () => {
    const first = await submit(validValues);
    const concurrent = await Promise.all([1, 2, 3, 4].map(() => submit(validValues)));

    for (const response of [first, ...concurrent]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { createOnboardingForm: validValues } });
    }
    expect(await countRegistrations(database)).toBe(1);
  });

  it('stores registrations that differ in a single field separately', async () => {
    await submit(validValues);
    await submit({ ...validValues, startedYear: '2026' });

    expect(await countRegistrations(database)).toBe(2);
  });
});

describe('normalising with the SPA schema', () => {
  it('stores text as the schema normalises it: spaces trimmed and single, apostrophes plain', async () => {
    const typed = {
      ...validValues,
      firstName: 'Maja ',
      lastName: 'O’Neill',
      address: 'Rue de l’Église  5',
      city: ' Helsingfors ',
    };
    const stored = {
      ...validValues,
      firstName: 'Maja',
      lastName: "O'Neill",
      address: "Rue de l'Église 5",
      city: 'Helsingfors',
    };

    const response = await submit(typed);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { createOnboardingForm: stored } });
    const rows = await database.query<Record<string, unknown>>(
      'SELECT first_name, last_name, address, city FROM registrations',
    );
    expect(rows).toEqual([
      {
        first_name: stored.firstName,
        last_name: stored.lastName,
        address: stored.address,
        city: stored.city,
      },
    ]);
  });
});

describe('validation with the SPA schema', () => {
  const failures: [keyof RegistrationValues, string | boolean, string][] = [
    ['firstName', 'Å', 'firstName-too-short'],
    ['lastName', '   ', 'lastName-required'],
    ['birthday', '31.02.2000', 'birthday-format'],
    ['phoneNumber', '040-1234567', 'phoneNumber-format'],
    ['email', 'asa.nystrom@example.com', 'email-format'],
    ['address', 'Sjögatan 12 B 4'.repeat(4), 'address-too-long'],
    ['zipcode', '', 'zipcode-required'],
    ['city', 'Helsingfors<script>', 'city-format'],
    ['country', 'F', 'country-too-short'],
    ['startedYear', '25', 'startedYear-format'],
    ['degreeProgram', 'ABC', 'degreeProgram-format'],
    ['terms', false, 'terms-required'],
  ];

  it.each(failures)(
    'refuses an invalid %s (%p) with its message key',
    async (field, value, key) => {
      const response = await submit({ ...validValues, [field]: value });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        data: null, // the field is non-null: a refusal leaves no data (hence a 4xx)
        errors: [
          expect.objectContaining({
            message: 'Invalid registration',
            extensions: { code: 'BAD_USER_INPUT', fields: { [field]: key } },
          }),
        ],
      });
      expect(await countRegistrations(database)).toBe(0);
    },
  );

  it('lists every failing field, and only field names and message keys', async () => {
    const response = await submit({
      ...validValues,
      firstName: 'X',
      email: 'secret.person@elsewhere.org',
      terms: false,
    });

    const [error] = response.json().errors;
    expect(error.extensions.fields).toEqual({
      firstName: 'firstName-too-short',
      email: 'email-format',
      terms: 'terms-required',
    });
    expect(response.body).not.toContain('secret.person');
  });
});

describe('GraphQL errors for malformed operations', () => {
  const spaQuery = buildCreateOnboardingFormBody(validValues).query;

  it.each([
    [
      'a missing field',
      spaQuery.replace(/, terms: true/, ''),
      /"OnboardingFormInput.terms".*not provided/,
    ],
    [
      'an unknown field',
      spaQuery.replace('terms: true', 'terms: true, nickname: "Åsa"'),
      /^Field is not defined by type "OnboardingFormInput"\./,
    ],
    [
      'a wrong type',
      spaQuery.replace('terms: true', 'terms: "yes-please"'),
      /Boolean cannot represent/,
    ],
    [
      'a number for a text',
      spaQuery.replace(/phoneNumber: "[^"]*"/, 'phoneNumber: 358401234567'),
      /String cannot represent/,
    ],
    ['a syntax error', spaQuery.replace('}) {', ') {'), /^Syntax Error/],
  ])('refuses %s with a GraphQL error that quotes no value', async (_case, query, message) => {
    const response = await postGraphql(app, token, { query, variables: {} });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toMatch(message);
    expect(response.body).not.toMatch(/yes-please|358401234567|Åsa/);
    expect(await countRegistrations(database)).toBe(0);
  });

  it('refuses wrongly typed variables without echoing them', async () => {
    const response = await postGraphql(app, token, {
      query:
        'mutation Register($data: OnboardingFormInput!) { createOnboardingForm(data: $data) { email } }',
      variables: { data: { ...validValues, phoneNumber: 358401234567 } },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(
      'Variable "$data" got invalid value: String cannot represent a non string value.',
    );
    expect(response.body).not.toContain('358401234567');
  });
});

describe('GraphQL error messages', () => {
  // A marker as free text and as a GraphQL name, where each kind of malformed request puts it.
  const text = 'Anna Berg 010200 secret';
  const name = 'Berg_010200_secret';
  const spaMutation =
    'mutation Register($data: OnboardingFormInput!) { createOnboardingForm(data: $data) { email } }';

  it.each([
    ['a block string where a name belongs', { query: `{ """Anna"Berg 010200 secret""" }` }],
    ['a string where a name belongs', { query: `{ "${text}" }` }],
    ['an unterminated string', { query: `{ apiVersion(x: "${text}) }` }],
    ['a bad escape in a string', { query: `{ apiVersion(x: "\\z ${text}") }` }],
    ['a name after the operation', { query: `{ apiVersion } ${name}` }],
    ['an unknown field', { query: `{ ${name} }` }],
    ['an unknown argument', { query: `{ apiVersion(${name}: 1) }` }],
    ['an unknown variable', { query: `query { apiVersion(x: $${name}) }` }],
    [
      'an unknown input field in the variables',
      { query: spaMutation, variables: { data: { ...validValues, [text]: 1 } } },
    ],
    [
      'a wrongly typed value',
      { query: spaMutation, variables: { data: { ...validValues, terms: text } } },
    ],
  ])('quote nothing of the request: %s', async (_case, body) => {
    const response = await postGraphql(app, token, body);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors.length).toBeGreaterThan(0);
    expect(response.body).not.toMatch(/Berg|010200/);
  });
});

describe('introspection and suggestions', () => {
  let development: FastifyInstance;
  let developmentToken: string;

  beforeAll(async () => {
    development = await buildApp(testAppOptions({ database, graphqlIntrospection: true }));
    developmentToken = await getXsrfToken(development);
  });

  afterAll(() => development.close());

  const typo = { query: '{ apiVersio }' };
  const introspection = { query: '{ __type(name: "Query") { fields { name } } }' };

  it('are off by default (production): no schema, no "Did you mean"', async () => {
    const schema = await postGraphql(app, token, introspection);
    expect(schema.statusCode).toBe(400);
    expect(schema.json().errors[0].message).toMatch(/introspection has been disabled/);

    const misspelt = await postGraphql(app, token, typo);
    expect(misspelt.json().errors[0].message).toBe('Cannot query field on type "Query".');
  });

  it('are on in development, where the query root exposes only the API version', async () => {
    const schema = await postGraphql(development, developmentToken, introspection);
    expect(schema.json()).toEqual({ data: { __type: { fields: [{ name: 'apiVersion' }] } } });

    const misspelt = await postGraphql(development, developmentToken, typo);
    expect(misspelt.json().errors[0].message).toMatch(/Did you mean "apiVersion"\?$/);
  });

  it('limit the depth of an introspection query in development too', async () => {
    const response = await postGraphql(development, developmentToken, {
      query: '{ __schema { types { fields { type { name } } } } }',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(
      expect.objectContaining({
        message: expect.stringContaining('exceeds the query depth limit of 3'),
      }),
    );
  });
});

describe('limits on operations', () => {
  const validData = buildCreateOnboardingFormBody(validValues).query.match(/data: \{.*?\}\)/)![0];

  it.each([
    [
      'two root fields (an alias flood)',
      `mutation { a: createOnboardingForm(${validData} { email } b: createOnboardingForm(${validData} { email } }`,
      'At most 1 root field per request.',
    ],
    [
      'too many fields',
      `mutation { createOnboardingForm(${validData} { ${'email '.repeat(31)}} }`,
      'At most 30 fields per request.',
    ],
    ['too many tokens', `{ ${'apiVersion '.repeat(600)}}`, syntaxErrorMessage],
    [
      'a JSON syntax tree instead of GraphQL text',
      JSON.stringify({ kind: 'Document', definitions: [] }),
      expect.stringMatching(/^Syntax Error/),
    ],
  ])('refuses %s before executing anything', async (_case, query, message) => {
    const response = await postGraphql(app, token, { query });

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ message }));
    expect(await countRegistrations(database)).toBe(0);
  });

  it('refuses query text over 8 KiB before parsing it', async () => {
    const response = await postGraphql(app, token, { query: `{ apiVersion }${' '.repeat(9000)}` });

    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('body/query must NOT have more than 8192 characters');
  });
});

describe('HTTP', () => {
  it('refuses a POST without the X-XSRF-TOKEN header with 403 and stores nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      cookies: { 'XSRF-TOKEN': token },
      payload: JSON.stringify(buildCreateOnboardingFormBody(validValues)),
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Missing or invalid X-XSRF-TOKEN header',
    });
    expect(await countRegistrations(database)).toBe(0);
  });

  const otherToken = 'A'.repeat(43);

  it.each([
    ['a header that differs from the cookie', () => ({ header: otherToken, cookie: token })],
    ['a header but no cookie', () => ({ header: token, cookie: undefined })],
    ['a cookie the server never issues', () => ({ header: 'forged', cookie: 'forged' })],
  ])('refuses %s with 403 before reading the body', async (_case, credentials) => {
    const { header, cookie } = credentials();
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': header },
      cookies: cookie ? { 'XSRF-TOKEN': cookie } : {},
      payload: '{ not even JSON',
    });

    expect(response.statusCode).toBe(403);
  });

  // Before, the body schema coerced 0 to null and ran the query as if no variables were sent.
  it.each([0, 'x', true, []])(
    'refuses variables that are not an object (%p) with 400',
    async (variables) => {
      const response = await postGraphql(app, token, { query: '{ apiVersion }', variables });

      expect(response.statusCode).toBe(400);
    },
  );

  it('answers a client that accepts only application/json with a 200 for a GraphQL error', async () => {
    const response = await postGraphql(
      app,
      token,
      { query: '{ apiVersion' },
      { headers: { accept: 'application/json' } },
    );

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
      cookies: { 'XSRF-TOKEN': token },
      payload: '{"query": "mutation { createOnboardingForm(data: {email: \\"secret@example.edu',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Bad Request');
    expect(response.body).not.toContain('secret');
  });

  it('answers a body over 16 KiB with 413', async () => {
    const response = await postGraphql(app, token, {
      query: `{ apiVersion } #${'x'.repeat(17_000)}`,
    });

    expect(response.statusCode).toBe(413);
  });

  it.each(['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const)(
    'answers %s /graphql with 405',
    async (method) => {
      const response = await app.inject({ method, url: '/graphql?query=%7BapiVersion%7D' });

      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
    },
  );

  it('keeps serving after all of the above', async () => {
    expect((await submit(validValues)).statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers requests over RATE_LIMIT_PER_MINUTE per client address with 429 and Retry-After', async () => {
    const limited = await buildApp(testAppOptions({ database, rateLimitPerMinute: 2 }));
    try {
      const limitedToken = await getXsrfToken(limited);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await postGraphql(limited, limitedToken, { query: '{ apiVersion }' })).statusCode,
        );
      }
      const refused = await postGraphql(limited, limitedToken, { query: '{ apiVersion }' });

      expect(statuses).toEqual([200, 200, 429]);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    } finally {
      await limited.close();
    }
  });

  /** An app limited to 2 requests a minute; `post` sends `{ apiVersion }` from the given client. */
  async function withLimitedApp(
    overrides: Parameters<typeof testAppOptions>[0],
    work: (post: (client: Parameters<typeof postGraphql>[3]) => Promise<number>) => Promise<void>,
  ) {
    const limited = await buildApp(
      testAppOptions({ database, rateLimitPerMinute: 2, ...overrides }),
    );
    try {
      const limitedToken = await getXsrfToken(limited);
      await work(
        async (client) =>
          (await postGraphql(limited, limitedToken, { query: '{ apiVersion }' }, client))
            .statusCode,
      );
    } finally {
      await limited.close();
    }
  }

  // Mutation caught: one shared key for every client (keyGenerator: () => 'everyone').
  it('counts each client address on its own', async () => {
    await withLimitedApp({}, async (post) => {
      const first = [];
      for (let i = 0; i < 3; i += 1) first.push(await post({ remoteAddress: '192.0.2.10' }));
      const second = [
        await post({ remoteAddress: '192.0.2.20' }),
        await post({ remoteAddress: '192.0.2.20' }),
      ];

      expect(first).toEqual([200, 200, 429]);
      expect(second).toEqual([200, 200]);
    });
  });

  // Before, with TRUST_PROXY=true, each spoofed X-Forwarded-For prefix was a fresh bucket.
  it('believes only the trusted proxy: a spoofed X-Forwarded-For prefix changes nothing', async () => {
    await withLimitedApp({ trustProxy: '127.0.0.1' }, async (post) => {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          await post({
            remoteAddress: '127.0.0.1', // the proxy, which appends the address it saw
            headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
          }),
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    });
  });

  // Mutation caught: counting the proxy's socket address (request.socket.remoteAddress)
  // instead of the client's (request.ip).
  it('counts each client a trusted proxy forwards on its own', async () => {
    await withLimitedApp({ trustProxy: '10.0.0.1' }, async (post) => {
      const fromProxy = (client: string) =>
        post({ remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });
      const first = [];
      for (let i = 0; i < 3; i += 1) first.push(await fromProxy('198.51.100.7'));
      const second = [await fromProxy('203.0.113.9'), await fromProxy('203.0.113.9')];

      expect(first).toEqual([200, 200, 429]);
      expect(second).toEqual([200, 200]);
    });
  });

  it('counts an IPv6 client by its /64', async () => {
    await withLimitedApp({}, async (post) => {
      const sameNetwork = [
        await post({ remoteAddress: '2001:db8:1:2::1' }),
        await post({ remoteAddress: '2001:db8:1:2:ffff::9' }),
        await post({ remoteAddress: '2001:db8:1:2:abcd:1:2:3' }),
      ];
      expect(sameNetwork).toEqual([200, 200, 429]);
      expect(await post({ remoteAddress: '2001:db8:1:3::1' })).toBe(200);
    });
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 70; i += 1) {
      statuses.add((await postGraphql(app, token, { query: '{ apiVersion }' })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });
});
