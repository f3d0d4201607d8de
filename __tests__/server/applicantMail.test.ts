/** @jest-environment node */
/**
 * The applicant's mail besides the confirmation, end to end through a real SMTP server
 * (smtp-server) in this process: a correction's notice, a new link and a withdrawal's notice each
 * greet by the first name and name the registration (programme, reference), as the confirmation
 * does, and carry no other data and no link but the applicant's own; the withdrawal's says what
 * can still be done once the data is gone, with the form's start page: the institution's own
 * service, the one other address a notice may carry.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { buildApp } from '../../server/app';
import { buildCreateOnboardingFormBody } from '../../src/contract/onboardingQuery';
import { applicantSessionCookieName } from '../../src/contract/applicantPaths';
import type { Language } from '../../src/contract/languages';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol';
import { validRegistration } from '../../testing/registrations';
import { waitFor } from '../../testing/waitFor';
import { databaseTimeoutMs, removeTempDirs } from './support/fixtures';
import { startSmtpServer, type Inbox } from './support/smtpServer';
import { getXsrfToken, postGraphql, testAppOptions } from './support/testApp';

jest.setTimeout(2 * databaseTimeoutMs);

const publicUrl = 'https://registration.example.edu';
let inbox: Inbox;
let app: FastifyInstance;

beforeAll(async () => {
  inbox = await startSmtpServer();
  app = await buildApp(
    testAppOptions({
      smtpUrl: inbox.url,
      publicUrl: new URL(publicUrl),
      outboxTiming: { pollMs: 100, retryScale: 0.1 },
    }),
  );
}, 2 * databaseTimeoutMs);

afterAll(async () => {
  await app?.close();
  await inbox?.close();
  removeTempDirs();
});

async function myApi(
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  session: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const xsrf = await getXsrfToken(app);
  return app.inject({
    method,
    url: `/my/api${url}`,
    headers: {
      [xsrfHeaderName]: xsrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    cookies: {
      [xsrfCookieName]: xsrf,
      ...(session === undefined ? {} : { [applicantSessionCookieName]: session }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The nth message to `address` whose subject matches. */
const messageTo = (address: string, subject: RegExp) =>
  waitFor(() =>
    inbox.messages.find(
      (message) => [message.to].flat()[0]?.text === address && subject.test(message.subject ?? ''),
    ),
  );

/** Every link a message's HTML and text carry. */
function linksIn(message: ParsedMail): string[] {
  const html = String(message.html);
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
  const urls = [...(message.text ?? '').matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
  return [...hrefs, ...urls];
}

/** Registers in `language`, opens the confirmation's link and gives the birthday. */
async function registerAndOpen(language: Language) {
  const values = validRegistration({ degreeProgram: 'MIDS' });
  const xsrf = await getXsrfToken(app);
  const response = await postGraphql(app, xsrf, buildCreateOnboardingFormBody(values), {
    headers: { 'accept-language': language },
  });
  expect(response.statusCode).toBe(200);
  const [{ reference }] = await app.operations.database.query<{ reference: string }>(
    'SELECT reference FROM registrations WHERE email = $1',
    [values.email],
  );
  const confirmation = await waitFor(() =>
    inbox.messages.find((message) => message.text?.includes(reference)),
  );
  const token = /\/my\/([A-Za-z0-9_-]{43})\b/.exec(confirmation.text!)![1];
  const opened = await myApi('POST', '/session', undefined, { token });
  const session = opened.cookies.find((c) => c.name === applicantSessionCookieName)!.value;
  expect((await myApi('POST', '/verify', session, { birthday: values.birthday })).statusCode).toBe(
    204,
  );
  return { values, reference, session };
}

/** What every notice says of its registration, and what it never carries. */
function expectNamesTheRegistration(
  message: ParsedMail,
  { values, reference }: Awaited<ReturnType<typeof registerAndOpen>>,
  { greeting, programme }: { greeting: string; programme: string },
) {
  for (const part of [message.text!, String(message.html)]) {
    expect(part).toContain(greeting);
    expect(part).toContain(reference);
    expect(part).toContain(programme);
    for (const value of [values.lastName, values.birthday, values.phoneNumber, values.address]) {
      expect(part).not.toContain(value);
    }
  }
  expect(message.html).toContain(
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
  );
}

/** The confirmation's greeting word, and the programme as it names it (code – name). */
const words = {
  sv: { hello: 'Hej', programme: 'MIDS – ' },
  en: { hello: 'Hello', programme: 'MIDS – ' },
} as const;

it.each([
  ['sv', 'Rättade uppgifter: Telefonnummer, Postanstalt.'],
  ['en', 'Corrected: Phone number, City or town.'],
] as const)(
  "in %s: a correction's notice names the registration and the fields, with no link and no value",
  async (language, namesTheFields) => {
    const opened = await registerAndOpen(language);
    const city = 'Åbo';
    const phoneNumber = '+358 40 765 4321';
    const corrected = await myApi(
      'PATCH',
      '/registration',
      opened.session,
      // The birthday as it is stored: sent, but not changed, so not named.
      { fields: { city, phoneNumber, birthday: opened.values.birthday } },
      { 'if-match': '"1"' },
    );
    expect(corrected.statusCode).toBe(200);
    const notice = await messageTo(opened.values.email, /uppdaterats|updated/);
    expectNamesTheRegistration(notice, opened, {
      greeting: `${words[language].hello} ${opened.values.firstName}`,
      programme: words[language].programme,
    });
    for (const part of [notice.text!, String(notice.html)]) {
      expect(part).toContain(namesTheFields);
      expect(part).not.toContain(city);
      expect(part).not.toContain(phoneNumber);
    }
    expect(linksIn(notice)).toEqual(['mailto:admissions@example.edu']);
  },
);

it('a new link names the registration, and links only to itself', async () => {
  const opened = await registerAndOpen('en');
  expect(
    (await myApi('POST', '/links', undefined, { email: opened.values.email })).statusCode,
  ).toBe(202);
  const message = await messageTo(opened.values.email, /new link/);
  expectNamesTheRegistration(message, opened, {
    greeting: `${words.en.hello} ${opened.values.firstName}`,
    programme: words.en.programme,
  });
  const links = linksIn(message).filter((link) => !link.startsWith('mailto:'));
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link).toMatch(new RegExp(`^${publicUrl}/my/[A-Za-z0-9_-]{43}$`));
});

it.each([
  ['sv', /anmäla dig på nytt/, /uppge referenskoden/],
  ['en', /register again/, /quote the reference code/],
] as const)(
  "in %s: a withdrawal's notice names the registration that is gone, and what can still be done",
  async (language, registerAgain, quoteReference) => {
    const opened = await registerAndOpen(language);
    expect((await myApi('DELETE', '/registration', opened.session)).statusCode).toBe(204);
    const notice = await messageTo(opened.values.email, /återkallats|withdrawn/);
    expectNamesTheRegistration(notice, opened, {
      greeting: `${words[language].hello} ${opened.values.firstName}`,
      programme: words[language].programme,
    });
    expect(notice.text).toMatch(registerAgain);
    expect(notice.text).toMatch(quoteReference);
    // The way to register again: the form's start page in the notice's language, in both parts.
    const startPage = `${publicUrl}/?lang=${language}`;
    expect(linksIn(notice)).toEqual([startPage, 'mailto:admissions@example.edu', startPage]);
    // Sent, the notice keeps nothing of the registration.
    await waitFor(async () => {
      const [{ count }] = await app.operations.database.query<{ count: number }>(
        'SELECT count(*)::integer AS count FROM applicant_mail',
      );
      return count === 0 ? true : undefined;
    });
  },
);

it('greets neutrally when the first name does not read as one, as the confirmation does', async () => {
  const opened = await registerAndOpen('sv');
  await app.operations.database.query(
    `UPDATE registrations SET first_name = 'urgent! Reset your login at evil-sso.example/edu'
     WHERE reference = $1`,
    [opened.reference],
  );
  expect((await myApi('DELETE', '/registration', opened.session)).statusCode).toBe(204);
  const notice = await messageTo(opened.values.email, /återkallats/);
  expect(notice.text?.split('\n')[0]).toBe('Hej!');
  expect(notice.text).not.toContain('evil-sso');
});
