/** @jest-environment node */
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { buildApp } from '../../server/app';
import { fieldNames } from '../../src/contract/fields';
import { prerenderStartPage } from '../../src/prerender/startPage';
import applicantEn from '../../public/assets/i18n/applicant/en.json';
import applicantSv from '../../public/assets/i18n/applicant/sv.json';
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

  it.each(['/', '/?lang=en'])(
    'allows its inline script, and no other, by hash: %s',
    async (url) => {
      const { response, document } = await pageBeforeScripts(url);
      const inlineScripts = [...document.querySelectorAll('script:not([src]):not([type])')];
      const hashes = inlineScripts.map(
        (script) => `'sha256-${createHash('sha256').update(script.textContent!).digest('base64')}'`,
      );

      expect(hashes).toHaveLength(1);
      expect(response.headers['content-security-policy']).toContain(
        `script-src 'self' ${hashes[0]};`,
      );
    },
  );

  it.each([
    ['/?lang=en', 'en'],
    ['/?lang=sv', 'sv'],
    ['/?lang=fi', 'sv'],
    ['/?lang=', 'sv'],
    ['/?lang=en&lang=sv', 'sv'],
  ])('answers %s with the page in %s', async (url, language) => {
    const { document } = await pageBeforeScripts(url);
    const other = language === 'en' ? 'sv' : 'en';

    expect(document.documentElement.lang).toBe(language);
    expect(document.querySelector('#root h1')?.textContent).toBe(
      translations[language as 'sv' | 'en'].hero['heading-label'],
    );
    expect(labelOf(document.getElementById('root')!, 'firstName')).toBe(
      translations[language as 'sv' | 'en'].form['firstName-label'],
    );
    expect(document.querySelector(`template#start-page-${other}`)).not.toBeNull();
    expect(document.querySelector(`template#start-page-${language}`)).toBeNull();
  });

  it('lets its language button ask for the page in the other language without script', async () => {
    const { document } = await pageBeforeScripts('/');
    const button = document.getElementById('language-switcher') as HTMLButtonElement;

    expect(button.form?.getAttribute('action')).toBe('/');
    expect(button.form?.method).toBe('get');
    expect(button.type).toBe('submit');
    expect([button.name, button.value]).toEqual(['lang', 'en']);
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

  it.each([
    ['terms', 'sv', '/terms'],
    ['privacy', 'sv', '/privacy'],
    ['accessibility', 'sv', '/accessibility?lang=fi'],
    ['terms', 'en', '/terms?lang=en'],
    ['privacy', 'en', '/privacy?lang=en'],
    ['accessibility', 'en', '/accessibility?lang=en'],
  ] as const)(
    'serves the %s document in %s as a page of its own at %s, without script',
    async (name, language, url) => {
      const { response, document } = await pageBeforeScripts(url);
      const texts = translations[language];
      const links = [...document.querySelectorAll('a')].map((link) => link.getAttribute('href'));

      expect(response.statusCode).toBe(200);
      expect(document.documentElement.lang).toBe(language);
      expect(document.title).toBe(
        `${texts.documents[name].title} – ${texts.general['tlk-title-label']}`,
      );
      expect(document.querySelector('h1')?.textContent).toBe(texts.documents[name].title);
      expect(document.querySelector('h2')?.textContent).toBe(
        texts.documents[name].sections[0].heading,
      );
      expect(document.querySelectorAll('script, noscript')).toHaveLength(0);
      expect(links).toContain(`/?lang=${language}`);
    },
  );

  it.each([
    ['/my/Abc_-123', 'sv', sv, applicantSv],
    ['/my?lang=en', 'en', en, applicantEn],
  ] as const)(
    "paints the applicant's page at %s opening, its language switch hidden until its script has come",
    async (url, language, texts, applicantText) => {
      const { document } = await pageBeforeScripts(url);
      const root = document.getElementById('root')!;

      expect(document.documentElement.lang).toBe(language);
      // Its own name and its own words without scripts, not the form's.
      expect(document.title).toBe(applicantText['no-session-heading']);
      expect(document.querySelector('noscript')?.textContent).toBe(applicantText.noscript);
      expect(root.querySelector('header')?.textContent).toContain(texts.general['topbar-label']);
      // The spinner says in words what is coming, to the eye and to a screen reader alike.
      const status = root.querySelector('main [role="status"]')!;
      expect(status.textContent).toBe(applicantText.opening);
      expect(status.querySelector('.visually-hidden')).toBeNull();
      expect(root.querySelector('footer')).not.toBeNull();
      // The switch needs the script: hidden (styles.scss) until the page renders in its place.
      expect(root.querySelectorAll('.page-opening .dropdown')).toHaveLength(1);
    },
  );

  it('does not serve the renderer itself', async () => {
    const response = await app.inject({ method: 'GET', url: '/prerender/startPage.cjs' });

    expect(response.statusCode).toBe(404);
  });
});
