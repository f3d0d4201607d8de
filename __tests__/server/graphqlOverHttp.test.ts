/** @jest-environment node */
/**
 * The GraphQL-over-HTTP specification's reference audit (graphql-http's serverAudits) against the
 * real server on a port, with the XSRF handshake the SPA makes. Every MUST and SHOULD passes;
 * README says which MAY items the server declines, and why.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { serverAudits } from 'graphql-http';
import { buildApp } from '../../server/app';
import { xsrfHeaders } from '../../testing/graphqlClient';
import { removeTempDirs, stubDatabase } from './support/fixtures';
import { testAppOptions } from './support/testApp';

let app: FastifyInstance;
let baseUrl: string;
let handshake: Record<string, string>;

beforeAll(async () => {
  // Several MUST audits read `__type`, which production refuses by design (no introspection).
  // The HTTP handling audited is the same in both configurations.
  app = await buildApp(testAppOptions({ database: stubDatabase(), graphqlIntrospection: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const { cookie, 'x-xsrf-token': token } = await xsrfHeaders(baseUrl);
  handshake = { cookie, 'x-xsrf-token': token };
});

afterAll(async () => {
  await app.close();
  removeTempDirs();
});

/** fetch as the SPA's page would: the audit's own request plus the XSRF cookie and header. */
const fetchWithXsrf: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(handshake)) headers.set(name, value);
  return fetch(input, { ...init, headers });
};

const audits = serverAudits({ url: () => `${baseUrl}/graphql`, fetchFn: fetchWithXsrf });

describe.each(['MUST', 'SHOULD'])('GraphQL over HTTP: %s', (level) => {
  test.each(
    audits.filter((audit) => audit.name.startsWith(level)).map((audit) => [audit.name, audit]),
  )('%s', async (_name, audit) => {
    const result = await audit.fn();
    expect({ status: result.status, reason: result.status === 'ok' ? '' : result.reason }).toEqual({
      status: 'ok',
      reason: '',
    });
  });
});
