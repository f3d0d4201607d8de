/**
 * The office's information request (issue 44) in Chromium, on PGlite and PostgreSQL: an officer
 * asks for a corrected phone number with a deadline from the registration's page; the applicant,
 * on a throttled phone, opens the link of the request's email (the .eml in DATA_DIR/mail), sees
 * the message first, and answers by keyboard alone; the officer sees the answer in the history
 * and the registration back in progress. axe finds nothing on the console's request form and on
 * the applicant's request, in Swedish and English, at a phone's size and a laptop's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleApiPath } from '../src/contract/consolePaths';
import { launchBrowser } from '../testing/browser';
import { acknowledgedFirstName, connectGraphql } from '../testing/graphqlClient';
import { validRegistration } from '../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../testing/localProvider';
import { freePort, startServer, type RunningServer } from '../testing/server';
import { throttleLikeAPhone } from '../testing/throttledPhone';
import { describeWith, testServiceUrl } from '../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../testing/throwawayDatabase';
import { chooseLanguage } from './support/app';
import { expectNoViolationsAtBothSizes } from './support/axe';
import { focusedElement, tabTo } from './support/keyboard';
import { text, type Language } from './support/translations';

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

// The applicant's page on a throttled phone, and axe four times over.
jest.setTimeout(240_000);

let browser: Browser;
let context: BrowserContext;
let pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  pageErrors = [];
});

afterEach(async () => {
  await context?.close();
  if (pageErrors.length > 0) {
    throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n\n')}`);
  }
});

describe('on PGlite', () => requestTests({}));
describeWith(postgresUrl)('on PostgreSQL', () => requestTests({ postgresUrl }));

function requestTests(storage: { postgresUrl?: string }) {
  let server: RunningServer;
  let provider: LocalProvider;
  let database: ThrowawayDatabase | undefined;

  beforeAll(async () => {
    if (storage.postgresUrl) {
      database = await createThrowawayDatabase(storage.postgresUrl, 'e2e_requests');
    }
    const port = await freePort();
    provider = await startLocalProvider(`http://127.0.0.1:${port}`);
    server = await startServer({
      port,
      env: { ...provider.settings, ...(database && { DATABASE_URL: database.url }) },
    });
  });

  afterAll(async () => {
    await server?.dispose();
    await provider?.stop();
    await database?.drop();
  });

  const mailDir = () => path.join(server.dataDir, 'mail');

  /** The text of the first mail in a file whose name matches, once the server has written it. */
  async function mailIn(fileName: RegExp): Promise<string> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const files = fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()) : [];
      const file = files.find((name) => fileName.test(name));
      if (file) return (await simpleParser(fs.readFileSync(path.join(mailDir(), file)))).text ?? '';
      await sleep(100);
    }
    throw new Error(`No mail in a file like ${fileName}`);
  }

  async function newPage(): Promise<Page> {
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    return page;
  }

  /** The console, an admin signed in at the local provider. */
  async function signedInStaff(): Promise<Page> {
    const staff = await newPage();
    await staff.goto('/staff');
    await staff.waitForURL(/\/interaction\//);
    await staff.locator('input[name=login]').fill('admin');
    await staff.locator('input[name=password]').fill('any password');
    await staff.locator('button[type=submit]').click();
    await staff.waitForURL(`${server.url}/staff`);
    return staff;
  }

  /** A day `days` ahead, as the console's deadline field takes it (d.m.yyyy). */
  function dayAhead(days: number) {
    const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    return `${date.getUTCDate()}.${date.getUTCMonth() + 1}.${date.getUTCFullYear()}`;
  }

  test('an officer asks for a corrected phone number; the applicant on a phone answers by keyboard; the officer sees it', async () => {
    context = await browser.newContext({ baseURL: server.url });
    const registration = validRegistration();
    const client = await connectGraphql(server.url);
    expect(acknowledgedFirstName(await client.submit(registration))).toBe(registration.firstName);
    const confirmation = await mailIn(/^registration-\d+\.eml$/);
    expect(confirmation).toContain(registration.firstName);
    const id = fs
      .readdirSync(mailDir())
      .map((name) => /^registration-(\d+)\.eml$/.exec(name)?.[1])
      .find(Boolean)!;

    // The officer opens the request form, checked in both languages, and asks in English.
    const staff = await signedInStaff();
    await staff.goto(`/staff/${id}`);
    const { reference } = await (
      await staff.request.get(`${consoleApiPath}/registrations/${id}`)
    ).json();
    const section = (language: Language) =>
      staff.getByRole('region', { name: text(language, 'staff:request-heading') });
    await section('sv')
      .getByRole('button', { name: text('sv', 'staff:request-open-form') })
      .click();
    await staff.getByLabel(text('sv', 'staff:request-message-label')).waitFor();
    await expectNoViolationsAtBothSizes(staff);
    const title = text('en', 'staff:page-title', {
      view: text('en', 'staff:registration-title', { reference }),
    });
    await chooseLanguage(staff, 'en', title);
    const form = section('en');
    await form.getByLabel(text('en', 'staff:request-message-label')).waitFor();
    await expectNoViolationsAtBothSizes(staff);
    const message = 'Your phone number does not answer.\nPlease correct it.';
    await form.getByLabel(text('en', 'form.phoneNumber-label')).check();
    await form.getByLabel(text('en', 'staff:request-message-label')).fill(message);
    await form.getByLabel(text('en', 'staff:request-deadline-label')).fill(dayAhead(7));
    await form.getByRole('button', { name: text('en', 'staff:request-send') }).click();
    await form.getByText(text('en', 'staff:request-sent')).waitFor();

    // The applicant, on a throttled phone, opens the request's email's link: the message first.
    const mail = await mailIn(new RegExp(`^registration-${id}-request-\\d+\\.eml$`));
    expect(mail).toContain('Your phone number does not answer.');
    const link = /https?:\/\/\S+\/my\/[A-Za-z0-9_-]{43}\b/.exec(mail)![0];
    const page = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await throttleLikeAPhone(page);
    await page.goto(link);
    const birthday = page.getByLabel(text('sv', 'form.birthday-label'));
    await birthday.waitFor({ timeout: 30_000 });
    await birthday.focus();
    await page.keyboard.type(registration.birthday);
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: text('sv', 'applicant:request-heading') });
    await heading.waitFor({ timeout: 30_000 });
    const firstHeading = await page.locator('main h2').first().innerText();
    expect(firstHeading).toBe(text('sv', 'applicant:request-heading'));
    expect(await page.locator('#request-heading + p').innerText()).toBe(message);
    await expectNoViolationsAtBothSizes(page);
    // The page's title follows its heading: the language is read from the document instead.
    await page.locator('#language-switcher').click();
    await page.locator('.dropdown-item[lang=en]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByRole('heading', { name: text('en', 'applicant:request-heading') }).waitFor();
    await expectNoViolationsAtBothSizes(page);
    await page.setViewportSize({ width: 390, height: 844 });

    // The answer by keyboard alone: the asked field, then the send button.
    const newNumber = '+358 50 765 4321';
    await tabTo(page, 'answer-phoneNumber');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(newNumber);
    await tabTo(page, text('en', 'applicant:request-send'));
    expect((await focusedElement(page)).tag).toBe('BUTTON');
    await page.keyboard.press('Enter');
    await page.getByText(text('en', 'applicant:request-answered')).waitFor({ timeout: 30_000 });

    // The officer sees the answer in the history and the registration back in progress.
    await staff.reload();
    await staff.getByText(text('en', 'staff:history-request-answered'), { exact: true }).waitFor();
    const answered = await (
      await staff.request.get(`${consoleApiPath}/registrations/${id}`)
    ).json();
    expect(answered).toMatchObject({
      state: 'in-progress',
      phoneNumber: newNumber,
      request: { answeredAt: expect.any(String), late: false },
    });
  });
}
