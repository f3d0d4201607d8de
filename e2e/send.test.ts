/** Step 2 in the browser: the guard without saved data, and every way the submission can fail. */
import type { Page, Route } from 'playwright-core';
import { openStartPage, readSessionStorage, setUpApp, waitForOutcome } from './support/app';
import { fillForm, readForm, submitButton } from './support/form';
import { validRegistration } from '../testing/registrations';
import { plainText, text } from './support/translations';

const app = setUpApp();

test('/send opened directly with nothing saved goes back to the form', async () => {
  const { page } = app;
  let submissions = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql')) submissions += 1;
  });

  await page.goto('/send');
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('#firstName').waitFor();

  expect(submissions).toBe(0);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
    text('sv', 'hero.heading-label'),
  );
});

interface Failure {
  name: string;
  /** Makes the next submission fail; runs once the form is filled, before it is sent. */
  arrange(page: Page): Promise<void>;
}

const failWith = (handler: (route: Route) => Promise<void>) => async (page: Page) => {
  await page.route('**/graphql', handler);
};

const failures: Failure[] = [
  {
    name: 'the server answers 500',
    arrange: failWith((route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error' }),
      }),
    ),
  },
  {
    name: 'the network fails',
    arrange: failWith((route) => route.abort('connectionreset')),
  },
  {
    name: 'the answer is a GraphQL error',
    arrange: failWith((route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: null, errors: [{ message: 'Something broke' }] }),
      }),
    ),
  },
  {
    // No route: the real server refuses a POST whose XSRF cookie has gone.
    name: 'the server refuses the request (no XSRF cookie)',
    arrange: async (page) => page.context().clearCookies(),
  },
];

describe.each(failures)('when $name', ({ arrange }) => {
  test('the error view shows and the saved form is removed', async () => {
    const { page } = app;
    await openStartPage(page);
    await fillForm(page, validRegistration());
    await arrange(page);

    const sent = page.waitForRequest((request) => request.url().endsWith('/graphql'));
    await submitButton(page).click();
    await sent;
    await waitForOutcome(page, 'send-page-error', 'sv');

    expect(await page.locator('main p').innerText()).toBe(
      plainText('sv', 'send-page-error.paragraph-label'),
    );
    expect(await readSessionStorage(page, 'form-data')).toBeNull();

    // Nothing is retried, and the form starts empty again.
    await page.goto('/');
    await page.locator('#firstName').waitFor();
    expect(await readForm(page)).toMatchObject({ firstName: '', email: '', terms: false });
  });
});
