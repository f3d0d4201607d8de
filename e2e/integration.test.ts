/**
 * Issue 35's journey in Chromium, as an admin does it in the real console: a token and a webhook
 * to a receiver in this process (which checks each Standard Webhooks signature), a registration
 * sent from the form, read and marked transferred through /api/v1, erased in the console and so
 * listed in /api/v1/erasures, the token revoked and refused. Both pages by keyboard alone, and axe
 * on them at a phone's and a laptop's size in both languages.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../testing/browser';
import { startLocalProvider, type LocalProvider } from '../testing/localProvider';
import { validRegistration } from '../testing/registrations';
import { freePort, startServer, type RunningServer } from '../testing/server';
import { describeWith, testServiceUrl } from '../testing/testService';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../testing/throwawayDatabase';
import { waitFor } from '../testing/waitFor';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhookReceiver';
import { chooseLanguage, openStartPage, waitForOutcome } from './support/app';
import { expectNoViolationsAtBothSizes as expectNoViolationsAtBothSizesOf } from './support/axe';
import { fillForm, submitButton } from './support/form';
import { text, type Language } from './support/translations';
import { focusedElement, tabTo as tabToControl } from './support/keyboard';

let provider: LocalProvider;
let server: RunningServer;
let receiver: WebhookReceiver;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[] = [];

const postgresUrl = testServiceUrl('DATABASE_URL_TEST', 'PostgreSQL');

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

/** A server of its own for the tests within, on PGlite or on a throwaway PostgreSQL database. */
function serverOn(storage: { postgresUrl?: string }): void {
  let database: ThrowawayDatabase | undefined;
  beforeAll(async () => {
    if (storage.postgresUrl) {
      database = await createThrowawayDatabase(storage.postgresUrl, 'e2e_integration');
    }
    // The provider must know the server's address before either starts.
    const port = await freePort();
    provider = await startLocalProvider(`http://127.0.0.1:${port}`);
    server = await startServer({
      port,
      env: {
        ...provider.settings,
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        ...(database && { DATABASE_URL: database.url }),
      },
    });
  });
  afterAll(async () => {
    await server?.dispose();
    await provider?.stop();
    await database?.drop();
  });
}

beforeEach(async () => {
  pageErrors = [];
  context = await browser.newContext({ baseURL: server.url });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
});

afterEach(async () => {
  await context.close();
  if (pageErrors.length > 0) {
    throw new Error(`Uncaught errors in the page:\n${pageErrors.join('\n\n')}`);
  }
});

/** Opens a console view, signing in on the provider's own form on the way. */
async function signIn(startAt: string): Promise<void> {
  await page.goto(startAt);
  await page.waitForURL(/\/interaction\//);
  await page.locator('input[name=login]').fill('admin');
  await page.locator('input[name=password]').fill('any password');
  await page.locator('button[type=submit]').click();
  await page.waitForURL(`${server.url}${startAt}`);
  await page.locator('h1').waitFor();
}

/** A call to the integration API with a token, as the student information system makes it. */
async function api(token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  return {
    status: response.status,
    json: response.status === 204 ? undefined : await response.json(),
  };
}

/** What the receiver accepted of one event type for one registration. */
const receivedOf = (type: string, id?: string) =>
  receiver.received.filter(
    (event) =>
      event.accepted && event.payload.type === type && (!id || event.payload.data.id === id),
  );

const staff = (language: Language, key: string, values?: Record<string, string>) =>
  text(language, `staff:${key}`, values);

const focused = () => focusedElement(page);
const tabTo = (matches: string) => tabToControl(page, matches);

const expectNoViolationsAtBothSizes = () => expectNoViolationsAtBothSizesOf(page);

/** Creates a token on /staff/tokens by mouse, copies it with the page's button, reads it back. */
async function createToken(name: string): Promise<string> {
  await page.getByLabel(staff('sv', 'tokens.name-label')).fill(name);
  await page.getByRole('button', { name: staff('sv', 'tokens.create') }).click();
  await page.getByRole('heading', { name: staff('sv', 'tokens.created-heading') }).waitFor();
  await page.getByRole('button', { name: staff('sv', 'tokens.copy') }).click();
  await page.getByText(staff('sv', 'tokens.copy-done')).waitFor();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(await page.getByTestId('new-token').innerText());
  await page.getByRole('button', { name: staff('sv', 'tokens.copied-done') }).click();
  return token;
}

describe('on PGlite', () => {
  serverOn({});
  test(
    'an admin connects a student information system: token, webhook, a registration read, transferred, erased and passed on, the token revoked',
    journey,
  );
  test(
    'both pages by keyboard alone, the focus where the next step is, and no WCAG A/AA violations at both sizes in both languages',
    keyboardAndAxe,
  );
});

describeWith(postgresUrl)('on PostgreSQL', () => {
  serverOn({ postgresUrl });
  test(
    'an admin connects a student information system: token, webhook, a registration read, transferred, erased and passed on, the token revoked',
    journey,
  );
});

/** An admin connects a student information system: token, webhook, a registration read,
 * transferred, erased and passed on, the token revoked. */
async function journey() {
  receiver.received.length = 0;
  await signIn('/staff/tokens');
  const token = await createToken('Sisu e2e');

  // The webhook: the receiver's URL, all three events, every programme.
  await page.getByRole('link', { name: staff('sv', 'webhooks-heading') }).click();
  await page.getByLabel(staff('sv', 'webhook-url')).fill(receiver.url);
  for (const event of ['created', 'erased']) {
    await page.locator(`#webhook-event-registration\\.${event}`).check();
  }
  await page.getByRole('button', { name: staff('sv', 'webhook-create') }).click();
  const secretRegion = page.getByRole('region', { name: staff('sv', 'webhook-secret-heading') });
  receiver.secret = await secretRegion.locator('code').innerText();
  expect(receiver.secret).toMatch(/^whsec_/);
  await page.getByRole('heading', { level: 3, name: receiver.url }).waitFor();

  // An applicant sends the form.
  const applicant = await browser.newContext({ baseURL: server.url });
  const adminPage = page;
  page = await applicant.newPage();
  const registration = validRegistration({ degreeProgram: 'MIDS' });
  await openStartPage(page);
  await fillForm(page, registration);
  await submitButton(page).click();
  await waitForOutcome(page, 'send-page-thankyou', 'sv');
  await applicant.close();
  page = adminPage;

  // The receiver is told, signed (it refuses any other), and reads the rest with the token.
  const created = await waitFor(() => receivedOf('registration.created')[0], 15_000);
  expect(receiver.badSignatures).toBe(0);
  const { id, reference } = created.payload.data as {
    id: string;
    reference: string;
  };
  const read = await api(token, `/registrations/${id}`);
  expect(read.status).toBe(200);
  expect(read.json).toMatchObject({
    id,
    reference,
    email: registration.email,
    transferredAt: null,
  });

  const transfer = await api(token, `/registrations/${id}/transfer`, {
    method: 'PUT',
    body: JSON.stringify({ externalId: 'SISU-42' }),
  });
  expect(transfer.status).toBe(200);

  // The console shows it transferred, then it is erased there.
  await page.goto(`/staff/${id}`);
  await page.getByText(/SISU-42/).waitFor();
  expect(await page.getByText(/SISU-42/).innerText()).toContain('Sisu e2e');
  await page.getByRole('button', { name: staff('sv', 'erase'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(staff('sv', 'erase-reason')).fill('The applicant withdrew by email');
  await dialog.getByRole('button', { name: staff('sv', 'erase-confirm'), exact: true }).click();
  await page.getByText(staff('sv', 'erased', { reference })).waitFor();

  await waitFor(() => receivedOf('registration.erased', id)[0], 15_000);
  expect(receivedOf('registration.created')).toHaveLength(1);
  expect(receiver.badSignatures).toBe(0);
  const erasures = await api(token, '/erasures');
  expect(erasures.json.items).toEqual([
    expect.objectContaining({ id, reference, erasedAt: expect.any(String) }),
  ]);
  expect((await api(token, `/registrations/${id}`)).status).toBe(404);

  // Revoked in the console: refused at once.
  await page.getByRole('link', { name: staff('sv', 'tokens.heading') }).click();
  await page
    .getByRole('button', { name: staff('sv', 'tokens.revoke-named', { name: 'Sisu e2e' }) })
    .click();
  await page.getByText(staff('sv', 'tokens.revoked', { name: 'Sisu e2e' })).waitFor();
  expect((await api(token, '/registrations')).status).toBe(401);
}

/** The page's title for a console view, in that language. */
const viewTitle = (language: Language, key: string) =>
  staff(language, 'page-title', { view: staff(language, key) });

/** Both pages by keyboard alone, and axe on them at both sizes in both languages. */
async function keyboardAndAxe() {
  await signIn('/staff/tokens');

  // A token: typed, made with Enter; the focus on the token shown once; copied; revoked.
  await tabTo('token-name');
  await page.keyboard.type('Peppi keyboard');
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: staff('sv', 'tokens.created-heading') }).waitFor();
  expect(await focused()).toMatchObject({ id: 'new-token-heading' });
  await expectNoViolationsAtBothSizes();
  const token = await page.getByTestId('new-token').innerText();
  await tabTo(staff('sv', 'tokens.copy'));
  await page.keyboard.press('Enter');
  await page.getByText(staff('sv', 'tokens.copy-done')).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await tabTo(staff('sv', 'tokens.copied-done'));
  await page.keyboard.press('Enter');
  await tabTo(staff('sv', 'tokens.revoke'));
  await page.keyboard.press('Enter');
  const revoked = staff('sv', 'tokens.revoked', { name: 'Peppi keyboard' });
  await page.getByText(revoked).waitFor();
  expect(await focused()).toMatchObject({ text: revoked });
  expect((await api(token, '/registrations')).status).toBe(401);
  await expectNoViolationsAtBothSizes();

  // A webhook: the URL typed, an event ticked with Space, added with Enter on its button; the
  // focus on the secret shown once; copied; then deleted.
  await page.getByRole('link', { name: staff('sv', 'webhooks-heading') }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: staff('sv', 'webhooks-heading') }).waitFor();
  const url = `${receiver.url}/keyboard`;
  await tabTo('webhook-url');
  await page.keyboard.type(url);
  await tabTo('webhook-event-registration.updated');
  await page.keyboard.press('Space');
  await tabTo(staff('sv', 'webhook-create'));
  await page.keyboard.press('Enter');
  const secretRegion = page.getByRole('region', { name: staff('sv', 'webhook-secret-heading') });
  await secretRegion.waitFor();
  expect(await focused()).toMatchObject({ id: 'webhook-secret-heading' });
  const secret = await secretRegion.locator('code').innerText();
  await tabTo(staff('sv', 'webhook-secret-copy'));
  await page.keyboard.press('Enter');
  await secretRegion.getByText(staff('sv', 'webhook-secret-copied')).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByRole('heading', { level: 3, name: url }).waitFor();
  await expectNoViolationsAtBothSizes();
  await tabTo(staff('sv', 'webhook-delete', { url }));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 3, name: url }).waitFor({ state: 'detached' });
  // Its button is gone: the focus is on what says so, not lost to the page's start.
  const deleted = staff('sv', 'webhook-deleted', { url });
  await page.getByText(deleted).waitFor();
  expect(await focused()).toMatchObject({ text: deleted });

  // In English, with a webhook listed and a token's row.
  await chooseLanguage(page, 'en', viewTitle('en', 'webhooks-heading'));
  await page.mouse.move(0, 0);
  await expectNoViolationsAtBothSizes();
  await page.getByRole('link', { name: staff('en', 'tokens.heading') }).click();
  await page.waitForFunction(
    (title) => document.title === title,
    viewTitle('en', 'tokens.heading'),
  );
  await page.getByRole('button', { name: staff('en', 'tokens.create') }).click();
  await page.getByRole('region', { name: text('en', 'form.error-summary-heading') }).waitFor();
  await expectNoViolationsAtBothSizes();
}
