/** @jest-environment node */
/** The confirmation email in Finnish, through the real app, outbox and an SMTP server. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { validRegistration } from '../../testing/registrations';
import { waitFor } from '../../testing/waitFor';
import { databaseTimeoutMs, removeTempDirs } from './support/fixtures';
import { startSmtpServer, type Inbox } from './support/smtpServer';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(databaseTimeoutMs);

let inbox: Inbox;
let app: FastifyInstance;

beforeAll(async () => {
  inbox = await startSmtpServer();
  app = await buildApp(
    testAppOptions({
      smtpUrl: inbox.url,
      institutionName: 'Esimerkkiyliopisto',
      languages: ['fi', 'sv', 'en'],
      publicUrl: new URL('https://ilmoittautuminen.example.edu'),
      outboxTiming: { pollMs: 100, retryScale: 0.1 },
    }),
  );
});

afterAll(async () => {
  await app?.close();
  await inbox?.close();
  removeTempDirs();
});

it('arrives in Finnish, subject and body, text and HTML, for a registration sent in Finnish', async () => {
  const values = validRegistration({ firstName: 'Aino' });
  const response = await postGraphql(
    app,
    await getXsrfToken(app),
    buildCreateOnboardingFormBody(values),
    { headers: { 'accept-language': 'fi' } },
  );
  expect(response.statusCode).toBe(200);

  const message = await waitFor(() =>
    inbox.messages.find((candidate) => candidate.text?.includes('Aino')),
  );
  expect(message.subject).toBe(
    'Vahvistus: olemme vastaanottaneet ilmoittautumisesi (Esimerkkiyliopisto)',
  );
  // Finnish writes the date in figures: 29.11.2026.
  const received = new Intl.DateTimeFormat('fi-FI', {
    dateStyle: 'medium',
    timeZone: 'Europe/Helsinki',
  }).format(new Date());
  for (const part of [message.text!, message.html as string]) {
    expect(part).toContain('Hei Aino!');
    expect(part).toContain(`Vastaanotimme sen ${received}.`);
    expect(part).toContain('IT – Tietotekniikka');
    expect(part).toContain('Viitekoodi');
    expect(part).toContain('Mitä seuraavaksi tapahtuu?');
    expect(part).toContain('Henkilökohtaisella linkilläsi');
    expect(part).toContain('Ystävällisin terveisin');
  }
});
