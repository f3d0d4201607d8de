/** @jest-environment node */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { makeTempDir, removeTempDirs, stubDatabase } from './support/fixtures';
import { buildApp } from '../../server/app';
import { healthTimeoutMs } from '../../server/plugins/health';
import { testAppOptions } from './support/testApp';

const database = stubDatabase();
/** Configured values, one of them trying to end the page's data block. */
const institution = {
  emailDomain: 'uni.example.fi',
  institutionName: 'Högskolan </script><script>alert(1)</script>',
  retentionDays: 90,
};
let app: FastifyInstance;

beforeAll(async () => {
  const options = testAppOptions({ database, trustProxy: '127.0.0.1', ...institution });
  fs.writeFileSync(path.join(options.staticDir, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(options.staticDir, 'main.0123abcd.js.br'), 'brotli bytes');
  fs.writeFileSync(path.join(options.staticDir, 'main.0123abcd.js.map'), '{"sources":[]}');
  app = await buildApp(options);
});

afterAll(async () => {
  await app.close();
  removeTempDirs();
});

function xsrfCookieOf(response: { cookies: { name: string; value: string }[] }) {
  return response.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN');
}

describe('the SPA bundle', () => {
  it('hands the SPA its run-time configuration in the page, as data that runs nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });

    const block = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(
      response.body,
    );
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1])).toMatchObject(institution);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.headers['content-security-policy']).toMatch(
      /script-src 'self' 'sha256-[^']+';/,
    );
  });

  // String.replace reads $` $& $' in a replacement string as the text around the match.
  it('hands the SPA a value with $ patterns exactly as configured', async () => {
    const institutionName = "A$`B $& C$'D $$ E$1";
    const dollars = await buildApp(testAppOptions({ database, institutionName }));
    try {
      const response = await dollars.inject({ method: 'GET', url: '/' });
      const block = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(
        response.body,
      );
      expect(JSON.parse(block![1])).toMatchObject({ institutionName });
    } finally {
      await dollars.close();
    }
  });

  it.each(['/', '/send', '/send/', '/some/client/route'])(
    'serves index.html for %s (history fallback), never cached for long',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<script src="/main.0123abcd.js">');
    },
  );

  it('serves the translation files', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/i18n/sv.json' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ general: {} });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(xsrfCookieOf(response)).toBeUndefined();
  });

  it('lets browsers keep content-hashed assets for good', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.0123abcd.js' });

    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the build’s pre-compressed file when the browser accepts it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/main.0123abcd.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });

    expect(response.headers['content-encoding']).toBe('br');
    expect(response.body).toBe('brotli bytes');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('never serves the source maps kept beside the bundle', async () => {
    const response = await app.inject({ method: 'GET', url: '/main.0123abcd.js.map' });

    expect(response.statusCode).toBe(404);
  });

  it('never serves dotfiles', async () => {
    const response = await app.inject({ method: 'GET', url: '/.env' });

    expect(response.statusCode).toBe(404);
  });

  it('answers a missing file with 404, not with the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/i18n/fi.json' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });

  it.each([
    '/api/v1/nonexistent',
    '/api/v1/Registrations',
    '/api/v2',
    '/staff/api/nope',
    '/my/api/nope',
  ])(
    'answers a path under an API that no route takes, %s, with a JSON 404, not the page',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 404 });
    },
  );

  it.each(['/my', '/my/Abc_-123'])(
    "serves the applicant's own page, with its configuration, at %s, sending no Referer on",
    async (url) => {
      const response = await app.inject({ method: 'GET', url });

      expect(response.statusCode).toBe(200);
      // Its own name and words without scripts, in the language asked (Swedish by default).
      expect(response.body).toContain('<title>Min anmälan</title>');
      expect(response.body).toContain('<noscript>Aktivera JavaScript</noscript>');
      expect(response.body).toContain('<script id="app-config" type="application/json">');
      // Painted opening, before its script: in the language asked, Swedish by default.
      expect(response.body).toContain('<html lang="sv">');
      expect(response.body).toContain('<div id="root"><p>Öppnar</p></div>');
      const english = await app.inject({ method: 'GET', url: `${url}?lang=en` });
      expect(english.body).toContain('<div id="root"><p>Opening</p></div>');
      expect(english.body).toContain('<title>My registration</title>');
      // Without ?lang=, the browser's language: an English applicant's dead link is not Swedish.
      const browsers = await app.inject({
        method: 'GET',
        url,
        headers: { 'accept-language': 'fi-FI, en-GB;q=0.8, sv;q=0.5' },
      });
      expect(browsers.body).toContain('<div id="root"><p>Opening</p></div>');
      expect(browsers.headers.vary).toBe('accept-encoding, accept-language');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(xsrfCookieOf(response)).toBeDefined();
    },
  );

  it("serves the applicant's page only at its addresses", async () => {
    for (const url of ['/my.html', '/my/token/more']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('My registration');
    }
  });

  it('answers GET /healthz with 200 while the database answers, 503 when it does not', async () => {
    const healthy = await app.inject({ method: 'GET', url: '/healthz' });
    database.failing = true;
    const unhealthy = await app.inject({ method: 'GET', url: '/healthz' });
    database.failing = false;

    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toMatchObject({ status: 'ok' });
    expect(unhealthy.statusCode).toBe(503);
  });

  it('answers GET /healthz with 503 when the database does not answer in time', async () => {
    const release = database.stall();
    const startedAt = performance.now();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    release();

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'unavailable' });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(healthTimeoutMs - 50);
  });
});

describe('the XSRF-TOKEN cookie', () => {
  const signedToken = /^[\w-]{43}\.[\w-]{43}$/;

  it('comes with every HTML response: 256 random bits and their signature, Path=/, SameSite=Strict, readable by scripts', async () => {
    const first = xsrfCookieOf(await app.inject({ method: 'GET', url: '/' }));
    const second = xsrfCookieOf(await app.inject({ method: 'GET', url: '/send' }));

    expect(first).toEqual({
      name: 'XSRF-TOKEN',
      value: expect.stringMatching(signedToken),
      path: '/',
      sameSite: 'Strict',
    });
    expect(second?.value).not.toBe(first?.value);
  });

  it('keeps a valid token the browser already has, and replaces an invalid one', async () => {
    const token = xsrfCookieOf(await app.inject({ method: 'GET', url: '/' }))!.value;

    const kept = await app.inject({ method: 'GET', url: '/', cookies: { 'XSRF-TOKEN': token } });
    const replaced = await app.inject({ method: 'GET', url: '/', cookies: { 'XSRF-TOKEN': 'x' } });

    expect(xsrfCookieOf(kept)?.value).toBe(token);
    expect(xsrfCookieOf(replaced)?.value).toMatch(signedToken);
  });

  it('is Secure when the request came over HTTPS', async () => {
    const overHttps = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });

    expect(xsrfCookieOf(overHttps)).toMatchObject({ secure: true });
    expect(xsrfCookieOf(await app.inject({ method: 'GET', url: '/' }))).not.toHaveProperty(
      'secure',
    );
  });
});

describe('security headers', () => {
  function directives(csp: string): Map<string, string> {
    return new Map(
      csp.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
  }

  it("sends a Content-Security-Policy that allows no inline script but the start page's", async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    const policy = directives(String(response.headers['content-security-policy']));
    // The fixture renderer's (support/fixtures.ts) inline script is `void 0`.
    const inlineScriptHash = createHash('sha256').update('void 0').digest('base64');

    expect(Object.fromEntries(policy)).toEqual({
      'default-src': "'self'",
      'script-src': `'self' 'sha256-${inlineScriptHash}'`,
      'script-src-attr': "'none'",
      'style-src': "'self'",
      'img-src': "'self' data:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it.each(['/', '/graphql', '/healthz'])(
    'protects %s against sniffing, framing and referrer leaks',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });

      expect(response.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
      });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );
});

describe('without a built SPA', () => {
  it('refuses to start, saying what to do', async () => {
    const empty = makeTempDir('server-test-no-dist-');

    await expect(buildApp(testAppOptions({ database, staticDir: empty }))).rejects.toThrow(
      /startPage\.cjs is missing: build the SPA \(npm run build:client\) or set STATIC_DIR/,
    );
  });
});
