/** The applicant's own page (/my), as an applicant uses it, against a fake applicant API. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeStaffApi, formTexts, type Answer } from '../support/renderConsole';
import { startOpeningLink } from '../../src/features/applicant/linkOpening';
import { configDefaults } from '../../src/contract/configDefaults';
import {
  applicantTexts,
  renderApplicant,
  renderApplicantPage,
  unverified,
  verified,
} from '../support/renderApplicant';

// The first correction loads the form's rules (yup), which takes a while in a cold test run.
jest.setTimeout(20_000);

const sv = applicantTexts.sv;
const en = applicantTexts.en;
const form = formTexts.sv;
const token = 'Qw3rTy-uI_oP4sDfGhJkL1zXcVbNm0QwErTyUiOpAsD';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
  sessionStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

type Handler = (request: Request) => Answer;

/** The applicant API: a session for the token, the registration as `registration()` has it. */
function api(handlers: Partial<Record<'verify' | 'patch' | 'delete' | 'links', Handler>> = {}) {
  let isVerified = false;
  const registration = () => (isVerified ? verified : unverified);
  const verify: Handler = handlers.verify ?? (() => ({ status: 204 }));
  return fakeStaffApi([
    ['POST', /^\/my\/api\/session$/, () => ({ status: 204 })],
    [
      'POST',
      /^\/my\/api\/verify$/,
      (request) => {
        const answer = verify(request);
        if (answer.status === 204) isVerified = true;
        return answer;
      },
    ],
    ['GET', /^\/my\/api\/registration$/, () => ({ body: registration() })],
    ['PATCH', /^\/my\/api\/registration$/, handlers.patch ?? (() => ({ status: 599 }))],
    ['DELETE', /^\/my\/api\/registration$/, handlers.delete ?? (() => ({ status: 204 }))],
    ['POST', /^\/my\/api\/links$/, handlers.links ?? (() => ({ status: 202 }))],
  ]);
}

const sent = (requests: Request[], method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);

async function openVerified(user: ReturnType<typeof userEvent.setup>) {
  const rendered = renderApplicant(`/my/${token}`);
  await user.type(await screen.findByLabelText(form.form['birthday-label']), '29.02.2000');
  await user.click(screen.getByRole('button', { name: sv['verify-submit'] }));
  await screen.findByRole('heading', { name: sv['details-heading'] });
  return rendered;
}

describe('opening the link', () => {
  it('takes the token out of the address before anything else, trades it for a session and shows what the email said', async () => {
    const { requests } = api();
    renderApplicant(`/my/${token}`);

    expect(window.location.pathname).toBe('/my');
    expect(window.location.href).not.toContain(token);
    await screen.findByRole('heading', { level: 1, name: sv['registration-heading'] });
    // One name, not "Din anmälan – Min anmälan".
    expect(document.title).toBe(sv['registration-heading']);
    const [session] = sent(requests, 'POST', '/my/api/session');
    expect(await session.json()).toEqual({ token });
    expect(session.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
    expect(screen.getByText(`IT – ${form['degree-programs'].IT}`)).toBeInTheDocument();
    expect(screen.getByText(sv.state.new)).toBeInTheDocument();
    // Nothing beyond the email's facts before the birthday.
    expect(screen.queryByText(verified.fields.phoneNumber)).not.toBeInTheDocument();
    expect(window.location.href).not.toContain(token);
  });

  it("sends the token and reads the registration from the page's first script, and the rest of the page asks neither again", async () => {
    const { requests } = api();
    window.history.replaceState(null, '', `/my/${token}`);
    startOpeningLink();

    expect(window.location.href).not.toContain(token);
    await waitFor(() => expect(sent(requests, 'GET', '/my/api/registration')).toHaveLength(1));
    renderApplicantPage();
    await screen.findByRole('heading', { level: 1, name: sv['registration-heading'] });
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
    expect(sent(requests, 'POST', '/my/api/session')).toHaveLength(1);
    expect(sent(requests, 'GET', '/my/api/registration')).toHaveLength(1);
  });

  it('at /my, asks once whether a session is open and, finding none, offers a new link', async () => {
    const { requests } = fakeStaffApi([
      ['GET', /^\/my\/api\/registration$/, () => ({ status: 401, body: { message: 'No' } })],
    ]);
    renderApplicant('/my');

    await screen.findByRole('heading', { level: 1, name: sv['no-session-heading'] });
    expect(screen.getByRole('heading', { name: sv['link-request-heading'] })).toBeInTheDocument();
    expect(sent(requests, 'GET', '/my/api/registration')).toHaveLength(1);
  });

  it('says a link that no longer works does not, and offers a new one or registering again', async () => {
    fakeStaffApi([['POST', /^\/my\/api\/session$/, () => ({ status: 404 })]]);
    renderApplicant(`/my/${token}`);

    await screen.findByRole('heading', { level: 1, name: sv['link-refused-heading'] });
    expect(screen.getByRole('heading', { name: sv['link-request-heading'] })).toBeInTheDocument();
    // A withdrawn registration's link is dead too: the form is the way back.
    expect(screen.getByText(sv['link-refused-register-again'])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: sv['withdrawn-form-link'] })).toHaveAttribute(
      'href',
      '/?lang=sv',
    );
    expect(window.location.href).not.toContain(token);
  });
});

describe('the birthday', () => {
  it('names a wrong date as it read it, once, under the field, which takes the focus; the right one opens the fields', async () => {
    const answers: Answer[] = [{ status: 403, body: { message: 'Wrong', triesLeft: 3 } }];
    const { requests } = api({ verify: () => answers.shift() ?? { status: 204 } });
    const user = userEvent.setup();
    renderApplicant(`/my/${token}`);

    const birthday = await screen.findByLabelText(form.form['birthday-label']);
    expect(birthday).toHaveAccessibleDescription(form.form['birthday-hint']);
    await user.type(birthday, '1.1.2000');
    await user.click(screen.getByRole('button', { name: sv['verify-submit'] }));

    // The date as read, so that a right date typed another way is not doubted; said once.
    const wrong = sv['birthday-wrong_other']
      .replace('{{date}}', '1 januari 2000')
      .replace('{{count}}', '3');
    await waitFor(() =>
      expect(birthday).toHaveAccessibleDescription(`${form.form['birthday-hint']} ${wrong}`),
    );
    expect(screen.getAllByText(wrong)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: form.form['error-summary-heading'] })).toBeNull();
    await waitFor(() => expect(birthday).toHaveFocus());
    expect(birthday).toHaveAttribute('aria-invalid', 'true');

    await user.clear(birthday);
    await user.type(birthday, '2000-02-29');
    await user.click(screen.getByRole('button', { name: sv['verify-submit'] }));

    const details = await screen.findByRole('heading', { name: sv['details-heading'] });
    await waitFor(() => expect(details).toHaveFocus());
    expect(screen.getByText(verified.fields.phoneNumber)).toBeInTheDocument();
    expect(screen.getByText(form.form['phoneNumber-label'])).toBeInTheDocument();
    const bodies = await Promise.all(
      sent(requests, 'POST', '/my/api/verify').map((request) => request.json()),
    );
    expect(bodies).toEqual([{ birthday: '1.1.2000' }, { birthday: '2000-02-29' }]);
  });

  it('answers what is no date with the format, sending nothing (no try is taken); the server agrees', async () => {
    const { requests } = api({ verify: () => ({ status: 422, body: { message: 'Not a date' } }) });
    const user = userEvent.setup();
    renderApplicant(`/my/${token}`);

    const birthday = await screen.findByLabelText(form.form['birthday-label']);
    for (const typed of ['maj 2000', '31.2.2000']) {
      await user.clear(birthday);
      await user.type(birthday, `${typed}{Enter}`);
      await screen.findByText(sv['birthday-not-a-date']);
    }
    expect(sent(requests, 'POST', '/my/api/verify')).toHaveLength(0);
    expect(birthday).toHaveFocus();

    // A date this page reads but the server does not (a release between them): the same words.
    await user.clear(birthday);
    await user.type(birthday, '1.1.2000');
    await user.click(screen.getByRole('button', { name: sv['verify-submit'] }));
    await waitFor(() => expect(sent(requests, 'POST', '/my/api/verify')).toHaveLength(1));
    expect(await screen.findByText(sv['birthday-not-a-date'])).toBeInTheDocument();
  });

  it('says a locked link is locked, and how to ask for a new one', async () => {
    api({ verify: () => ({ status: 423, body: { message: 'Locked' } }) });
    const user = userEvent.setup();
    renderApplicant(`/my/${token}`);

    await user.type(await screen.findByLabelText(form.form['birthday-label']), '01.01.2000');
    await user.click(screen.getByRole('button', { name: sv['verify-submit'] }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(sv['locked-heading']);
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.queryByLabelText(form.form['birthday-label'])).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: sv['link-request-submit'] })).toBeInTheDocument();
  });
});

describe('a correction', () => {
  it('refuses a phone number the form would refuse, naming the field; a valid one is sent alone, with If-Match', async () => {
    const newNumber = '+358 50 765 4321';
    const { requests } = api({
      patch: () => ({
        body: { ...verified, fields: { ...verified.fields, phoneNumber: newNumber }, version: 4 },
      }),
    });
    const user = userEvent.setup();
    await openVerified(user);

    await user.click(screen.getByRole('button', { name: sv.correct }));
    const phone = screen.getByLabelText(form.form['phoneNumber-label']);
    await user.clear(phone);
    await user.type(phone, 'abc');
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));

    const summary = await screen.findByRole('region', { name: form.form['error-summary-heading'] });
    const message = form.validation['phoneNumber-too-short'];
    const entry = `${form.form['phoneNumber-label']}: ${message[0].toLocaleLowerCase('sv')}${message.slice(1)}`;
    expect(within(summary).getByRole('link', { name: entry })).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(sent(requests, 'PATCH', '/my/api/registration')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, newNumber);
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));

    // The result names what changed, by the form's labels.
    const result = sv.corrected.replace('{{fields}}', form.form['phoneNumber-label']);
    const corrected = await screen.findByText(result);
    // Never "saved" beside the old values: the notice comes with the answer shown.
    expect(screen.getByText(newNumber)).toBeInTheDocument();
    // Shown where the applicant is: the section's heading takes the focus, the result under it.
    const details = screen.getByRole('heading', { name: sv['details-heading'] });
    await waitFor(() => expect(details).toHaveFocus());
    expect(details).toHaveAccessibleDescription(result);
    expect(details.nextElementSibling).toBe(corrected);
    const [patch] = sent(requests, 'PATCH', '/my/api/registration');
    expect(patch.headers.get('If-Match')).toBe('"3"');
    expect(patch.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    expect(await patch.json()).toEqual({ fields: { phoneNumber: newNumber } });
  });

  it("shows the server's refusal (422) beside the field, in the form's words", async () => {
    api({ patch: () => ({ status: 422, body: { fields: { city: 'city-format' } } }) });
    const user = userEvent.setup();
    await openVerified(user);

    await user.click(screen.getByRole('button', { name: sv.correct }));
    const city = screen.getByLabelText(form.form['city-label']);
    await user.clear(city);
    await user.type(city, 'Esbo');
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));

    await waitFor(() => expect(city).toHaveAccessibleDescription(form.validation['city-format']));
  });

  it.each([
    [412, 'correction-conflict'],
    [409, 'correction-closed'],
  ] as const)('explains a %i refusal and reads the registration again', async (status, key) => {
    const { requests } = api({
      patch: () => ({ status, body: { message: 'Refused', version: 5 } }),
    });
    const user = userEvent.setup();
    await openVerified(user);

    await user.click(screen.getByRole('button', { name: sv.correct }));
    const phone = screen.getByLabelText(form.form['phoneNumber-label']);
    await user.clear(phone);
    await user.type(phone, '+358 50 765 4321');
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(sv[key]);
    await waitFor(() => expect(notice).toHaveFocus());
    const reads = sent(requests, 'GET', '/my/api/registration').length;
    await user.click(within(notice).getByRole('button', { name: sv['correction-reload'] }));
    await waitFor(() =>
      expect(sent(requests, 'GET', '/my/api/registration').length).toBeGreaterThan(reads),
    );
    expect(screen.getByRole('button', { name: sv.correct })).toHaveFocus();
  });

  it("says that the day's corrections are used up (429), and keeps what was typed", async () => {
    api({
      patch: () => ({
        status: 429,
        body: { statusCode: 429, message: "Today's corrections of this registration are used up" },
      }),
    });
    const user = userEvent.setup();
    await openVerified(user);

    await user.click(screen.getByRole('button', { name: sv.correct }));
    const phone = screen.getByLabelText(form.form['phoneNumber-label']);
    await user.clear(phone);
    await user.type(phone, '+358 50 765 4321');
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));

    expect(await screen.findByRole('alert')).toHaveTextContent(sv['correction-limit']);
    expect(screen.queryByText(sv['correction-failed'])).not.toBeInTheDocument();
    expect(phone).toHaveValue('+358 50 765 4321');
  });
});

describe('the session', () => {
  it('says so when it ended meanwhile (30 minutes idle), and how to go on', async () => {
    let ended = false;
    const noSession = { status: 401, body: { message: 'No session' } };
    fakeStaffApi([
      ['POST', /^\/my\/api\/session$/, () => ({ status: 204 })],
      ['POST', /^\/my\/api\/verify$/, () => noSession],
      ['GET', /^\/my\/api\/registration$/, () => (ended ? noSession : { body: unverified })],
    ]);
    const user = userEvent.setup();
    renderApplicant(`/my/${token}`);
    await user.type(await screen.findByLabelText(form.form['birthday-label']), '29.02.2000');
    ended = true;
    await user.click(screen.getByRole('button', { name: sv['verify-submit'] }));

    await screen.findByRole('heading', { level: 1, name: sv['no-session-heading'] });
    expect(screen.getByRole('button', { name: sv['link-request-submit'] })).toBeInTheDocument();
  });
});

describe('the correction form', () => {
  it('labels the terms checkbox by the sentence it confirms, not only "Villkor"', async () => {
    api();
    const user = userEvent.setup();
    await openVerified(user);
    await user.click(screen.getByRole('button', { name: sv.correct }));

    expect(screen.getByRole('checkbox', { name: sv['terms-checkbox-label'] })).toBeChecked();
  });
});

describe('what the page shows of the registration', () => {
  it('shows the reference as emphasised text, not as code that looks like a link', async () => {
    api();
    renderApplicant(`/my/${token}`);
    const reference = await screen.findByText('ABCD2345');
    expect(reference.tagName).toBe('STRONG');
  });

  it("while waiting for the applicant, points to the office's request (here and in the email), or they write", async () => {
    fakeStaffApi([
      ['POST', /^\/my\/api\/session$/, () => ({ status: 204 })],
      ['GET', /^\/my\/api\/registration$/, () => ({ body: { ...unverified, state: 'waiting' } })],
    ]);
    renderApplicant(`/my/${token}`);
    const state = await screen.findByText(/om antagningsservice har bett dig om något/i);
    expect(state).toHaveTextContent(configDefaults.contactEmail);
    // Not that the office will get in touch: a request is how it does.
    expect(state).not.toHaveTextContent(/kontaktar dig/);
  });

  it('says why a typographic apostrophe came back straight', async () => {
    api();
    const user = userEvent.setup();
    await openVerified(user);
    expect(screen.getByText(verified.fields.lastName)).toBeInTheDocument();
    expect(screen.getByText(sv['apostrophe-stored'])).toBeInTheDocument();
  });

  it('says in words, beside the spinner, what is opening', async () => {
    let answer: (response: Response) => void = () => {};
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApplicant(`/my/${token}`);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(sv.opening));
    // Written out, not only read out.
    expect(screen.getByText(sv.opening)).not.toHaveClass('visually-hidden');
    answer(new Response(null, { status: 404 }));
    await screen.findByRole('heading', { level: 1, name: sv['link-refused-heading'] });
  });
});

describe('a link that no longer opens', () => {
  it("speaks its registration's language", async () => {
    fakeStaffApi([
      [
        'POST',
        /^\/my\/api\/session$/,
        () => ({ status: 404, body: { message: 'No', language: 'en' } }),
      ],
    ]);
    renderApplicant(`/my/${token}`);
    await screen.findByRole('heading', { level: 1, name: en['link-refused-heading'] });
  });

  it("speaks the browser's language when the registration is gone, not the default", async () => {
    jest.spyOn(navigator, 'languages', 'get').mockReturnValue(['fi-FI', 'en-US']);
    fakeStaffApi([
      ['POST', /^\/my\/api\/session$/, () => ({ status: 404, body: { message: 'No' } })],
    ]);
    renderApplicant(`/my/${token}`, 'as-the-entry');
    await screen.findByRole('heading', { level: 1, name: en['link-refused-heading'] });
  });
});

describe('signing out', () => {
  it('ends the session on the server, forgets the registration and says so', async () => {
    const { requests } = fakeStaffApi([
      ['POST', /^\/my\/api\/session$/, () => ({ status: 204 })],
      ['POST', /^\/my\/api\/verify$/, () => ({ status: 204 })],
      ['GET', /^\/my\/api\/registration$/, () => ({ body: verified })],
      ['DELETE', /^\/my\/api\/session$/, () => ({ status: 204 })],
    ]);
    sessionStorage.setItem('form-data', JSON.stringify(verified.fields));
    const user = userEvent.setup();
    renderApplicant(`/my/${token}`);
    await screen.findByText(verified.fields.phoneNumber);

    await user.click(screen.getByRole('button', { name: sv['sign-out'] }));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: sv['signed-out-heading'],
    });
    await waitFor(() => expect(heading).toHaveFocus());
    const [signOut] = sent(requests, 'DELETE', '/my/api/session');
    expect(signOut.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    expect(screen.queryByText(verified.fields.phoneNumber)).toBeNull();
    expect(screen.queryByText('ABCD2345')).toBeNull();
    expect(sessionStorage.getItem('form-data')).toBeNull();
  });
});

describe('withdrawing', () => {
  it('asks first; cancelled, nothing is sent; confirmed, the registration is withdrawn', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openVerified(user);

    await user.click(screen.getByRole('button', { name: sv.withdraw }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(sv['withdraw-warning']);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: sv['withdraw-cancel'] })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: sv['withdraw-cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'DELETE', '/my/api/registration')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: sv.withdraw }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: sv['withdraw-confirm'] }));

    await screen.findByRole('heading', { level: 1, name: sv['withdrawn-heading'] });
    const [erase] = sent(requests, 'DELETE', '/my/api/registration');
    expect(erase.headers.get('X-XSRF-TOKEN')).toBe('token-123');
  });

  it('says after a reload, for as long as the tab lasts, the same as just after the withdrawal', async () => {
    api();
    const user = userEvent.setup();
    const { unmount } = await openVerified(user);
    await user.click(screen.getByRole('button', { name: sv.withdraw }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: sv['withdraw-confirm'] }));
    await screen.findByRole('heading', { level: 1, name: sv['withdrawn-heading'] });
    expect(screen.getByText(sv['withdrawn-paragraph'])).toBeInTheDocument();
    // Only a flag is kept: nothing of the registration.
    expect(Object.values({ ...sessionStorage }).join(' ')).not.toContain('ABCD2345');
    unmount();
    jest.restoreAllMocks();

    // The reload: no session any more.
    fakeStaffApi([
      ['GET', /^\/my\/api\/registration$/, () => ({ status: 401, body: { message: 'No' } })],
    ]);
    renderApplicant('/my');
    await screen.findByRole('heading', { level: 1, name: sv['withdrawn-heading'] });
    expect(screen.getByText(sv['withdrawn-paragraph'])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: sv['withdrawn-form-link'] })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: sv['link-request-submit'] })).toBeNull();
  });
});

describe('sending the link again', () => {
  it('without a session: asks for the address and answers each one with the same sentence', async () => {
    const { requests } = fakeStaffApi([
      ['GET', /^\/my\/api\/registration$/, () => ({ status: 401, body: { message: 'No' } })],
      ['POST', /^\/my\/api\/links$/, () => ({ status: 202 })],
    ]);
    const user = userEvent.setup();
    const answers: string[] = [];
    for (const email of ['asa.nystrom@example.edu', 'nobody@example.edu']) {
      const { unmount } = renderApplicant('/my');
      await screen.findByRole('heading', { level: 1, name: sv['no-session-heading'] });
      // The view is the page itself: its title names it once.
      await waitFor(() => expect(document.title).toBe(sv['no-session-heading']));
      await user.type(screen.getByLabelText(form.form['email-label']), email);
      await user.click(screen.getByRole('button', { name: sv['link-request-submit'] }));
      const answer = await screen.findByRole('status');
      await waitFor(() => expect(answer).toHaveFocus());
      answers.push(answer.textContent!);
      unmount();
    }

    expect(answers).toEqual([sv['link-request-sent'], sv['link-request-sent']]);
    const bodies = await Promise.all(
      sent(requests, 'POST', '/my/api/links').map((request) => request.json()),
    );
    expect(bodies).toEqual([{ email: 'asa.nystrom@example.edu' }, { email: 'nobody@example.edu' }]);
  });

  it('asks for an address before sending anything', async () => {
    const { requests } = fakeStaffApi([
      ['GET', /^\/my\/api\/registration$/, () => ({ status: 401, body: { message: 'No' } })],
    ]);
    const user = userEvent.setup();
    renderApplicant('/my');
    await user.click(await screen.findByRole('button', { name: sv['link-request-submit'] }));

    const summary = await screen.findByRole('region', { name: form.form['error-summary-heading'] });
    expect(summary).toHaveTextContent(sv['email-missing']);
    expect(sent(requests, 'POST', '/my/api/links')).toHaveLength(0);
  });

  it('asks once for two quick presses', async () => {
    const { requests } = fakeStaffApi([
      ['GET', /^\/my\/api\/registration$/, () => ({ status: 401, body: { message: 'No' } })],
      ['POST', /^\/my\/api\/links$/, () => ({ status: 202 })],
    ]);
    const user = userEvent.setup();
    renderApplicant('/my');
    await user.type(await screen.findByLabelText(form.form['email-label']), 'asa@example.edu');
    const submit = screen.getByRole('button', { name: sv['link-request-submit'] });
    await user.dblClick(submit);

    await screen.findByRole('status');
    expect(sent(requests, 'POST', '/my/api/links')).toHaveLength(1);
  });

  it("refuses an address the form would refuse, with the form's message, and sends nothing", async () => {
    const { requests } = fakeStaffApi([
      ['GET', /^\/my\/api\/registration$/, () => ({ status: 401, body: { message: 'No' } })],
    ]);
    const user = userEvent.setup();
    renderApplicant('/my');
    await user.type(await screen.findByLabelText(form.form['email-label']), 'not-an-address');
    await user.click(screen.getByRole('button', { name: sv['link-request-submit'] }));

    const summary = await screen.findByRole('region', { name: form.form['error-summary-heading'] });
    await waitFor(() => expect(summary).toHaveFocus());
    const message = form.validation['email-format'].replaceAll(
      '{{domain}}',
      configDefaults.emailDomain,
    );
    expect(summary).toHaveTextContent(message);
    expect(sent(requests, 'POST', '/my/api/links')).toHaveLength(0);
  });
});

describe('the language', () => {
  it("is the registration's, until the applicant switches", async () => {
    fakeStaffApi([
      ['POST', /^\/my\/api\/session$/, () => ({ status: 204 })],
      ['GET', /^\/my\/api\/registration$/, () => ({ body: { ...unverified, language: 'en' } })],
    ]);
    const user = userEvent.setup();
    renderApplicant(`/my/${token}`, 'sv');

    await screen.findByRole('heading', { level: 1, name: en['registration-heading'] });
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByText(en.state.new)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /English/ }));
    await user.click(await screen.findByRole('button', { name: 'Svenska' }));

    await screen.findByRole('heading', { level: 1, name: sv['registration-heading'] });
    expect(document.documentElement.lang).toBe('sv');
  });
});
