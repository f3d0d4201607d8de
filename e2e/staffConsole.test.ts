/**
 * The staff console in Chromium, signed in through a real OpenID provider's own login form
 * (testing/localProvider.ts, in this process): an admin lists, filters, searches, opens, exports,
 * erases and reads the audit log, then signs out; a coordinator sees only their programme; a
 * person without access is told so; a session idle for 30 minutes (on the server's faked clock)
 * signs in again; an officer processes a registration (takes it, moves it through the states,
 * notes, corrects, reads its timeline), two people change one and the second is told, many change
 * at once on a filter, the overview's numbers are the list's; axe finds nothing on any view. On
 * PGlite and on PostgreSQL.
 */
import { readSheet } from 'read-excel-file/node';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../testing/browser';
import { parseCsv } from '../testing/csv';
import { connectGraphql, acknowledgedFirstName } from '../testing/graphqlClient';
import { startLocalProvider, type LocalProvider } from '../testing/localProvider';
import { emailDomain, uniqueWord, validRegistration } from '../testing/registrations';
import { freePort, startServer, type RunningServer } from '../testing/server';
import { describeWith, testServiceUrl, testTool } from '../testing/testService';
import { waitFor } from '../testing/waitFor';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../testing/throwawayDatabase';
import { xsrfCookieName, xsrfHeaderName } from '../src/contract/protocol';
import type { RegistrationValues } from '../src/contract/fields';
import { chooseLanguage } from './support/app';
import {
  wcagViolations,
  expectNoViolationsAtBothSizes as expectNoViolationsAtBothSizesOf,
} from './support/axe';
import { fakedClock, type FakedClock } from '../testing/fakedClock';
import { installMeasures, type WindowWithAxe } from './support/nonTextContrast';
import { text, type Language } from './support/translations';
import { tabTo as tabToControl } from './support/keyboard';

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');
const hasFaketime = testTool('faketime', 'idle timeout on a faked clock');

let provider: LocalProvider;
let server: RunningServer;
/** The server's clock, which the idle timeout's test moves on. */
let clock: FakedClock | undefined;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[] = [];

/** Sent before the tests: two in the coordinator's programme (MIDS), two in another. */
const registrations: RegistrationValues[] = [
  validRegistration({ degreeProgram: 'MIDS' }),
  validRegistration({ degreeProgram: 'IT' }),
  validRegistration({ degreeProgram: 'MIDS' }),
  validRegistration({ degreeProgram: 'EASE' }),
];
const mids = registrations.filter((registration) => registration.degreeProgram === 'MIDS');
const fullName = (registration: RegistrationValues) =>
  `${registration.firstName} ${registration.lastName}`;

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

/** Opens /staff, signs in on the provider's own form and waits for the console's first view. */
async function signIn(login: string, startAt = '/staff'): Promise<void> {
  await page.goto(startAt);
  await page.waitForURL(/\/interaction\//);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(`${server.url}/staff`);
  await signOutButton().waitFor();
}

const signOutButton = () => page.getByRole('button', { name: text('sv', 'staff:sign-out') });

/** The names in the table's rows, as shown. */
function namesInTable(): Promise<string[]> {
  return page.locator('tbody th').allInnerTexts();
}

async function waitForCaption(count: number, language: Language = 'sv'): Promise<void> {
  const key = count === 1 ? 'staff:registrations-caption_one' : 'staff:registrations-caption_other';
  await page
    .locator('caption', {
      hasText: new RegExp(`^${text(language, key, { count: String(count) })}$`),
    })
    .waitFor();
}

/** axe on the view as it rests: colours mid-transition (a dialog fading in) are no verdict. */
async function expectNoViolations(): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await wcagViolations(page)).toEqual([]);
}

/** A console view's page title, as the staff translations compose it. */
const viewTitle = (language: Language, view: string) =>
  text(language, 'staff:page-title', { view });

/** Waits until the page's title is the view's, in that language. */
async function waitForTitle(language: Language, view: string): Promise<void> {
  await page.waitForFunction((title) => document.title === title, viewTitle(language, view));
}

/** The h1 has the focus: a move within the console has put it there. */
const headingHasFocus = () => page.evaluate(() => document.activeElement?.tagName === 'H1');

/**
 * The top bar's language menu, as a person uses it; done once the menu has closed and the page's
 * title is the view's (its text in English) with the console's name, in English.
 */
async function switchToEnglish(view: string): Promise<void> {
  await chooseLanguage(page, 'en', viewTitle('en', view));
  await page.locator('.dropdown-menu').waitFor({ state: 'hidden' });
  await page.mouse.move(0, 0); // off the language button, which the pointer would keep lit
}

const programmeLabel = (code: string) => text('sv', `degree-programs.${code}`);

/**
 * The contrast of a table cell's text against its row, stripe included: Bootstrap paints the
 * stripe as an inset box-shadow, which axe's own check does not see. axe's arithmetic, though.
 */
async function contrastOnItsRow(text: Locator): Promise<number> {
  await installMeasures(page); // puts axe-core into the page
  return text.evaluate((element) => {
    const { color } = (window as unknown as WindowWithAxe).axe.commons;
    const parse = (css: string) => new color.Color().parseString(css);
    const cell = getComputedStyle(element.closest('td, th')!);
    const stripe = parse(cell.boxShadow.match(/^rgba?\([^)]*\)/)![0]);
    const row = color.flattenColors(
      stripe,
      color.flattenColors(parse(cell.backgroundColor), parse('#fff')),
    );
    return color.getContrast(row, parse(getComputedStyle(element).color));
  });
}

/** Clicks an export button and resolves with the downloaded file. */
async function download(buttonName: string): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: buttonName, exact: true }).click(),
  ]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Sends registrations before a test, through the form's own API. */
async function submitted(...values: RegistrationValues[]): Promise<RegistrationValues[]> {
  const client = await connectGraphql(server.url);
  for (const registration of values) {
    expect(acknowledgedFirstName(await client.submit(registration))).toBe(registration.firstName);
  }
  return values;
}

/** Shows the list filtered by a search text, as a person types and presses it. */
async function search(searchText: string, count: number): Promise<void> {
  await page.getByLabel(text('sv', 'staff:search-label')).fill(searchText);
  await page.getByRole('button', { name: text('sv', 'staff:apply-filter') }).click();
  await waitForCaption(count);
}

const tabTo = (matches: string) => tabToControl(page, matches);

/** The timeline's steps, as shown. */
const timeline = () => page.locator('.timeline li').allInnerTexts();

const expectNoViolationsAtBothSizes = () => expectNoViolationsAtBothSizesOf(page);

describe('on PGlite', () => consoleTests({}));
describeWith(postgresUrl)('on PostgreSQL', () => consoleTests({ postgresUrl }));

/** The console's tests on a server of their own, on PGlite or on a throwaway PostgreSQL database. */
function consoleTests(storage: { postgresUrl?: string }) {
  let database: ThrowawayDatabase | undefined;

  beforeAll(async () => {
    if (storage.postgresUrl) {
      database = await createThrowawayDatabase(storage.postgresUrl, 'e2e_staff_console');
    }
    clock = hasFaketime ? fakedClock() : undefined;
    // The provider must know the server's address before either starts.
    const port = await freePort();
    provider = await startLocalProvider(`http://127.0.0.1:${port}`);
    server = await startServer({
      port,
      env: { ...provider.settings, ...clock?.env, ...(database && { DATABASE_URL: database.url }) },
    });
    const client = await connectGraphql(server.url);
    for (const registration of registrations) {
      expect(acknowledgedFirstName(await client.submit(registration))).toBe(registration.firstName);
    }
  });

  afterAll(async () => {
    await server?.dispose();
    await provider?.stop();
    await database?.drop();
    clock?.dispose();
  });

  test('an admin lists, filters, searches, opens, exports and erases, then reads it all in the audit log and signs out', async () => {
    await signIn('admin');
    await waitForCaption(registrations.length);
    expect(await namesInTable()).toEqual(registrations.map(fullName).reverse()); // newest first
    await expectNoViolations();

    // Filter by programme: only MIDS.
    await page.getByLabel(text('sv', 'form.degreeProgram-label')).selectOption('MIDS');
    await page.getByRole('button', { name: text('sv', 'staff:apply-filter') }).click();
    await waitForCaption(mids.length);
    expect(await namesInTable()).toEqual(mids.map(fullName).reverse());

    // Export the filter as it stands, every page of it as the label says, in both formats, and
    // read the files back.
    await page
      .getByText(text('sv', 'staff:export-label_other', { count: String(mids.length) }))
      .waitFor();
    const csv = await download(text('sv', 'staff:export-csv'));
    expect(parseCsv(csv.toString('utf8')).map((row) => row.email)).toEqual(
      mids.map((registration) => registration.email).reverse(),
    );
    const sheet = await readSheet(await download(text('sv', 'staff:export-xlsx')));
    const cells = sheet.flat().map(String);
    expect(sheet).toHaveLength(mids.length + 1); // a heading row, then the rows
    for (const registration of mids) expect(cells).toContain(registration.email);
    expect(cells).not.toContain(registrations[1].email);

    // Search within the filter, by part of a last name.
    const [target, other] = mids;
    const lastWord = target.lastName.split(' ')[1];
    await page.getByLabel(text('sv', 'staff:search-label')).fill(lastWord.slice(1, 6));
    await page.getByRole('button', { name: text('sv', 'staff:apply-filter') }).click();
    await waitForCaption(1);
    expect(await namesInTable()).toEqual([fullName(target)]);
    // The search text may be a name: it is in no address, the page's nor the list's request's.
    expect(page.url()).not.toContain(lastWord.slice(1, 6));

    // Open it: every field shows.
    await page.getByRole('link', { name: fullName(target) }).click();
    await page.getByRole('heading', { level: 1, name: fullName(target) }).waitFor();
    const details = await page.locator('dl').innerText();
    for (const value of [target.email, target.phoneNumber, target.address, target.city]) {
      expect(details).toContain(value);
    }
    expect(details).toContain(programmeLabel('MIDS'));
    // What the applicant ticked: that they have read the terms, as the form says.
    expect(details).toContain(text('sv', 'staff:terms-accepted'));
    const reference = await page.locator('dd code').innerText();
    await expectNoViolations();

    // Back to the list as it was left (its filter and search), and in again.
    await page.getByRole('link', { name: text('sv', 'staff:back-to-list') }).click();
    await waitForCaption(1);
    expect(await namesInTable()).toEqual([fullName(target)]);
    await page.getByRole('link', { name: fullName(target) }).click();
    await page.getByRole('heading', { level: 1, name: fullName(target) }).waitFor();

    // A request without the XSRF header (another site's form, say) erases nothing.
    const byAddress = `/staff/api/registrations/${new URL(page.url()).pathname.split('/').pop()}`;
    const forged = await page.request.delete(byAddress, { data: { reason: 'forged' } });
    expect(forged.status()).toBe(403);
    expect((await page.request.get(byAddress)).status()).toBe(200);

    // Erase: the dialog asks for a reason first.
    await page.getByRole('button', { name: text('sv', 'staff:erase'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await page.waitForFunction(() => document.activeElement?.id === 'erase-reason');
    await dialog
      .getByRole('button', { name: text('sv', 'staff:erase-confirm'), exact: true })
      .click();
    await dialog.getByText(text('sv', 'staff:erase-reason-required')).waitFor();
    await expectNoViolations();
    // A reason that names the applicant would outlive the erasure in the audit log.
    await dialog.getByLabel(text('sv', 'staff:erase-reason')).fill(`${target.lastName} asked`);
    await dialog
      .getByRole('button', { name: text('sv', 'staff:erase-confirm'), exact: true })
      .click();
    const lastNameLabel = text('sv', 'form.lastName-label').toLocaleLowerCase('sv');
    await dialog
      .getByText(text('sv', 'staff:erase-reason-identifies', { field: lastNameLabel }))
      .waitFor();
    const reason = 'The applicant asked for erasure by email';
    await dialog.getByLabel(text('sv', 'staff:erase-reason')).fill(reason);
    await dialog
      .getByRole('button', { name: text('sv', 'staff:erase-confirm'), exact: true })
      .click();

    // Back at the list as it was left, which no longer has it; without the search, the
    // programme's other one is still there.
    await page.getByText(text('sv', 'staff:erased', { reference })).waitFor();
    await waitForCaption(0);
    await page.getByText(text('sv', 'staff:no-matches')).waitFor();
    expect(new URL(page.url()).searchParams.get('programme')).toBe('MIDS');
    await page.getByLabel(text('sv', 'staff:search-label')).fill('');
    await page.getByRole('button', { name: text('sv', 'staff:apply-filter') }).click();
    await waitForCaption(mids.length - 1);
    expect(await namesInTable()).toEqual([fullName(other)]);

    // The audit log has the sign-in, the opening, the export and the erase with its reason.
    await page.getByRole('link', { name: text('sv', 'staff:audit-log-heading') }).click();
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:audit-log-heading') })
      .waitFor();
    expect(await page.title()).toBe(viewTitle('sv', text('sv', 'staff:audit-log-heading')));
    const log = await page.locator('tbody').innerText();
    // Each event by its name in the language shown, not the command's code.
    const event = (code: string) => text('sv', `staff:audit-event.${code}`);
    // A sign-in concerns no registration: no count.
    // Who: the staff member by name, their email under it.
    expect(log).toMatch(
      new RegExp(`${event('sign-in')}\\t\\tAlma Admin\\nalma\\.admin@example\\.edu`),
    );
    // What: each detail by its label in the language shown.
    const detail = (key: string, value: string) =>
      text('sv', `staff:audit-detail.${key}`, { value });
    expect(log).toMatch(
      new RegExp(`${event('open')}\\t1\\t[^\\t]*\\t.*${detail('reference', reference)}`),
    );
    for (const format of ['csv', 'xlsx']) {
      expect(log).toMatch(
        new RegExp(
          `${event('export')}\\t2\\t[^\\t]*\\t${detail('format', format)} · ${detail('programme', text('sv', 'degree-programs.MIDS'))}`,
        ),
      );
    }
    expect(log).toContain(detail('reason', reason));
    expect(log).toMatch(new RegExp(`${event('erase')}\\t1\\tAlma Admin\\nalma\\.admin@example`));
    const events = await page.locator('tbody td:nth-child(2)').allInnerTexts();
    expect(events).toContain(event('list'));
    for (const code of ['sign-in', 'list', 'open', 'export', 'erase']) {
      expect(events).not.toContain(code);
    }
    // It holds no applicant's data.
    expect(log).not.toContain(target.email);
    expect(log).not.toContain(lastWord);
    await expectNoViolations();

    // Sign out: on to the provider to end its session too, and back to a page that says so
    // (and does not go on to sign in again).
    await signOutButton().click();
    await page.waitForURL(
      (url) => url.origin === new URL(provider.settings.STAFF_OIDC_ISSUER).origin,
    );
    await page.getByRole('button', { name: /yes/i }).click();
    await page.waitForURL(`${server.url}/staff/signed-out`);
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:signed-out-heading') })
      .waitFor();
    expect((await page.request.get('/staff/api/me')).status()).toBe(401);
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${server.url}/staff/signed-out`);
    await expectNoViolations();
  });

  test("a sign-in begun at another loopback name than PUBLIC_URL's comes back signed in", async () => {
    const atLocalhost = new URL(server.url);
    atLocalhost.hostname = 'localhost';
    await signIn('coordinator', `${atLocalhost.origin}/staff`);
  });

  test('a sign-in that did not succeed says so, and the next one does', async () => {
    await page.goto('/staff/callback?code=stale&state=stale'); // no sign-in under way
    await page.waitForURL(`${server.url}/staff/sign-in-failed`);
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:sign-in-failed-heading') })
      .waitFor();
    await expectNoViolations();
    await switchToEnglish(text('en', 'staff:sign-in-failed-heading'));
    await page.getByRole('link', { name: text('en', 'staff:sign-in-again') }).click();
    await page.locator('input[name=login]').fill('admin');
    await page.locator('input[name=password]').fill('any password');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(`${server.url}/staff`);
    await page
      .getByRole('heading', { level: 1, name: text('en', 'staff:registrations-heading') })
      .waitFor();
  });

  test('a coordinator sees only their programme, in the table and through the API', async () => {
    await signIn('coordinator');
    await page.locator('tbody tr').first().waitFor();
    const programmes = await page.locator('tbody td:nth-child(5)').allInnerTexts();
    expect(new Set(programmes)).toEqual(new Set([programmeLabel('MIDS')]));
    expect(
      await page
        .getByLabel(text('sv', 'form.degreeProgram-label'))
        .locator('option')
        .allInnerTexts(),
    ).toEqual([text('sv', 'staff:all-programmes'), programmeLabel('MIDS')]);
    // The API agrees: the table's rows are all there are, and another programme has none.
    const visible = await page.request.get('/staff/api/registrations');
    expect((await visible.json()).total).toBe(programmes.length);
    const another = await page.request.get('/staff/api/registrations?programme=IT');
    expect((await another.json()).total).toBe(0);
    // Erasing is for admins, even with the XSRF header the console would send.
    const xsrfCookie = (await context.cookies()).find((cookie) => cookie.name === xsrfCookieName);
    const erase = await page.request.delete(
      `/staff/api/registrations/${(await visible.json()).items[0].id}`,
      { data: { reason: 'not mine to erase' }, headers: { [xsrfHeaderName]: xsrfCookie!.value } },
    );
    expect(erase.status()).toBe(403);
    // No audit log for a coordinator, neither in the menu nor at its address.
    expect(
      await page.getByRole('link', { name: text('sv', 'staff:audit-log-heading') }).count(),
    ).toBe(0);
    expect((await page.request.get('/staff/api/audit-log')).status()).toBe(403);
    await page.goto('/staff/audit-log');
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:page-not-found-heading') })
      .waitFor();
    // The server's log has the attempt as a security event, and who made it.
    await waitFor(() =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"securityEvent":"staff-access-denied"'))
        .map((line) => JSON.parse(line) as { path: string; staff?: string })
        .find((event) => event.path === '/staff/api/audit-log' && event.staff === 'coordinator'),
    );
    await expectNoViolations();
  });

  test('a person in no group is told so, in both languages, and can sign out', async () => {
    await signIn('outsider');
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:no-access-heading') })
      .waitFor();
    await page.getByText(text('sv', 'staff:no-access-paragraph')).waitFor();
    expect(await page.title()).toBe(viewTitle('sv', text('sv', 'staff:no-access-heading')));
    expect(await page.locator('table').count()).toBe(0);
    await expectNoViolations();

    await switchToEnglish(text('en', 'staff:no-access-heading'));
    await page
      .getByRole('heading', { level: 1, name: text('en', 'staff:no-access-heading') })
      .waitFor();
    await expectNoViolations();
    expect(await page.getByRole('button', { name: text('en', 'staff:sign-out') }).isVisible()).toBe(
      true,
    );
  });

  test('the list, a registration and the audit log in English have no WCAG A/AA violations', async () => {
    await signIn('admin');
    await switchToEnglish(text('en', 'staff:registrations-heading'));
    await page
      .getByRole('heading', { level: 1, name: text('en', 'staff:registrations-heading') })
      .waitFor();
    await expectNoViolations();
    await page.locator('tbody th a').first().click();
    await page.getByRole('button', { name: text('en', 'staff:erase'), exact: true }).waitFor();
    await expectNoViolations();
    await page.getByRole('button', { name: text('en', 'staff:erase'), exact: true }).click();
    // Once the dialog has faded in, its reason has the focus.
    await page.waitForFunction(() => document.activeElement?.id === 'erase-reason');
    await expectNoViolations();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: text('en', 'staff:audit-log-heading') }).click();
    await page
      .getByRole('heading', { level: 1, name: text('en', 'staff:audit-log-heading') })
      .waitFor();
    await expectNoViolations();
  });

  test('each view has its own title in the language shown, a move within the console puts the focus on its h1, and the dialog closes by a Close button', async () => {
    await signIn('admin');
    await waitForTitle('sv', text('sv', 'staff:registrations-heading'));
    expect(await headingHasFocus()).toBe(false); // a page load leaves the focus to the browser

    // Into a registration: titled by its reference, never the applicant's name; the h1 has focus.
    const [row] = await page.locator('tbody tr').all();
    const reference = await row.locator('code').innerText();
    const name = await row.locator('th').innerText();
    // The reference reads at least 4.5:1 on a striped row (the first is one).
    expect(await contrastOnItsRow(row.locator('code'))).toBeGreaterThanOrEqual(4.5);

    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await waitForTitle('sv', text('sv', 'staff:registration-title', { reference }));
    expect(await page.title()).not.toContain(name.split(' ')[0]);

    // The dialog's X says Close, not Cancel like the button beside Erase; it closes the dialog.
    await page.getByRole('button', { name: text('sv', 'staff:erase'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: text('sv', 'staff:cancel'), exact: true }).waitFor();
    await dialog
      .getByRole('button', { name: text('sv', 'general.close-label'), exact: true })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // The title follows the language; back to the list, the h1 has the focus again.
    await switchToEnglish(text('en', 'staff:registration-title', { reference }));
    await page.getByRole('link', { name: text('en', 'staff:back-to-list') }).click();
    await page
      .getByRole('heading', { level: 1, name: text('en', 'staff:registrations-heading') })
      .waitFor();
    await waitForTitle('en', text('en', 'staff:registrations-heading'));
    expect(await headingHasFocus()).toBe(true);

    // A new filter in the same view keeps the focus on what was pressed.
    await page.getByLabel(text('en', 'form.degreeProgram-label')).selectOption('MIDS');
    const show = page.getByRole('button', { name: text('en', 'staff:apply-filter') });
    await show.click();
    await page.waitForURL(`${server.url}/staff?programme=MIDS`);
    await page.locator('[aria-busy=false]').waitFor(); // the new list shows
    expect(await show.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.getByRole('link', { name: text('en', 'staff:audit-log-heading') }).click();
    await waitForTitle('en', text('en', 'staff:audit-log-heading'));
    expect(await headingHasFocus()).toBe(true);
    await page.locator('tbody tr').first().waitFor();
    const events = await page.locator('tbody td:nth-child(2)').allInnerTexts();
    expect(events).toEqual(
      expect.arrayContaining(
        ['sign-in', 'list', 'open'].map((code) => text('en', `staff:audit-event.${code}`)),
      ),
    );

    await page.goto('/staff/999999');
    await waitForTitle('en', text('en', 'staff:not-found-heading'));
    expect(await headingHasFocus()).toBe(false);
  });

  (hasFaketime ? test : test.skip)(
    'after 30 minutes without a request, the next press signs in again and comes back to its page',
    async () => {
      await signIn('admin');
      const programme = page.getByLabel(text('sv', 'form.degreeProgram-label'));
      const show = page.getByRole('button', { name: text('sv', 'staff:apply-filter') });
      const isSignIn = (url: string) => new URL(url).pathname === '/staff/login';

      // 20 minutes on, the session is alive: the press shows the filter.
      await clock!.advance(20, server.url);
      let signInStarted = false;
      page.on('request', (request) => (signInStarted ||= isSignIn(request.url())));
      await programme.selectOption('IT');
      await show.click();
      await waitForCaption(1);
      expect(await namesInTable()).toEqual([fullName(registrations[1])]);
      expect(signInStarted).toBe(false);

      // 31 minutes without a request: the session has ended.
      await clock!.advance(31, server.url);
      expect((await page.request.get('/staff/api/me')).status()).toBe(401);
      // The next press goes through the sign-in (the provider remembers the person) and back to
      // the filter it asked for, in a new page.
      await page.evaluate(() => Object.assign(window, { beforeSignIn: true }));
      const signInRequest = page.waitForRequest((request) => isSignIn(request.url()));
      await programme.selectOption('EASE');
      await show.click();
      expect(new URL((await signInRequest).url()).searchParams.get('return')).toBe(
        '/staff?programme=EASE',
      );
      await page.waitForFunction(() => !('beforeSignIn' in window));
      expect(page.url()).toBe(`${server.url}/staff?programme=EASE`);
      await waitForCaption(1);
      expect(await namesInTable()).toEqual([fullName(registrations[3])]);
      expect((await page.request.get('/staff/api/me')).status()).toBe(200);
    },
  );

  test('the start page loads none of the console: neither its code, its styles nor its texts', async () => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.locator('#firstName').waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((pathname) => /staff/.test(pathname))).toEqual([]);

    // Under /staff they load (the guard above would pass on a page that loads nothing at all).
    await signIn('admin');
    expect(requested).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/js\/staff-console\.[0-9a-f]+\.js$/),
        expect.stringMatching(/^\/css\/staff-console\.[0-9a-f]+\.css$/),
        '/assets/i18n/staff/sv.json',
      ]),
    );
  });

  test('an admin pages through an audit log of more than 50 entries with the pager', async () => {
    await signIn('admin');
    await page.locator('tbody tr').first().waitFor(); // the list's own read is logged by now
    // 55 audited reads, each asking for a page of its own, so that each entry reads differently.
    for (let n = 1; n <= 55; n++) {
      expect((await page.request.get(`/staff/api/registrations?page=${n}`)).status()).toBe(200);
    }
    const pageDetails = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) =>
        text('sv', 'staff:audit-detail.page', { value: String(from - index) }),
      );
    const shownDetails = () => page.locator('tbody td:nth-child(5)').allInnerTexts();

    await page.getByRole('link', { name: text('sv', 'staff:audit-log-heading') }).click();
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:audit-log-heading') })
      .waitFor();
    // Reading the log is not logged itself: the API's total is the one shown.
    const { total } = (await (await page.request.get('/staff/api/audit-log')).json()) as {
      total: number;
    };
    expect(total).toBeGreaterThan(55);
    const pages = String(Math.ceil(total / 50));
    await page
      .locator('caption', {
        hasText: new RegExp(
          `^${text('sv', 'staff:audit-log-caption_other', { count: String(total) })}$`,
        ),
      })
      .waitFor();
    await page.getByText(text('sv', 'staff:page-of', { page: '1', pages })).waitFor();
    expect(await shownDetails()).toEqual(pageDetails(55, 50)); // newest first

    await page.getByRole('button', { name: text('sv', 'staff:next-page') }).click();
    // Read from its start: the focus on the heading, not on the button the last page disables.
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    await page.waitForURL(`${server.url}/staff/audit-log?page=2`);
    await page.getByText(text('sv', 'staff:page-of', { page: '2', pages })).waitFor();
    await page
      .locator('tbody tr:first-child td:nth-child(5)', {
        hasText: new RegExp(`^${pageDetails(5, 1)[0]}$`),
      })
      .waitFor();
    const secondPage = await shownDetails();
    expect(secondPage).toHaveLength(Math.min(50, total - 50));
    expect(secondPage.slice(0, 5)).toEqual(pageDetails(5, 5));
    expect(await page.locator('caption').innerText()).toBe(
      text('sv', 'staff:audit-log-caption_other', { count: String(total) }),
    );
    await expectNoViolations();

    // Back: the first page again, as the address has it.
    await page.goBack();
    await page
      .locator('tbody tr:first-child td:nth-child(5)', {
        hasText: new RegExp(`^${pageDetails(55, 1)[0]}$`),
      })
      .waitFor();
    expect(await shownDetails()).toEqual(pageDetails(55, 50));
  });

  test('an officer takes a registration, moves it through the states, notes, corrects a phone number (an invalid one first) and reads each in the timeline and the export', async () => {
    const [registration] = await submitted(validRegistration({ degreeProgram: 'MIDS' }));
    await signIn('coordinator');
    // A workplace of its own: the console's name in its top bar, none of the applicants' footer.
    await page.getByRole('banner').getByText(text('sv', 'staff:console-name')).waitFor();
    expect(await page.getByText(text('sv', 'footer.contact-label')).count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    await search(registration.email, 1);
    await page.getByRole('link', { name: fullName(registration) }).click();
    await page.getByRole('heading', { level: 1, name: fullName(registration) }).waitFor();
    await expectNoViolationsAtBothSizes();
    // Take it, with the keyboard alone: a new one is started with it, and the timeline says so.
    await tabTo(text('sv', 'staff:take'));
    await page.keyboard.press('Enter');
    await page.getByText(text('sv', 'staff:taken-started')).waitFor();
    await page.waitForFunction(
      (name) =>
        (document.getElementById('processing-assignee') as HTMLSelectElement).selectedOptions[0]
          .text === name,
      text('sv', 'staff:person-me', { name: 'Cai Coordinator' }),
    );
    const started = text('sv', 'staff:history-state', {
      from: text('sv', 'staff:state.new'),
      to: text('sv', 'staff:state.in-progress'),
    });
    await page.locator('.timeline li', { hasText: started }).waitFor();

    // Through the states, each saved on the version shown, each step in the timeline.
    const stateSelect = page.getByLabel(text('sv', 'staff:state-label'));
    for (const [from, to] of [
      ['in-progress', 'waiting'],
      ['waiting', 'done'],
    ]) {
      await stateSelect.selectOption(to);
      await page.getByRole('button', { name: text('sv', 'staff:processing-save') }).click();
      const step = text('sv', 'staff:history-state', {
        from: text('sv', `staff:state.${from}`),
        to: text('sv', `staff:state.${to}`),
      });
      await page.locator('.timeline li', { hasText: step }).waitFor();
    }

    // A note, with its room counted.
    const note = 'Bad om ett intyg per e-post.';
    await page.getByLabel(text('sv', 'staff:note-label')).fill(note);
    const left = (2000 - note.length).toLocaleString('sv');
    await page
      .getByText(text('sv', 'staff:note-characters-left_other', { formatted: left }))
      .waitFor();
    // Half-typed, it outlives a link away and the browser's Back.
    await page.getByRole('link', { name: text('sv', 'staff:back-to-list') }).click();
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:registrations-heading') })
      .waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: fullName(registration) }).waitFor();
    expect(await page.getByLabel(text('sv', 'staff:note-label')).inputValue()).toBe(note);
    await page.getByRole('button', { name: text('sv', 'staff:note-add') }).click();
    await page.locator('.notes li', { hasText: note }).waitFor();

    // A correction the form's rules refuse: the summary names the field and takes the focus.
    await page.getByRole('button', { name: text('sv', 'staff:correct') }).click();
    const phone = page.getByLabel(text('sv', 'form.phoneNumber-label'));
    await phone.fill('040 1');
    await page.getByRole('button', { name: text('sv', 'staff:correction-save') }).click();
    const summary = page.getByRole('region', { name: text('sv', 'form.error-summary-heading') });
    await summary.waitFor();
    const message = text('sv', 'validation.phoneNumber-too-short');
    expect(await summary.innerText()).toContain(
      `${text('sv', 'form.phoneNumber-label')}: ${message[0].toLocaleLowerCase('sv')}${message.slice(1)}`,
    );
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
    await expectNoViolations();
    const newNumber = '+358 50 765 4321';
    await summary.getByRole('link').click();
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    await phone.fill(newNumber);
    await page.getByRole('button', { name: text('sv', 'staff:correction-save') }).click();
    await page.getByText(text('sv', 'staff:corrected')).waitFor();
    expect(await page.locator('dl').innerText()).toContain(newNumber);

    // Each step in the timeline: who and what, the correction with its old and new value.
    const steps = (await timeline()).join('\n');
    for (const step of [
      text('sv', 'staff:history-received'),
      text('sv', 'staff:history-assignee', {
        from: text('sv', 'staff:nobody'),
        to: 'Cai Coordinator',
      }),
      text('sv', 'staff:history-correction', {
        field: text('sv', 'form.phoneNumber-label'),
        from: registration.phoneNumber,
        to: newNumber,
      }),
      text('sv', 'staff:history-note'),
      note,
      'Cai Coordinator',
    ]) {
      expect(steps).toContain(step);
    }
    await expectNoViolationsAtBothSizes();

    // The export has it as it now is: processed, Cai's, with the new number.
    await page.getByRole('link', { name: text('sv', 'staff:back-to-list') }).click();
    await waitForCaption(1);
    const [row] = parseCsv((await download(text('sv', 'staff:export-csv'))).toString('utf8'));
    // (A value that starts with + leads with an apostrophe there, so that no spreadsheet runs it.)
    expect(row).toMatchObject({
      state: 'done',
      assignee: 'Cai Coordinator',
      phoneNumber: `'${newNumber}`,
    });
    // The list says so too.
    const cells = await page.locator('tbody tr td').allInnerTexts();
    expect(cells).toEqual(
      expect.arrayContaining([text('sv', 'staff:state.done'), 'Cai Coordinator']),
    );
  });

  test('two people change one registration: the second is told who changed it, and nothing is overwritten', async () => {
    const [registration] = await submitted(validRegistration({ degreeProgram: 'MIDS' }));
    await signIn('coordinator');
    await search(registration.email, 1);
    await page.getByRole('link', { name: fullName(registration) }).click();
    await page.getByLabel(text('sv', 'staff:state-label')).waitFor();
    const registrationPage = page.url();

    // Meanwhile, an admin in another browser moves it on.
    const otherContext = await browser.newContext({ baseURL: server.url });
    const first = page;
    page = await otherContext.newPage();
    await signIn('admin');
    await page.goto(registrationPage);
    await page.getByLabel(text('sv', 'staff:state-label')).selectOption('in-progress');
    await page.getByRole('button', { name: text('sv', 'staff:processing-save') }).click();
    await page.getByText(text('sv', 'staff:processing-saved')).waitFor();
    await otherContext.close();
    page = first;

    // The coordinator, on what they read before, is told, and offered to read it again.
    await page.getByLabel(text('sv', 'staff:state-label')).selectOption('waiting');
    await page.getByRole('button', { name: text('sv', 'staff:processing-save') }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Alma Admin');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
    await expectNoViolations();
    await alert.getByRole('button', { name: text('sv', 'staff:conflict-reload') }).click();
    await alert.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () =>
        (document.getElementById('processing-state') as HTMLSelectElement).value === 'in-progress',
    );
    const details = await page.request.get(
      `/staff/api/registrations/${registrationPage.split('/').pop()}`,
    );
    expect((await details.json()).state).toBe('in-progress');
  });

  test('many registrations change at once: every one the filter matches, their number confirmed first', async () => {
    const word = uniqueWord();
    const many = Array.from({ length: 51 }, () =>
      validRegistration({ degreeProgram: 'EASE', lastName: `Massa ${word}` }),
    );
    await submitted(...many);
    await signIn('admin');
    await search(word, many.length);

    await page.getByLabel(text('sv', 'staff:select-page')).check();
    await page
      .getByRole('button', {
        name: text('sv', 'staff:select-every-matching_other', { count: '51' }),
      })
      .click();
    const bulk = page.getByRole('form', {
      name: text('sv', 'staff:bulk-heading-filter_other', { count: '51' }),
    });
    await bulk.getByLabel(text('sv', 'staff:bulk-state')).selectOption('done');
    await bulk
      .getByLabel(text('sv', 'staff:bulk-assignee'))
      .selectOption({ label: text('sv', 'staff:nobody') });
    const apply = text('sv', 'staff:bulk-apply_other', { count: '51' });
    await bulk.getByRole('button', { name: apply }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(text('sv', 'staff:bulk-confirm-filter_other', { count: '51' }))
      .waitFor();
    await expectNoViolations();
    await dialog.getByRole('button', { name: apply }).click();
    await page.getByText(text('sv', 'staff:bulk-changed_other', { count: '51' })).waitFor();

    // All 51 are processed now, across both pages of the list.
    await page.getByLabel(text('sv', 'staff:state-label')).selectOption('done');
    await page.getByRole('button', { name: text('sv', 'staff:apply-filter') }).click();
    await waitForCaption(many.length);
    const api = await page.request.get(`/staff/api/registrations?state=done&q=${word}`);
    expect((await api.json()).total).toBe(many.length);
  });

  test('a bulk request on a filter: every applicant it matches is asked once their number is confirmed', async () => {
    const word = uniqueWord();
    const many = Array.from({ length: 51 }, () =>
      validRegistration({ degreeProgram: 'PMT', lastName: `Fråga ${word}` }),
    );
    await submitted(...many);
    await signIn('admin');
    await search(word, many.length);

    await page.getByLabel(text('sv', 'staff:select-page')).check();
    await page
      .getByRole('button', {
        name: text('sv', 'staff:select-every-matching_other', { count: '51' }),
      })
      .click();
    const heading = text('sv', 'staff:bulk-request-heading-filter_other', { count: '51' });
    await page.getByRole('button', { name: heading }).click();
    const form = page.getByRole('form', { name: heading });
    await form.getByLabel(text('sv', 'form.phoneNumber-label'), { exact: true }).check();
    await form
      .getByLabel(text('sv', 'staff:request-message-label'))
      .fill('Bekräfta ditt telefonnummer.');
    await form.getByLabel(text('sv', 'staff:request-deadline-label')).fill('15.12.2030');
    const send = text('sv', 'staff:bulk-request-send_other', { count: '51' });
    await form.getByRole('button', { name: send }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(text('sv', 'staff:bulk-request-confirm_other', { count: '51' }))
      .waitFor();
    await expectNoViolations();
    await dialog.getByRole('button', { name: send }).click();
    await page.getByText(text('sv', 'staff:bulk-requested_other', { count: '51' })).waitFor();

    // Each of the 51 waits for its applicant, asked for the phone number by 15 December.
    const api = await page.request.get(`/staff/api/registrations?state=waiting&q=${word}`);
    const { total, items } = await api.json();
    expect(total).toBe(many.length);
    const one = await page.request.get(`/staff/api/registrations/${items[0].id}`);
    expect((await one.json()).request).toMatchObject({
      fields: ['phoneNumber'],
      deadline: '2030-12-15',
    });
  });

  test("the overview's numbers are the list's, as a chart and a table, in both languages and at both sizes", async () => {
    await submitted(validRegistration({ degreeProgram: 'MIDS' }));
    await signIn('admin');
    await page.getByRole('link', { name: text('sv', 'staff:overview-heading') }).click();
    await page
      .getByRole('heading', { level: 1, name: text('sv', 'staff:overview-heading') })
      .waitFor();
    await waitForTitle('sv', text('sv', 'staff:overview-heading'));
    expect(await headingHasFocus()).toBe(true);

    // MIDS's count of new registrations is the list's, which its link opens.
    const midsRow = page.locator('tbody tr', { hasText: programmeLabel('MIDS') });
    const newCount = Number(await midsRow.locator('td').first().innerText());
    const { total } = (await (
      await page.request.get('/staff/api/registrations?programme=MIDS&state=new')
    ).json()) as { total: number };
    expect(newCount).toBe(total);
    await midsRow.locator('td').first().getByRole('link').click();
    await page.waitForURL(`${server.url}/staff?programme=MIDS&state=new`);
    await waitForCaption(total);

    // The days: one bar and one table row each, the last today's, whose count is the list's
    // from that day on (nothing arrives during this test, and the run may cross midnight).
    await page.goBack();
    await page.locator('svg[role=img]').waitFor();
    expect(await page.locator('svg[role=img] rect').count()).toBe(30);
    const days = page.locator('table', { hasText: text('sv', 'staff:overview-days-caption') });
    expect(await days.locator('tbody tr').count()).toBe(30);
    const lastDay = days.locator('tbody tr:last-child');
    const today = await lastDay.locator('time').getAttribute('datetime');
    const todaysCount = Number(await lastDay.locator('td').innerText());
    const fromToday = (await (
      await page.request.get(`/staff/api/registrations?from=${today}`)
    ).json()) as { total: number };
    expect(todaysCount).toBeGreaterThan(0);
    expect(todaysCount).toBe(fromToday.total);
    await expectNoViolationsAtBothSizes();

    await switchToEnglish(text('en', 'staff:overview-heading'));
    await page
      .getByRole('heading', { level: 1, name: text('en', 'staff:overview-heading') })
      .waitFor();
    await expectNoViolationsAtBothSizes();
  });

  test("the list with long names fits a phone's and a laptop's width without scrolling sideways", async () => {
    const long = validRegistration({
      firstName: `Maria-Kristiina Wilhelmiina ${uniqueWord(10)}`,
      lastName: `Lindqvist-Westerholm af Åkerblom ${uniqueWord(12)}`,
      email: `${uniqueWord(30)
        .normalize('NFD')
        .replace(/[^a-z]/g, '')}.x@${emailDomain}`,
    });
    await submitted(long);
    await signIn('admin');
    await page.getByRole('link', { name: fullName(long) }).waitFor();
    // Nothing scrolls sideways, neither the page nor the list's own scroller within it.
    const list = page.locator('.table-responsive');
    for (const size of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(size.width);
      expect(await list.evaluate((box) => box.scrollWidth - box.clientWidth)).toBe(0);
    }
    // On a laptop it is a table with its column headers; on a phone (above) a card for each row.
    expect(
      await page.getByRole('columnheader', { name: text('sv', 'staff:name') }).isVisible(),
    ).toBe(true);
    await expectNoViolationsAtBothSizes();
  });

  test('the list, a registration with its correction form and the bulk change have no WCAG A/AA violations in English at both sizes', async () => {
    const [registration] = await submitted(validRegistration({ degreeProgram: 'IT' }));
    await signIn('admin');
    await switchToEnglish(text('en', 'staff:registrations-heading'));
    await page.locator('tbody tr').first().waitFor();
    await page
      .getByLabel(text('en', 'staff:select-row', { reference: '' }).trim(), { exact: false })
      .first()
      .check();
    await page.locator('#bulk-heading').waitFor();
    await expectNoViolationsAtBothSizes();
    await page.getByLabel(text('en', 'staff:search-label')).fill(registration.email);
    await page.getByRole('button', { name: text('en', 'staff:apply-filter') }).click();
    await waitForCaption(1, 'en');
    await page.getByRole('link', { name: fullName(registration) }).click();
    await page.getByRole('button', { name: text('en', 'staff:correct') }).click();
    await page.getByLabel(text('en', 'form.firstName-label')).waitFor();
    await expectNoViolationsAtBothSizes();
  });
}
