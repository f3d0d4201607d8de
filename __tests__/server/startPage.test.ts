/** @jest-environment node */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildApp } from '../../server/app';
import { fieldNames } from '../../src/features/registration/fields';
import { prerenderStartPage } from '../../src/prerender/startPage';
import { translations, withoutMarkup } from '../support/renderApp';
import { removeTempDirs, stubDatabase } from './support/fixtures';
import { testAppOptions } from './support/testApp';

const { sv, en } = translations;
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildApp(
    testAppOptions({
      database: stubDatabase(),
      prerenderStartPage,
      emailDomain: 'uni.example.fi',
      institutionUrl: 'https://www.uni.example.fi/',
    }),
  );
});

afterAll(async () => {
  await app.close();
  removeTempDirs();
});

/** The page as a browser has it before any script runs (JSDOM runs none unless told to). */
async function pageBeforeScripts(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { response, document: new JSDOM(response.body).window.document };
}

const labelOf = (scope: ParentNode, field: string) =>
  scope.querySelector(`label[for="${field}"]`)?.textContent;

describe('the start page as the server sends it', () => {
  it('holds the top bar, the hero and every label and hint, in Swedish, before any script runs', async () => {
    const { document } = await pageBeforeScripts('/');
    const root = document.getElementById('root')!;

    expect(root.querySelector('h1')?.textContent).toBe(sv.hero['heading-label']);
    expect(root.querySelector('header a[href="https://www.uni.example.fi/"]')).not.toBeNull();
    for (const field of fieldNames.filter((name) => name !== 'terms')) {
      expect(labelOf(root, field)).toBe(sv.form[`${field}-label`]);
    }
    expect(labelOf(root, 'terms')).toBe(withoutMarkup(sv.form['terms-label']));
    expect(root.querySelector('#email-hint')?.textContent).toContain('@uni.example.fi');
    expect(root.querySelector('button[type="submit"]')?.textContent).toBe(sv.form['submit-label']);
  });

  it('carries the page in English for an applicant who chose it, and the script that shows it', async () => {
    const { document } = await pageBeforeScripts('/');
    const template = document.querySelector('template#start-page-en') as HTMLTemplateElement;

    expect(labelOf(template.content, 'firstName')).toBe(en.form['firstName-label']);
    expect(template.content.querySelector('h1')?.textContent).toBe(en.hero['heading-label']);
  });

  it('allows its inline script, and no other, by hash', async () => {
    const { response, document } = await pageBeforeScripts('/');
    const inlineScripts = [...document.querySelectorAll('script:not([src]):not([type])')];
    const hashes = inlineScripts.map(
      (script) => `'sha256-${createHash('sha256').update(script.textContent!).digest('base64')}'`,
    );

    expect(hashes).toHaveLength(1);
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' ${hashes[0]};`,
    );
  });

  it.each(['/send', '/some/client/route'])('leaves %s to the browser to render', async (url) => {
    const { document } = await pageBeforeScripts(url);

    expect(document.getElementById('root')?.innerHTML).toBe('');
    expect(document.querySelector('template')).toBeNull();
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('is sent compressed as %s to a browser that accepts it', async (encoding, decompress) => {
    const plain = await app.inject({ method: 'GET', url: '/' });
    const compressed = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': `${encoding}, identity;q=0.5` },
    });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers).toMatchObject({
      'content-encoding': encoding,
      vary: 'accept-encoding',
    });
    expect(decompress(compressed.rawPayload).toString()).toBe(plain.body);
  });

  it('does not serve the renderer itself', async () => {
    const response = await app.inject({ method: 'GET', url: '/prerender/startPage.cjs' });

    expect(response.statusCode).toBe(404);
  });
});
