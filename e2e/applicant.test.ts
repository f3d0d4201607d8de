/**
 * The applicant's own link in Chromium (issue 34), on PGlite and PostgreSQL: a registration sent
 * from the form, its link read from the .eml in DATA_DIR/mail and opened; the token gone from the
 * address and the history; a wrong birthday counted, the right one accepted; the phone number
 * corrected (an invalid one first) and the correction in the staff API's history, made by the
 * applicant (an admin signed in at testing/localProvider.ts); the JSON downloaded; withdrawn after
 * the dialog: gone for the staff, its mail gone but for the withdrawal's notice, the link dead.
 * That journey in Swedish on a laptop and in English on a phone. In English and by keyboard
 * alone: a link asked for again, the same answer with and without a registration; a link locked
 * by 5 wrong birthdays; an expired one (faked clock).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleApiPath } from '../src/contract/consolePaths';
import { launchBrowser } from '../testing/browser';
import { connectGraphql, acknowledgedFirstName } from '../testing/graphqlClient';
import { validRegistration } from '../testing/registrations';
import { startLocalProvider, type LocalProvider } from '../testing/localProvider';
import { freePort, startServer, type RunningServer } from '../testing/server';
import { describeWith, testServiceUrl, testTool } from '../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../testing/throwawayDatabase';
import { chooseLanguage, openStartPage, waitForOutcome } from './support/app';
import { expectNoViolationsAtBothSizes as expectNoViolationsAtBothSizesOf } from './support/axe';
import { fakedClock, type FakedClock } from '../testing/fakedClock';
import { fillForm, submitButton } from './support/form';
import { tabTo } from './support/keyboard';
import { text, type Language } from './support/translations';

/** 1.1.1990, the wrong birthday typed, as the page names it back. */
const wrongDateAsRead = { sv: '1 januari 1990', en: '1 January 1990' } as const;

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');
const hasFaketime = testTool('faketime', "an expired applicant's link on a faked clock");

let browser: Browser;
let server: RunningServer;
let provider: LocalProvider;
let clock: FakedClock | undefined;
let context: BrowserContext;
let page: Page;
let pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  pageErrors = [];
  context = await browser.newContext({ baseURL: server.url, acceptDownloads: true });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
});

afterEach(async () => {
  await context.close();
  if (pageErrors.length > 0) {
    throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n\n')}`);
  }
});

const mailDir = () => path.join(server.dataDir, 'mail');
const mailFiles = () => (fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()) : []);

/** A confirmation's file, or (`resent`) one of a link asked for again. */
const mailFileName = (resent: boolean) =>
  resent ? /^registration-\d+-link-\d+\.eml$/ : /^registration-\d+\.eml$/;

/** The mail to this address in a file whose name matches, once the server has written it. */
async function mailTo(email: string, fileName: RegExp): Promise<{ file: string; text: string }> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const file of mailFiles().filter((name) => fileName.test(name))) {
      const message = await simpleParser(fs.readFileSync(path.join(mailDir(), file)));
      if (message.to && JSON.stringify(message.to).includes(email)) {
        return { file, text: message.text ?? '' };
      }
    }
    await sleep(100);
  }
  throw new Error(`No mail to ${email} in a file like ${fileName} in ${mailDir()}`);
}

/** The applicant's link mailed to this address (the server sends in the background). */
async function linkMailedTo(email: string, resent = false): Promise<string> {
  const { text: body } = await mailTo(email, mailFileName(resent));
  const link = /https?:\/\/\S+\/my\/[A-Za-z0-9_-]{43}\b/.exec(body)?.[0];
  if (!link) throw new Error(`The mail to ${email} has no link`);
  return link;
}

const expectNoViolationsAtBothSizes = () => expectNoViolationsAtBothSizesOf(page);

/** Sends a registration through the form's own API: its email address. */
async function registered(): Promise<string> {
  const registration = validRegistration();
  const client = await connectGraphql(server.url);
  expect(acknowledgedFirstName(await client.submit(registration))).toBe(registration.firstName);
  return registration.email;
}

/** Switches the page to English by keyboard alone (the top bar's menu), as the form does. */
async function switchToEnglishByKeyboard(): Promise<void> {
  await tabTo(page, 'language-switcher');
  await page.keyboard.press('Enter');
  await page.locator('.dropdown-menu.show').waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
}

/** Opens the staff console in a page of its own and signs an admin in at the local provider. */
async function signedInStaff(): Promise<Page> {
  const staff = await context.newPage();
  staff.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  await staff.goto('/staff');
  await staff.waitForURL(/\/interaction\//);
  await staff.locator('input[name=login]').fill('admin');
  await staff.locator('input[name=password]').fill('any password');
  await staff.locator('button[type=submit]').click();
  await staff.waitForURL(`${server.url}/staff`);
  return staff;
}

/** The whole journey in Swedish on a laptop, and in English on a phone (the "done when"). */
const runs: { language: Language; viewport: { width: number; height: number } }[] = [
  { language: 'sv', viewport: { width: 1366, height: 768 } },
  { language: 'en', viewport: { width: 390, height: 844 } },
];

describe('on PGlite', () => applicantTests({}));
describeWith(postgresUrl)('on PostgreSQL', () => applicantTests({ postgresUrl }));

function applicantTests(storage: { postgresUrl?: string }) {
  let database: ThrowawayDatabase | undefined;

  beforeAll(async () => {
    if (storage.postgresUrl) {
      database = await createThrowawayDatabase(storage.postgresUrl, 'e2e_applicant');
    }
    // The link in the mail is PUBLIC_URL's: the server's own address. Its clock moves forward
    // for the last test only.
    const port = await freePort();
    provider = await startLocalProvider(`http://127.0.0.1:${port}`);
    clock = hasFaketime ? fakedClock() : undefined;
    server = await startServer({
      port,
      env: {
        ...provider.settings,
        ...(database && { DATABASE_URL: database.url }),
        ...clock?.env,
      },
    });
  });

  afterAll(async () => {
    await server?.dispose();
    await provider?.stop();
    clock?.dispose();
    await database?.drop();
  });

  test.each(runs)(
    'in $language at $viewport.width px: sent from the form, opened from the mail, verified, corrected, downloaded and withdrawn; the staff see the correction, then nothing; each step mailed',
    async ({ language, viewport }) => {
      await page.setViewportSize(viewport);
      // An address as long as the form takes (50 characters), which must wrap on a phone.
      const tagged = validRegistration();
      const padding = 'x'.repeat(50 - tagged.email.length - 1);
      const registration = { ...tagged, email: tagged.email.replace('@', `.${padding}@`) };
      await openStartPage(page);
      if (language !== 'sv') await chooseLanguage(page, language);
      await fillForm(page, registration);
      await submitButton(page).click();
      await waitForOutcome(page, 'send-page-thankyou', language);

      // The registration's id names its mail files and the staff API's address.
      const confirmation = await mailTo(registration.email, mailFileName(false));
      const id = /^registration-(\d+)\.eml$/.exec(confirmation.file)![1];
      const link = await linkMailedTo(registration.email);
      const token = link.split('/').pop()!;
      await page.goto(link);
      const birthday = page.getByLabel(text(language, 'form.birthday-label'));
      await birthday.waitFor();
      // The token is in neither the address nor the history once opened.
      expect(page.url()).not.toContain(token);
      expect(
        await page.evaluate(() => JSON.stringify(history.state) + location.href),
      ).not.toContain(token);
      await expectNoViolationsAtBothSizes();
      await page.setViewportSize(viewport);

      // A wrong birthday is counted, named as it was read; the right one, typed another way than
      // in the form (ISO), opens the fields.
      await birthday.fill('1.1.1990');
      await page.getByRole('button', { name: text(language, 'applicant:verify-submit') }).click();
      // The tries left, once, in the field's own message; the field takes the focus, in view.
      await page
        .locator('#verify-birthday-error', {
          hasText: text(language, 'applicant:birthday-wrong_other', {
            count: '4',
            date: wrongDateAsRead[language],
          }),
        })
        .waitFor();
      expect(await birthday.evaluate((input) => input === document.activeElement)).toBe(true);
      const [day, month, year] = registration.birthday.split('.');
      await birthday.fill(`${year}-${month}-${day}`);
      await page.getByRole('button', { name: text(language, 'applicant:verify-submit') }).click();
      const details = page.getByRole('heading', {
        name: text(language, 'applicant:details-heading'),
        exact: true,
      });
      await details.waitFor();
      expect(await page.locator('main').innerText()).toContain(registration.phoneNumber);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoViolationsAtBothSizes();
      await page.setViewportSize(viewport);

      // A correction the form's rules refuse: the summary names the field and takes the focus.
      await page.getByRole('button', { name: text(language, 'applicant:correct') }).click();
      const phone = page.getByLabel(text(language, 'form.phoneNumber-label'));
      await phone.fill('040 1');
      await page.getByRole('button', { name: text(language, 'applicant:correction-save') }).click();
      const summary = page.getByRole('region', {
        name: text(language, 'form.error-summary-heading'),
      });
      await summary.waitFor();
      expect(await summary.innerText()).toContain(text(language, 'form.phoneNumber-label'));
      await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
      await expectNoViolationsAtBothSizes();
      await page.setViewportSize(viewport);
      await summary.getByRole('link').click();
      expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
      const newNumber = '+358 50 765 4321';
      await phone.fill(newNumber);
      await page.getByRole('button', { name: text(language, 'applicant:correction-save') }).click();
      // The result names the field corrected, by its label.
      const phoneLabel = text(language, 'form.phoneNumber-label');
      await page.getByText(text(language, 'applicant:corrected', { fields: phoneLabel })).waitFor();
      expect(await page.locator('main').innerText()).toContain(newNumber);
      // The result where the applicant is: the section's heading has the focus.
      await page.waitForFunction(() => document.activeElement?.id === 'details-heading');
      await mailTo(registration.email, new RegExp(`^registration-${id}-updated-\\d+\\.eml$`));

      // The staff see the correction in the registration's history, made by the applicant.
      const staff = await signedInStaff();
      const staffView = await staff.request.get(`${consoleApiPath}/registrations/${id}`);
      expect(staffView.status()).toBe(200);
      expect((await staffView.json()).history).toContainEqual(
        expect.objectContaining({
          type: 'correction',
          actor: null,
          field: 'phoneNumber',
          from: registration.phoneNumber,
          to: newNumber,
        }),
      );

      // The JSON download has the corrected number.
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: text(language, 'applicant:download') }).click(),
      ]);
      const chunks: Buffer[] = [];
      for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
      expect(JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')))).toContain(
        newNumber,
      );

      // Withdrawn after the dialog; the link is dead afterwards.
      await page
        .getByRole('button', { name: text(language, 'applicant:withdraw'), exact: true })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(language, 'applicant:withdraw-confirm') })
        .click();
      await page
        .getByRole('heading', { name: text(language, 'applicant:withdrawn-heading'), exact: true })
        .waitFor();
      await expectNoViolationsAtBothSizes();
      await page.setViewportSize(viewport);

      // Gone for the staff (410: the applicant withdrew it, what its assignee is told); its mail
      // went with it, but for the withdrawal's own notice.
      expect((await staff.request.get(`${consoleApiPath}/registrations/${id}`)).status()).toBe(410);
      await mailTo(registration.email, /^withdrawn-\d+\.eml$/);
      expect(mailFiles().filter((name) => name.startsWith(`registration-${id}-`))).toEqual([]);
      expect(mailFiles()).not.toContain(`registration-${id}.eml`);

      // A reload says so again, for as long as the tab lasts; the link itself no longer opens.
      await page.reload();
      await page.getByText(text(language, 'applicant:withdrawn-paragraph')).waitFor();
      await page.goto(link);
      await page
        .getByRole('heading', {
          name: text(language, 'applicant:link-refused-heading'),
          exact: true,
        })
        .waitFor();
    },
  );

  test('a link asked for again, in English by keyboard: one answer with and without a registration, mail only for the one', async () => {
    const email = await registered();
    const oldLink = await linkMailedTo(email);
    await page.goto('/my');
    // Before anything names a language, the browser's: Chromium's en-US, English at once.
    await page
      .getByRole('heading', { name: text('en', 'applicant:link-request-heading') })
      .waitFor();
    await expectNoViolationsAtBothSizes();

    /** Types the address and sends it with Enter; the answer, which takes the focus. */
    const askFor = async (address: string) => {
      await page.locator('#link-email').waitFor(); // rendered, before the Tab presses start
      await tabTo(page, 'link-email');
      await page.keyboard.type(address);
      await page.keyboard.press('Enter');
      const answer = page.getByRole('status').filter({
        hasText: text('en', 'applicant:link-request-sent'),
      });
      await answer.waitFor();
      expect(await answer.evaluate((element) => element === document.activeElement)).toBe(true);
      return answer.innerText();
    };
    const known = await askFor(email);
    const newLink = await linkMailedTo(email, true);
    await expectNoViolationsAtBothSizes();

    const linksBefore = mailFiles().filter((name) => mailFileName(true).test(name)).length;
    await page.reload();
    const unknown = await askFor(`nobody.${Date.now()}@${email.split('@')[1]}`);
    expect(unknown).toBe(known);
    await sleep(1500); // more than the outbox's polling round
    expect(mailFiles().filter((name) => mailFileName(true).test(name))).toHaveLength(linksBefore);

    // The new link replaced the old one.
    await page.goto(oldLink);
    await page
      .getByRole('heading', { name: text('en', 'applicant:link-refused-heading'), exact: true })
      .waitFor();
    await page.goto(newLink);
    await page.locator('#verify-birthday').waitFor();
  });

  test('a link locked after 5 wrong birthdays, in English by keyboard, the right one too late', async () => {
    const email = await registered();
    await page.goto(await linkMailedTo(email));
    await page.getByLabel(text('sv', 'form.birthday-label')).waitFor();
    await switchToEnglishByKeyboard();
    await tabTo(page, 'verify-birthday');
    for (let left = 4; left >= 1; left--) {
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('01.01.1990');
      await page.keyboard.press('Enter');
      const key = left === 1 ? 'applicant:birthday-wrong_one' : 'applicant:birthday-wrong_other';
      await page
        .locator('#verify-birthday-error', {
          hasText: text('en', key, { count: String(left), date: wrongDateAsRead.en }),
        })
        .waitFor();
      if (left === 4) await expectNoViolationsAtBothSizes();
      // The field keeps the focus: the next date is typed at once.
      await page.waitForFunction(() => document.activeElement?.id === 'verify-birthday');
    }
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('01.01.1990');
    await page.keyboard.press('Enter');
    // The notice takes the focus, so that a screen reader reads it at once.
    const locked = page.getByRole('alert').filter({
      hasText: text('en', 'applicant:locked-heading'),
    });
    await locked.waitFor();
    expect(await locked.evaluate((notice) => notice === document.activeElement)).toBe(true);
    expect(await page.getByLabel(text('en', 'form.birthday-label')).count()).toBe(0);
    await expectNoViolationsAtBothSizes();
  });

  // Last: the server's clock stays moved on.
  (hasFaketime ? test : test.skip)('a link past its days does not open (faked clock)', async () => {
    const link = await linkMailedTo(await registered());
    await clock!.advance(31 * 24 * 60, server.url); // APPLICANT_LINK_DAYS is 30 by default
    await page.goto(link);
    await page
      .getByRole('heading', { name: text('sv', 'applicant:link-refused-heading'), exact: true })
      .waitFor();
    await expectNoViolationsAtBothSizes();
  });
}
