/**
 * What people and programs hold from the previous release when it is replaced, for
 * `npm run test:upgrade`: a staff session and the XSRF token bound to it, an applicant's emailed
 * link and session, an integration API cursor. `takeFromPrevious` gets each from the previous
 * release as they would; `tryOnCurrent` uses each on this release. A refusal is a problem.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { consoleApiPath, signOutPath } from '../../src/contract/consolePaths.ts';
import { applicantApiPath, applicantPagePath } from '../../src/contract/applicantPaths.ts';
import { xsrfCookieName, xsrfHeaderName } from '../../src/contract/protocol.ts';
import { acknowledgedFirstName, connectGraphql } from '../../testing/graphqlClient.ts';
import { signInAtProvider } from '../../testing/localProvider.ts';
import { validValues } from '../../testing/registrations.ts';

const mailWaitMs = 60_000;
const cookiePairs = (response) => response.headers.getSetCookie().map((line) => line.split(';')[0]);
const pairNamed = (response, name) => cookiePairs(response).find((p) => p.startsWith(`${name}=`));
const valueOf = (pair) => pair.slice(pair.indexOf('=') + 1);

/** fetch, refusing any status but `expected`; resolves with the response and its body's text. */
async function ask(what, url, init, expected) {
  const response = await fetch(url, { redirect: 'manual', ...init }).catch((error) => {
    // fetch says only "fetch failed": name the check and the network's reason.
    throw new Error(`${what}: ${error.message} (${error.cause?.code ?? error.cause?.message})`);
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return { headers: response.headers, text };
}

/** Headers of a change: the cookies, the XSRF token echoed, a JSON body. */
const changeHeaders = (cookies, xsrf) => ({
  cookie: cookies.join('; '),
  [xsrfHeaderName]: xsrf,
  'content-type': 'application/json',
});

/** The admin signs in through the previous release: the session and its bound XSRF token. */
async function signInStaff(url) {
  const start = await ask('staff sign-in', `${url}/staff/login`, {}, 302);
  const callback = await signInAtProvider(start.headers.get('location'), 'admin');
  const done = await ask(
    'staff callback',
    callback,
    {
      headers: { cookie: cookiePairs(start).join('; ') },
    },
    302,
  );
  return {
    session: pairNamed(done, 'staff-session'),
    xsrf: valueOf(pairNamed(done, xsrfCookieName)),
  };
}

/** An applicant registers on the previous release and opens their emailed link there. */
async function openApplicantLink(url, inbox, email) {
  const answer = await (await connectGraphql(url)).submit({ ...validValues, email });
  if (acknowledgedFirstName(answer) === undefined) {
    throw new Error(`the applicant's registration: HTTP ${answer.status}`);
  }
  const waitUntil = Date.now() + mailWaitMs;
  let link;
  while (!(link = inbox.kept.find((mail) => mail.to.text === email))) {
    if (Date.now() > waitUntil) throw new Error("the applicant's confirmation did not arrive");
    await sleep(200);
  }
  const token = new RegExp(`${applicantPagePath}/([A-Za-z0-9_-]{43})`).exec(link.text)[1];
  const page = await ask('the link page', `${url}${applicantPagePath}/${token}`, {}, 200);
  const xsrf = pairNamed(page, xsrfCookieName);
  const started = await ask(
    'the link opened',
    `${url}${applicantApiPath}/session`,
    {
      method: 'POST',
      headers: changeHeaders([xsrf], valueOf(xsrf)),
      body: JSON.stringify({ token }),
    },
    204,
  );
  const cookies = [xsrf, pairNamed(started, 'my-session')];
  await ask(
    'the birthday',
    `${url}${applicantApiPath}/verify`,
    {
      method: 'POST',
      headers: changeHeaders(cookies, valueOf(xsrf)),
      body: JSON.stringify({ birthday: validValues.birthday }),
    },
    204,
  );
  return { token, cookies, xsrf: valueOf(xsrf) };
}

/** The admin makes an integration token on the previous release; its feed's first page. */
async function startFeed(url, staff) {
  const made = await ask(
    'an API token',
    `${url}${consoleApiPath}/tokens`,
    {
      method: 'POST',
      headers: changeHeaders([staff.session, `${xsrfCookieName}=${staff.xsrf}`], staff.xsrf),
      body: JSON.stringify({
        name: 'upgrade check',
        programmes: 'all',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    },
    201,
  );
  const { token } = JSON.parse(made.text);
  const page = await ask(
    'the feed on the previous release',
    `${url}/api/v1/registrations?limit=1`,
    {
      headers: { authorization: `Bearer ${token}` },
    },
    200,
  );
  const { items, nextCursor } = JSON.parse(page.text);
  return { token, seen: new Set(items.map((item) => item.id)), cursor: nextCursor };
}

/** Everything, from the previous release at `url`, before this release starts. */
export async function takeFromPrevious(url, inbox, applicantEmail) {
  const staff = await signInStaff(url);
  return {
    staff,
    applicant: await openApplicantLink(url, inbox, applicantEmail),
    feed: await startFeed(url, staff),
  };
}

/** Uses each on this release at `url`; resolves with what it refused. */
export async function tryOnCurrent(url, { staff, applicant, feed }) {
  const checks = [
    () =>
      ask(
        'staff session',
        `${url}${consoleApiPath}/me`,
        { headers: { cookie: staff.session } },
        200,
      ),
    () =>
      ask(
        "applicant's session",
        `${url}${applicantApiPath}/registration`,
        {
          headers: { cookie: applicant.cookies.join('; ') },
        },
        200,
      ),
    () =>
      ask(
        "applicant's emailed link",
        `${url}${applicantApiPath}/session`,
        {
          method: 'POST',
          headers: changeHeaders([applicant.cookies[0]], applicant.xsrf),
          body: JSON.stringify({ token: applicant.token }),
        },
        204,
      ),
    async () => {
      for (let cursor = feed.cursor; cursor;) {
        const page = await ask(
          'integration cursor',
          `${url}/api/v1/registrations?limit=1000&cursor=${cursor}`,
          {
            headers: { authorization: `Bearer ${feed.token}` },
          },
          200,
        );
        const { items, nextCursor } = JSON.parse(page.text);
        const again = items.find((item) => feed.seen.has(item.id));
        if (again) throw new Error(`integration cursor: registration ${again.id} handed out again`);
        cursor = items.length === 1000 ? nextCursor : undefined;
      }
    },
    // Last: it ends the session.
    () =>
      ask(
        "staff sign-out with the previous release's XSRF token",
        `${url}${signOutPath}`,
        {
          method: 'POST',
          // No body, as the console posts it.
          headers: {
            cookie: `${staff.session}; ${xsrfCookieName}=${staff.xsrf}`,
            [xsrfHeaderName]: staff.xsrf,
          },
        },
        200,
      ),
  ];
  const refused = [];
  for (const check of checks) {
    await check().catch((error) => refused.push(`previous → current: ${error.message}`));
  }
  return refused;
}
