/**
 * Malformed and malicious requests against one running server: each gets its own clear error
 * (never an echo of what it sent), the server keeps answering, and no row is added. At the end
 * the database holds exactly the valid submissions this file made.
 */
import net from 'node:net';
import { buildCreateOnboardingFormBody } from '../src/contract/onboardingQuery';
import { stringFieldNames, type RegistrationValues } from '../src/contract/fields';
import { emailDomain, validRegistration } from '../testing/registrations';
import {
  acknowledgedFirstName,
  connectGraphql,
  type GraphqlClient,
} from '../testing/graphqlClient';
import {
  expectFieldRefused,
  expectGraphqlError,
  expectHttpError,
  expectNoEcho,
} from './support/graphqlExpectations';
import {
  bodyWithVariables,
  createField,
  literalsOf,
  mutationWithLiterals,
  without,
} from './support/mutationText';
import { startServer, type RunningServer } from '../testing/server';
import { asExportedRow, readStoredRows } from './support/storedRows';

let server: RunningServer;
let client: GraphqlClient;
/** The valid submissions this file makes; the database must end with exactly these. */
const validSubmissions: RegistrationValues[] = [];

beforeAll(async () => {
  server = await startServer();
  client = await connectGraphql(server.url);
});

afterAll(async () => {
  await server?.dispose();
});

afterEach(async () => {
  // Whatever the request was, the server keeps answering.
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  await health.arrayBuffer();
});

async function submitValid(): Promise<void> {
  const registration = validRegistration();
  const answer = await client.submit(registration);
  expect(acknowledgedFirstName(answer)).toBe(registration.firstName);
  validSubmissions.push(registration);
}

const validBody = () => buildCreateOnboardingFormBody(validRegistration());
const validLiterals = () => literalsOf(validRegistration());

test('a valid submission is stored (the baseline)', async () => {
  await submitValid();
});

describe('requests refused before GraphQL runs', () => {
  test('malformed JSON: 400', async () => {
    expectHttpError(await client.post('{"query": "mutation {'), 400, /not valid JSON/);
  });

  test('an empty body: 400', async () => {
    expectHttpError(await client.post(''), 400, /cannot be empty/);
  });

  test('a body over 16 KiB: 413', async () => {
    const body = { ...validBody(), padding: 'x'.repeat(17 * 1024) };
    expectHttpError(await client.post(body), 413, /too large/);
  });

  test('prototype poisoning (__proto__ in the JSON): 400', async () => {
    const text = JSON.stringify(validBody()).replace(/^\{/, '{"__proto__":{"admin":true},');
    expectHttpError(await client.post(text), 400, /not valid JSON/);
  });

  test('a batch (an array of operations): 400', async () => {
    expectHttpError(await client.post([validBody(), validBody()]), 400, /body must be object/);
  });

  test('a query that is not a string: 400', async () => {
    const answer = await client.post({ query: { kind: 'Document', definitions: [] } });
    expectHttpError(answer, 400, /query must be string/);
  });

  test('a form-encoded body: 415', async () => {
    const headers = { ...client.headers, 'content-type': 'application/x-www-form-urlencoded' };
    const answer = await client.post(`query=${encodeURIComponent(validBody().query)}`, { headers });
    expectHttpError(answer, 415, /Unsupported Media Type/);
  });

  test('no X-XSRF-TOKEN header: 403', async () => {
    const headers = without(client.headers, 'x-xsrf-token');
    expectHttpError(await client.post(validBody(), { headers }), 403, /X-XSRF-TOKEN/);
  });

  test('no XSRF-TOKEN cookie: 403', async () => {
    const headers = without(client.headers, 'cookie');
    expectHttpError(await client.post(validBody(), { headers }), 403, /X-XSRF-TOKEN/);
  });

  test('a wrong X-XSRF-TOKEN (well-formed, but another token): 403', async () => {
    const headers = { ...client.headers, 'x-xsrf-token': 'A'.repeat(43) };
    expectHttpError(await client.post(validBody(), { headers }), 403, /X-XSRF-TOKEN/);
  });

  test('cookie and header equal, but not a token the server issues: 403', async () => {
    const forged = "' OR '1'='1";
    const headers = {
      ...client.headers,
      cookie: `XSRF-TOKEN=${encodeURIComponent(forged)}`,
      'x-xsrf-token': forged,
    };
    expectHttpError(await client.post(validBody(), { headers }), 403, /X-XSRF-TOKEN/);
  });

  test('a made-up pair, equal in cookie and header, in the token format: 403', async () => {
    for (const forged of ['A'.repeat(43), `${'A'.repeat(43)}.${'B'.repeat(43)}`]) {
      const headers = { ...client.headers, cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged };
      expectHttpError(await client.post(validBody(), { headers }), 403, /X-XSRF-TOKEN/);
    }
  });

  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Origin', { origin: 'https://attacker.example' }],
    ['Origin: null', { origin: 'null' }],
  ])('%s, with a valid token: 403', async (_case, extra) => {
    const headers = { ...client.headers, ...extra };
    expectHttpError(await client.post(validBody(), { headers }), 403, /Cross-site request refused/);
  });

  test('a spoofed X-Forwarded-For is not believed (no proxy is trusted by default)', async () => {
    const headers = { ...client.headers, 'x-forwarded-for': '203.0.113.9' };
    const answer = await client.post({ query: '{ apiVersion }' }, { headers });
    expect(answer.status).toBe(200); // served as the loopback client it is; the limit is off here
  });

  test('a body sent one byte a second: closed with 408', async () => {
    const body = JSON.stringify(validBody());
    const head = Object.entries({ ...client.headers, 'content-length': String(body.length) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    socket.write(`POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\n${head}\r\n`);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    let sent = 0;
    const timer = setInterval(() => socket.write(body[sent++]), 1000);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 45_000);

  test.each(['GET', 'PUT', 'DELETE', 'PATCH'])('%s /graphql: 405, Allow: POST', async (method) => {
    const query = encodeURIComponent(validBody().query);
    const response = await fetch(`${server.url}/graphql?query=${query}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: expect.any(String),
    });
  });
});

describe('wrong types and shapes', () => {
  test.each([
    ['terms as the string "yes"', 'terms', '"yes"', /Boolean cannot represent/],
    ['startedYear as the Int 2025', 'startedYear', '2025', /String cannot represent/],
    ['city as an object', 'city', '{ name: "Helsingfors" }', /String cannot represent/],
    ['email as null', 'email', 'null', /Expected value of type "String!"/],
  ])('%s: a GraphQL type error', async (_case, field, literal, message) => {
    const query = mutationWithLiterals({ ...validLiterals(), [field]: literal });
    expectGraphqlError(await client.post({ query }), 'GRAPHQL_VALIDATION_FAILED', message);
  });

  test('an unknown field: a GraphQL validation error', async () => {
    const query = mutationWithLiterals({ ...validLiterals(), isAdmin: 'true' });
    const answer = await client.post({ query });
    // Named by the schema's type, never by the request's own text.
    expectGraphqlError(
      answer,
      'GRAPHQL_VALIDATION_FAILED',
      /is not defined by type "OnboardingFormInput"/,
    );
    expect(JSON.stringify(answer.json)).not.toContain('isAdmin');
  });

  test('a missing field: a GraphQL validation error', async () => {
    const query = mutationWithLiterals(without(validLiterals(), 'email'));
    const answer = await client.post({ query });
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /email" of required type/);
  });

  test('an empty query: a GraphQL syntax error', async () => {
    expectGraphqlError(await client.post({ query: '' }), 'GRAPHQL_PARSE_FAILED', /Syntax Error/);
  });

  test('a JSON syntax tree as the query text: a GraphQL syntax error', async () => {
    const query = JSON.stringify({ kind: 'Document', definitions: [] });
    expectGraphqlError(await client.post({ query }), 'GRAPHQL_PARSE_FAILED', /Syntax Error/);
  });

  test('an operationName that is not in the query: 400', async () => {
    const answer = await client.post({ ...validBody(), operationName: 'Nope' });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      errors: [{ message: expect.stringMatching(/^Unknown operation/) }],
    });
    expect(JSON.stringify(answer.json)).not.toContain('Nope');
  });

  test('a second mutation appended to the SPA query (a quote breakout): neither runs', async () => {
    // What a value that escaped its quotes would make of the query: a smuggled second operation.
    const smuggled = `mutation smuggled { ${createField(validLiterals())} }`;
    const answer = await client.post({ ...validBody(), query: `${validBody().query} ${smuggled}` });
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /At most 1 root field/);
  });
});

/** Strings an attacker tries in every field; none is valid in any field. */
const injections = [
  "'; DROP TABLE registrations; --",
  'Robert"); DROP TABLE registrations;--',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '=HYPERLINK("http://evil.example/","x")',
  'Anna\u0000',
  '") { __typename } } mutation x { createOnboardingForm(data: {',
];

describe.each(stringFieldNames)('injection strings in %s', (field) => {
  test.each(injections)('in the query text, as the SPA sends it: %j', async (value) => {
    const answer = await client.submit(validRegistration({ [field]: value }));
    expectFieldRefused(answer, field);
    expectNoEcho(answer, value);
  });

  test.each(injections)('in GraphQL variables: %j', async (value) => {
    const answer = await client.post(bodyWithVariables(validRegistration({ [field]: value })));
    expectFieldRefused(answer, field);
    expectNoEcho(answer, value);
  });
});

describe('values the stricter rules refuse (each was stored before)', () => {
  test.each([
    ['firstName', '\u0300\u0301'], // combining marks alone: no letter
    ['startedYear', '0000'],
    ['email', `ab\u202Ecd@${emailDomain}`], // right-to-left override
    ['email', `ab\u200Bcd@${emailDomain}`], // zero-width space
    ['email', `ａｂｃｄ@${emailDomain}`], // full-width look-alikes
    ['email', `a;b=c@${emailDomain}`],
  ] as const)('%s = %j', async (field, value) => {
    const answer = await client.submit(validRegistration({ [field]: value }));
    expectFieldRefused(answer, field);
    expectNoEcho(answer, value);
  });
});

describe('injection strings in terms, a Boolean', () => {
  test.each(injections)('in the query text: %j is a type error', async (value) => {
    const query = mutationWithLiterals({ ...validLiterals(), terms: JSON.stringify(value) });
    const answer = await client.post({ query });
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /Boolean cannot represent/);
    expectNoEcho(answer, value);
  });

  test.each(injections)('in GraphQL variables: %j is a type error', async (value) => {
    const answer = await client.post(bodyWithVariables({ ...validRegistration(), terms: value }));
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /Boolean cannot represent/);
    expectNoEcho(answer, value);
  });
});

describe('oversized operations', () => {
  test('a deeply nested introspection query: refused (introspection is off, and too deep)', async () => {
    const query = '{ __schema { types { fields { type { ofType { ofType { name } } } } } } }';
    expectGraphqlError(await client.post({ query }), 'GRAPHQL_VALIDATION_FAILED', /introspection/);
  });

  test('a deeply nested list value: refused by the token limit', async () => {
    const nested = `${'['.repeat(1000)}"x"${']'.repeat(1000)}`;
    const query = mutationWithLiterals({ ...validLiterals(), firstName: nested });
    expectGraphqlError(await client.post({ query }), 'GRAPHQL_PARSE_FAILED', /could not be parsed/);
  });

  test('deeply nested JSON in the variables: a type error', async () => {
    let nested: unknown = 'x';
    for (let depth = 0; depth < 1500; depth += 1) nested = { a: nested };
    const answer = await client.post(bodyWithVariables({ ...validRegistration(), city: nested }));
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /String cannot represent/);
  });

  test('500 aliases of __typename: refused by the token limit', async () => {
    const aliases = Array.from({ length: 500 }, (_, index) => `a${index}:__typename`).join(' ');
    expectGraphqlError(
      await client.post({ query: `{${aliases}}` }),
      'GRAPHQL_PARSE_FAILED',
      /could not be parsed/,
    );
  });

  test('40 aliases of __typename: refused by the field limit', async () => {
    const aliases = Array.from({ length: 40 }, (_, index) => `a${index}: __typename`).join(' ');
    const answer = await client.post({ query: `{ ${aliases} }` });
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /At most/);
  });

  test('two valid createOnboardingForm under aliases: refused, neither stored', async () => {
    const query = `mutation { ${createField(validLiterals(), 'a')} ${createField(validLiterals(), 'b')} }`;
    const answer = await client.post({ query });
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /At most 1 root field/);
  });

  test('a query over 8 KiB: 400', async () => {
    const query = `{ apiVersion }${' '.repeat(9 * 1024)}`;
    expectHttpError(await client.post({ query }), 400, /query must NOT have more than/);
  });
});

describe('nothing personal can be read back', () => {
  test('the schema cannot be read (no introspection in production)', async () => {
    const answer = await client.post({ query: '{ __type(name: "Query") { fields { name } } }' });
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /introspection has been disabled/);
  });

  test('a misspelt field gets no "Did you mean" hint', async () => {
    const answer = await client.post({ query: '{ apiVersio }' });
    expectGraphqlError(
      answer,
      'GRAPHQL_VALIDATION_FAILED',
      /^Cannot query field on type "Query"\.$/,
    );
  });

  test.each([
    '{ registrations { firstName email } }',
    '{ createOnboardingForm { firstName } }',
    '{ onboardingForm { email } }',
  ])('%s: a GraphQL validation error', async (query) => {
    const answer = await client.post({ query });
    expectGraphqlError(answer, 'GRAPHQL_VALIDATION_FAILED', /Cannot query field/);
  });
});

describe('afterwards', () => {
  test('a valid submission still succeeds', async () => {
    await submitValid();
  });

  test('the database holds exactly the valid submissions, nothing else', async () => {
    const rows = await readStoredRows(server);
    expect(rows).toEqual(
      validSubmissions.map((registration) => expect.objectContaining(asExportedRow(registration))),
    );
  });
});
