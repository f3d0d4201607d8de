/** @jest-environment node */
/**
 * The OpenAPI documents are the contract, checked both ways through HTTP: every documented example
 * is sent and taken, requests made from the documents' own schemas are taken exactly when the
 * document would take them, and each answer's status, media type and body are those the document
 * names for that route (its schemas compiled from the document itself, with ajv).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { readStaffConsoleSettings } from '../../server/console/settings';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { validValues } from '../../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../../testing/localProvider';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { databaseTimeoutMs, removeTempDirs } from './support/fixtures';
import { signIn } from './support/staffSignIn';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: { examples?: unknown[] };
  example?: unknown;
}
interface MediaType {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** A request of the contract: its operation in the document, and what is sent. */
interface Call {
  path: string;
  method: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as it is, with this media type, instead of `body` as JSON. */
  raw?: { text: string; contentType: string };
}

let provider: LocalProvider;
let app: FastifyInstance;
let session: string;
let xsrf: string;
let apiToken: string;
const documents: Record<string, Document> = {};
// Strict: a keyword JSON Schema does not know (min for minLength, say) is an error, not ignored.
const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true });
// A document is added whole, under its name: its own fields are OpenAPI's, not schemas'.
ajv.addVocabulary(['openapi', 'info', 'servers', 'paths', 'components', 'tags', 'security']);
ajv.addVocabulary(['example', 'xml', 'externalDocs', 'discriminator']);
addFormats(ajv);
ajv.addFormat('binary', true);
/** Ids of things that exist, for the paths' parameters. */
const ids: Record<string, string> = {};

/** The JSON pointer of `segments` in a document added to ajv under `name`. */
const pointer = (name: string, ...segments: string[]) =>
  `${name}#/${segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

const compiled = new Map<string, ValidateFunction>();
function validator(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
  return validate;
}

const documentOf = (path: string) => (path.startsWith('/api/v1') ? 'integration' : 'staff');
const operationOf = ({ path, method }: Call) => documents[documentOf(path)].paths[path][method];

async function send(call: Call): Promise<LightMyRequestResponse> {
  const url = Object.entries(call.params ?? {}).reduce(
    (address, [name, value]) => address.replace(`{${name}}`, encodeURIComponent(value)),
    call.path,
  );
  const query = new URLSearchParams(call.query ?? {}).toString();
  const auth: Record<string, string> =
    documentOf(call.path) === 'integration'
      ? { authorization: `Bearer ${apiToken}` }
      : { cookie: `${session}; ${xsrfCookieName}=${xsrf}`, [xsrfHeaderName]: xsrf };
  const payload =
    call.raw ??
    (call.body === undefined
      ? undefined
      : { text: JSON.stringify(call.body), contentType: 'application/json' });
  return app.inject({
    method: call.method.toUpperCase() as 'GET',
    url: query ? `${url}?${query}` : url,
    headers: {
      ...auth,
      ...(payload ? { 'content-type': payload.contentType } : {}),
      ...call.headers,
    },
    payload: payload?.text,
  });
}

/** The answer is one the document names for the route: its status, media type and body. */
function expectDocumented(call: Call, answer: LightMyRequestResponse) {
  const { responses } = operationOf(call);
  const where = `${call.method.toUpperCase()} ${call.path} → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  expect({ where, documented: Object.keys(responses).includes(String(answer.statusCode)) }).toEqual(
    { where, documented: true },
  );
  const content = responses[answer.statusCode].content;
  if (!content) {
    expect({ where, body: answer.body }).toEqual({ where, body: '' });
    return;
  }
  const essence = (type: string) => type.split(';')[0].trim();
  const mediaType = essence(String(answer.headers['content-type']));
  expect({ where, mediaType: Object.keys(content).map(essence).includes(mediaType) }).toEqual({
    where,
    mediaType: true,
  });
  if (mediaType !== 'application/json') return;
  const validate = validator(
    pointer(
      documentOf(call.path),
      'paths',
      call.path,
      call.method,
      'responses',
      String(answer.statusCode),
      'content',
      mediaType,
      'schema',
    ),
  );
  validate(answer.json());
  expect({ where, errors: validate.errors ?? null }).toEqual({ where, errors: null });
}

/** Whether the document would take the request's parameters and body. */
function documentTakes(call: Call): boolean {
  const operation = operationOf(call);
  const name = documentOf(call.path);
  const parameters = operation.parameters ?? [];
  for (const place of ['query', 'path'] as const) {
    const named = parameters.filter((parameter) => parameter.in === place);
    const given = (place === 'query' ? call.query : call.params) ?? {};
    if (Object.keys(given).some((key) => !named.some((parameter) => parameter.name === key)))
      return false;
    for (const [index, parameter] of parameters.entries()) {
      if (parameter.in !== place) continue;
      const value = given[parameter.name];
      if (value === undefined) {
        if (parameter.required) return false;
        continue;
      }
      const ref = pointer(name, 'paths', call.path, call.method, 'parameters', String(index));
      if (!validator(`${ref}/schema`)(value)) return false;
    }
  }
  const body = operation.requestBody?.content['application/json'];
  if (!body) return true;
  return validator(
    pointer(
      name,
      'paths',
      call.path,
      call.method,
      'requestBody',
      'content',
      'application/json',
      'schema',
    ),
  )(call.body);
}

/** Every operation of both documents, with the parameters' values that exist here. */
function operations(): Call[] {
  return Object.entries(documents).flatMap(([, document]) =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method, params: paramsOf(path, method) })),
    ),
  );
}

/**
 * A delete takes its own: the registration erased and the token revoked are no other call's. A
 * request is withdrawn where the examples made it.
 */
function paramsOf(path: string, method: string): Record<string, string> {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  const area = path.includes('/webhooks')
    ? 'webhook'
    : path.includes('/tokens')
      ? 'token'
      : method === 'delete' && !path.endsWith('/request')
        ? 'erasable'
        : 'registration';
  // The registrations stored share their name and birthday: each a possible duplicate of the others.
  const idOf = (name: string) =>
    name === 'deliveryId' ? ids.delivery : name === 'otherId' ? ids.erasable : ids[area];
  return Object.fromEntries(names.map((name) => [name, idOf(name)]));
}

/** A parameter's documented example (@fastify/swagger lifts it out of its schema). */
const exampleOf = (parameter: Parameter) => parameter.example ?? parameter.schema.examples?.[0];

/** The documented examples of a route's body, and of its query's parameters (all at once). */
function examplesOf(call: Call): Call[] {
  const operation = operationOf(call);
  const query = Object.fromEntries(
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query' && exampleOf(parameter) !== undefined)
      .map((parameter) => [parameter.name, String(exampleOf(parameter))]),
  );
  // The cursor's example is another database's: it starts again from the start, as documented.
  const withQuery = { ...call, query };
  const media = operation.requestBody?.content['application/json'];
  if (!media) return [withQuery];
  const bodies = media.examples
    ? Object.values(media.examples).map((example) => example.value)
    : [media.example];
  expect({ route: `${call.method} ${call.path}`, bodies }).not.toEqual({
    route: `${call.method} ${call.path}`,
    bodies: [undefined],
  });
  return bodies.map((body) => ({ ...withQuery, body }));
}

/** What changes or removes a row goes last, and after its If-Match is read. */
const destructive = (call: Call) => call.method === 'delete';

async function withVersion(call: Call): Promise<Call> {
  if (!(operationOf(call).parameters ?? []).some((parameter) => parameter.name === 'if-match'))
    return call;
  const current = await send({
    path: '/staff/api/registrations/{id}',
    method: 'get',
    params: call.params,
  });
  return { ...call, headers: { 'if-match': `"${current.json<{ version: number }>().version}"` } };
}

beforeAll(async () => {
  provider = await startLocalProvider('http://localhost');
  app = await buildApp(
    testAppOptions({
      staffConsole: readStaffConsoleSettings(provider.settings),
      // The examples' webhook host is a public address, never connected to in this test.
      webhookResolve: async () => [{ address: '93.184.216.34', family: 4 }],
      webhookTiming: { pollMs: 60_000, retryScale: 1 },
    }),
  );
  session = await signIn(app, 'admin');
  xsrf = await getXsrfToken(app, session);
  const anonymous = await getXsrfToken(app);
  for (let count = 0; count < 3; count++) {
    const values = {
      ...validValues,
      email: `contract.${count}@${validValues.email.split('@')[1]}`,
    };
    const stored = await postGraphql(app, anonymous, buildCreateOnboardingFormBody(values));
    expect(stored.statusCode).toBe(200);
  }
  for (const [name, url] of [
    ['integration', '/api/v1/openapi.json'],
    ['staff', '/staff/api/openapi.json'],
  ]) {
    const answer = await send({ path: url, method: 'get' });
    expect(answer.statusCode).toBe(200);
    documents[name] = answer.json();
    ajv.addSchema(documents[name], name);
  }
  const lastDay = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const token = await send({
    path: '/staff/api/tokens',
    method: 'post',
    body: { name: 'Contract', programmes: 'all', expiresAt: lastDay },
  });
  expect(token.statusCode).toBe(201);
  ({ token: apiToken } = token.json<{ token: string }>());
  const revocable = await send({
    path: '/staff/api/tokens',
    method: 'post',
    body: { name: 'Revocable', programmes: 'all', expiresAt: lastDay },
  });
  ids.token = String(revocable.json<{ id: number }>().id);
  const list = await send({ path: '/staff/api/registrations', method: 'get' });
  const [first, second] = list.json<{ items: { id: number }[] }>().items;
  ids.registration = String(first.id);
  ids.erasable = String(second.id);
  const webhook = await send({
    path: '/staff/api/webhooks',
    method: 'post',
    body: {
      url: 'https://sis.example.edu/hooks',
      events: ['registration.updated'],
      programmes: 'all',
    },
  });
  expect(webhook.statusCode).toBe(201);
  ids.webhook = String(webhook.json<{ id: number }>().id);
  // A change queues a delivery to the webhook: the retry's path needs one.
  const change = await withVersion({
    path: '/staff/api/registrations/{id}',
    method: 'patch',
    params: { id: ids.registration },
    body: { state: 'waiting' },
  });
  expect((await send(change)).statusCode).toBe(200);
  const hooks = await send({ path: '/staff/api/webhooks', method: 'get' });
  ids.delivery = String(
    hooks.json<{ items: { recentDeliveries: { id: number }[] }[] }>().items[0].recentDeliveries[0]
      .id,
  );
}, 4 * databaseTimeoutMs);

afterAll(async () => {
  await app?.close();
  await provider?.stop();
  removeTempDirs();
});

it('takes every documented example, and answers each as documented', async () => {
  const calls = operations().flatMap(examplesOf);
  const ordered = [...calls.filter((call) => !destructive(call)), ...calls.filter(destructive)];
  for (const example of ordered) {
    const call = await withVersion(example);
    const answer = await send(call);
    expectDocumented(call, answer);
    expect({ call, status: answer.statusCode < 300 }).toEqual({ call, status: true });
  }
});

it('refuses with 400 a body with a property the document does not name', async () => {
  for (const call of operations().filter((candidate) => operationOf(candidate).requestBody)) {
    for (const example of examplesOf(call)) {
      const extra = {
        ...(await withVersion(example)),
        body: { ...(example.body as object), foo: 1 },
      };
      const answer = await send(extra);
      expectDocumented(extra, answer);
      expect({ route: call.path, status: answer.statusCode }).toEqual({
        route: call.path,
        status: 400,
      });
    }
  }
});

it('refuses with 415 a body that is not JSON', async () => {
  for (const call of operations().filter((candidate) => operationOf(candidate).requestBody)) {
    const [example] = examplesOf(call);
    const plain = {
      ...example,
      raw: { text: JSON.stringify(example.body), contentType: 'text/plain' },
    };
    const answer = await send(plain);
    expectDocumented(plain, answer);
    expect({ route: call.path, status: answer.statusCode }).toEqual({
      route: call.path,
      status: 415,
    });
  }
});

/**
 * A query parameter's value: its example, or text of a kind the schemas take or refuse. A cursor
 * is opaque: one the API did not give is refused (400, as documented) whatever its form.
 */
const queryValue = (parameter: Parameter) =>
  parameter.name === 'cursor'
    ? fc.constantFrom(String(exampleOf(parameter)), '!')
    : fc.oneof(
        fc.constant(String(exampleOf(parameter) ?? '1')),
        fc.constantFrom(
          '0',
          '1',
          '50',
          '1001',
          '2026-11-01',
          '2026-11-01T00:00:00Z',
          'MIDS',
          'csv',
          'x',
        ),
        fc.string({ maxLength: 12 }),
      );

it('takes a query exactly when its document takes it', async () => {
  const reads = operations().filter(
    (call) =>
      call.method === 'get' && (operationOf(call).parameters ?? []).some((p) => p.in === 'query'),
  );
  for (const call of reads) {
    const parameters = (operationOf(call).parameters ?? []).filter((p) => p.in === 'query');
    const queryOf = fc.record(
      Object.fromEntries([
        ...parameters.map((parameter) => [parameter.name, queryValue(parameter)]),
        ['unnamed', fc.string({ minLength: 1, maxLength: 4 })],
      ]),
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(queryOf, async (query) => {
        const request = { ...call, query: query as Record<string, string> };
        const answer = await send(request);
        expectDocumented(request, answer);
        expect(answer.statusCode === 400).toBe(!documentTakes(request));
      }),
      { numRuns: 15 },
    );
  }
});

it('takes a body exactly when its document takes it', async () => {
  const writes = operations().filter((call) => operationOf(call).requestBody && !destructive(call));
  for (const call of writes) {
    const [example] = examplesOf(call);
    // The example with one property replaced or dropped, or any JSON at all.
    const bodies = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...Object.keys(example.body as object)),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(([key, value]) => ({ ...(example.body as object), [key]: value })),
      fc
        .constantFrom(...Object.keys(example.body as object))
        .map((key) =>
          Object.fromEntries(
            Object.entries(example.body as object).filter(([name]) => name !== key),
          ),
        ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const request = await withVersion({ ...example, body });
        const answer = await send(request);
        expectDocumented(request, answer);
        expect(answer.statusCode === 400).toBe(!documentTakes(request));
      }),
      { numRuns: 15 },
    );
  }
});
