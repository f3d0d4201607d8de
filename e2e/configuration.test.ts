/**
 * One configuration for the server and the SPA, at run time: the same build, started with other
 * institution values, shows and accepts them.
 */
import { setUpApp, openStartPage, waitForOutcome } from './support/app';
import { fillForm, submitButton } from './support/form';
import { validRegistration } from '../testing/registrations';
import { text } from './support/translations';

const configured = {
  EMAIL_DOMAIN: 'uni.example.fi',
  CONTACT_EMAIL: 'antagning@uni.example.fi',
  INSTITUTION_URL: 'https://www.uni.example.fi/',
};

const app = setUpApp(configured);

test('a server started with EMAIL_DOMAIN accepts addresses there, with no rebuild', async () => {
  const { page } = app;
  await openStartPage(page);

  expect(await page.locator('#email-hint').innerText()).toBe(
    text('sv', 'form.email-hint', { domain: configured.EMAIL_DOMAIN }),
  );
  expect(await page.locator('footer a[href^="mailto:"]').innerText()).toBe(
    configured.CONTACT_EMAIL,
  );
  expect(await page.locator('.navbar-brand').getAttribute('href')).toBe(configured.INSTITUTION_URL);

  await fillForm(page, validRegistration({ email: `anna.berg@${configured.EMAIL_DOMAIN}` }));
  await submitButton(page).click();
  await waitForOutcome(page, 'send-page-thankyou', 'sv');
});
