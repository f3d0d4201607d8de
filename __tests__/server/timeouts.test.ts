/** @jest-environment node */
/**
 * A slow client cannot hold a connection: before, Fastify's timeouts of 0 turned Node's off, and a
 * client sending one byte a second kept its connection for as long as it liked. The slow clients
 * meet limits and a pace a tenth of the real ones, whose values the server is checked to hold.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { removeTempDirs, stubDatabase } from './support/fixtures';
import { getXsrfToken, testAppOptions } from './support/testApp';

// A busy machine's timers may slip past jest's 5 s.
jest.setTimeout(15_000);

/** The limits' scale, and the slow clients' pace: a byte every tenth of a second. */
const scale = 0.1;
const byteEveryMs = 1000 * scale;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await buildApp(testAppOptions({ database: stubDatabase(), connectionLimitScale: scale }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await app.close();
  removeTempDirs();
});

/** Writes `text` one byte at a time, at the slow pace, until the server closes the socket; resolves with what it said. */
function trickle(text: string): Promise<{ answer: string; bytesSent: number }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    const timer = setInterval(() => {
      if (bytesSent < text.length) socket.write(text[bytesSent++]);
    }, byteEveryMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined); // a reset is a close too
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, bytesSent });
    });
  });
}

/** Sends the head of a POST past the XSRF check, then its body at the slow pace. */
async function trickleBody(): Promise<{ answer: string; tookMs: number }> {
  const token = await getXsrfToken(app); // past the XSRF check, to where the body is read
  const head = [
    'POST /graphql HTTP/1.1',
    'Host: x',
    'Content-Type: application/json',
    `Cookie: XSRF-TOKEN=${token}`,
    `X-XSRF-TOKEN: ${token}`,
  ].join('\r\n');
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`${head}\r\nContent-Length: 100\r\n\r\n`);
  const started = Date.now();
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const timer = setInterval(() => socket.write('a'), byteEveryMs);
  await new Promise((resolve) => socket.on('close', resolve));
  clearInterval(timer);
  return { answer, tookMs: Date.now() - started };
}

// Both slow clients at once, as slow clients come: the file waits for the longer limit alone.
let slowHeaders: ReturnType<typeof trickle>;
let slowBody: ReturnType<typeof trickleBody>;
beforeAll(() => {
  slowHeaders = trickle(`GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(60)}`);
  slowBody = trickleBody();
});

it('holds a request to its headers within 10 s, the whole of it within 30 s, an idle socket 30 s', async () => {
  const unscaled = await buildApp(testAppOptions({ database: stubDatabase() }));
  try {
    const { headersTimeout, requestTimeout, timeout, keepAliveTimeout } = unscaled.server;
    expect({ headersTimeout, requestTimeout, timeout, keepAliveTimeout }).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      timeout: 30_000,
      keepAliveTimeout: 72_000,
    });
  } finally {
    await unscaled.close();
  }
});

it('closes a request whose headers trickle in, once past the headers limit', async () => {
  const { answer, bytesSent } = await slowHeaders;

  expect(bytesSent).toBeLessThan(20);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
});

it('closes a request whose body trickles in, once past the whole request limit', async () => {
  const { answer, tookMs } = await slowBody;

  expect(tookMs).toBeLessThan(40_000 * scale);
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
});
