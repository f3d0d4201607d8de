/**
 * The whole registration, in Swedish and in English: form filled, sent to the real server, the
 * thank-you view shown, the row stored where `npm run export` finds it, and the confirmation
 * written to DATA_DIR/mail (no SMTP_URL) in the page's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { confirmationTexts } from '../server/mail/confirmationTexts';
import { configDefaults } from '../src/contract/configDefaults';
import {
  openStartPage,
  chooseLanguage,
  readSessionStorage,
  setUpApp,
  waitForOutcome,
} from './support/app';
import { parseCsv } from '../testing/csv';
import { fillForm, submitButton } from './support/form';
import { validRegistration } from '../testing/registrations';
import { exportCsv } from '../testing/server';
import { plainText, text, type Language } from './support/translations';

const app = setUpApp();

/** The .eml the server wrote for the applicant with this first name (it sends in the background). */
async function readConfirmation(dataDir: string, firstName: string) {
  const mailDir = path.join(dataDir, 'mail');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : [];
    for (const file of files) {
      const message = await simpleParser(fs.readFileSync(path.join(mailDir, file)));
      if (message.text?.includes(firstName)) return message;
    }
    await sleep(100);
  }
  throw new Error(`No confirmation for ${firstName} in ${mailDir}`);
}

describe.each<Language>(['sv', 'en'])('a registration sent in %s', (language) => {
  test('ends on the thank-you view and is in npm run export', async () => {
    const { page, server } = app;
    const registration = validRegistration();

    await openStartPage(page);
    if (language !== 'sv') await chooseLanguage(page, language);
    await fillForm(page, registration);

    const answer = page.waitForResponse((response) => response.url().endsWith('/graphql'));
    await submitButton(page).click();
    await page.waitForURL('**/send');
    expect((await answer).status()).toBe(200);

    await waitForOutcome(page, 'send-page-thankyou', language);
    const main = page.locator('main');
    expect(await main.locator('p').innerText()).toBe(
      plainText(language, 'send-page-thankyou.paragraph-label', { email: registration.email }),
    );
    expect(await main.getByRole('link').innerText()).toBe(
      text(language, 'send-page-thankyou.link-label'),
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await readSessionStorage(page, 'form-data')).toBeNull();

    const confirmation = await readConfirmation(server.dataDir, registration.firstName);
    expect(confirmation.subject).toBe(
      confirmationTexts[language].subject(configDefaults.institutionName),
    );
    expect(confirmation.to).toMatchObject({ value: [{ address: registration.email }] });

    // The export goes through the running server, which holds the embedded database.
    const rows = parseCsv(await exportCsv({ DATA_DIR: server.dataDir }));
    const stored = rows.filter((row) => row.email === registration.email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      firstName: registration.firstName,
      lastName: registration.lastName,
      birthday: registration.birthday,
      address: registration.address,
      zipcode: registration.zipcode,
      city: registration.city,
      country: registration.country,
      startedYear: registration.startedYear,
      degreeProgram: registration.degreeProgram,
      terms: 'true',
    });
    // The export guards spreadsheets against formulas: a leading + gets a ' before it.
    expect(stored[0].phoneNumber.replace(/^'/, '')).toBe(registration.phoneNumber);
  });
});
