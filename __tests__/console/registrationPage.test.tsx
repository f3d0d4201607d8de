/** A registration's page, as an officer presses it, against a fake staff API. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  fakeStaffApi,
  formTexts,
  officer,
  registration,
  renderConsole,
  staffTexts,
  type Answer,
} from '../support/renderConsole';

// The first press loads the form's rules (yup), which takes a while in a cold test run.
jest.setTimeout(20_000);

const sv = staffTexts.sv;
const form = formTexts.sv;
const detailsPath = /^\/staff\/api\/registrations\/7$/;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

/**
 * The API with registration 7 as `current()` has it, and `change` answering its PATCH; as the
 * server does, it reads as changed once a change has succeeded.
 */
function api(change: (request: Request) => Answer, current = () => registration) {
  let changed: Answer['body'];
  const patch = (request: Request) => {
    const answer = change(request);
    if ((answer.status ?? 200) === 200) changed = answer.body;
    return answer;
  };
  return fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: officer })],
    ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
    ['GET', detailsPath, () => ({ body: changed ?? current() })],
    ['PATCH', detailsPath, patch],
    ['POST', /\/registrations\/7\/notes$/, change],
  ]);
}

async function openRegistration() {
  renderConsole('/staff/7');
  await screen.findByRole('heading', { level: 1 });
}

const sent = (requests: Request[], method: string) =>
  requests.filter((request) => request.method === method);
const gets = (requests: Request[]) =>
  requests.filter(
    (request) => request.method === 'GET' && detailsPath.test(new URL(request.url).pathname),
  );

describe("a registration's correction", () => {
  it('refuses a phone number the form would refuse, naming the field in a summary that takes the focus; a valid one is sent alone, on the version shown', async () => {
    const newNumber = '+358 50 765 4321';
    const { requests } = api(() => ({
      body: { ...registration, phoneNumber: newNumber, version: 4 },
    }));
    const user = userEvent.setup();
    await openRegistration();

    await user.click(screen.getByRole('button', { name: sv.correct }));
    // The hint speaks of the applicant's address, not the reader's own ("Din e-postadress").
    expect(screen.getByLabelText(form.form['email-label'])).toHaveAccessibleDescription(
      sv['field-hint'].email.replace('{{domain}}', 'example.edu'),
    );
    const phone = screen.getByLabelText(form.form['phoneNumber-label']);
    await user.clear(phone);
    await user.type(phone, 'abc');
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));

    const summary = await screen.findByRole('region', {
      name: form.form['error-summary-heading'],
    });
    const message = form.validation['phoneNumber-too-short'];
    const entry = `${form.form['phoneNumber-label']}: ${message[0].toLocaleLowerCase('sv')}${message.slice(1)}`;
    expect(within(summary).getByRole('link', { name: entry })).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(sent(requests, 'PATCH')).toHaveLength(0);

    // The summary's link takes the person to the field.
    await user.click(within(summary).getByRole('link'));
    expect(phone).toHaveFocus();
    await user.clear(phone);
    await user.type(phone, newNumber);
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));

    await screen.findByText(sv.corrected);
    const [patch] = sent(requests, 'PATCH');
    expect(patch.headers.get('If-Match')).toBe('"3"');
    expect(patch.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    expect(await patch.json()).toEqual({ fields: { phoneNumber: newNumber } });
    // Back to the details, which show the answer's value, with the focus where the form opened.
    expect(await screen.findByText(newNumber)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: sv.correct })).toHaveFocus());
  });

  it("shows the server's refusal (422) beside the field, in the form's words", async () => {
    api(() => ({
      status: 422,
      body: {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'fields',
        fields: { degreeProgram: 'degreeProgram-outside-access' },
      },
    }));
    const user = userEvent.setup();
    await openRegistration();
    await user.click(screen.getByRole('button', { name: sv.correct }));
    await user.selectOptions(screen.getByLabelText(form.form['degreeProgram-label']), 'MIDS');
    await user.click(screen.getByRole('button', { name: sv['correction-save'] }));
    const summary = await screen.findByRole('region', {
      name: form.form['error-summary-heading'],
    });
    expect(summary).toHaveTextContent(sv['programme-outside-access'].slice(1));
  });
});

describe("a registration's processing", () => {
  it('Take assigns a new one to the person signed in and starts it, on the version shown, and the timeline says so', async () => {
    const me = { subject: officer.subject, name: officer.name };
    const at = '2026-11-27T09:00:00.000Z';
    const { requests } = api(() => ({
      body: {
        ...registration,
        state: 'in-progress',
        assignee: me,
        version: 4,
        history: [
          ...registration.history,
          { type: 'state', at, actor: me, from: 'new', to: 'in-progress' },
          { type: 'assignee', at, actor: me, from: null, to: me },
        ],
      },
    }));
    const user = userEvent.setup();
    await openRegistration();
    expect(screen.getByRole('button', { name: sv.take })).toHaveAccessibleDescription(
      sv['take-hint'],
    );
    await user.click(screen.getByRole('button', { name: sv.take }));
    await screen.findByText(sv['taken-started']);
    const [patch] = sent(requests, 'PATCH');
    expect(patch.headers.get('If-Match')).toBe('"3"');
    expect(await patch.json()).toEqual({ state: 'in-progress', assignee: officer.subject });
    // It is theirs now: nothing to take, and the select says so.
    await waitFor(() => expect(screen.queryByRole('button', { name: sv.take })).toBeNull());
    expect(screen.getByLabelText(sv['assignee-label'])).toHaveDisplayValue(
      sv['person-me'].replace('{{name}}', officer.name),
    );
    expect(screen.getByLabelText(sv['state-label'])).toHaveDisplayValue(sv.state['in-progress']);
    const timeline = screen.getByRole('region', { name: sv['history-heading'] });
    expect(timeline).toHaveTextContent(
      sv['history-state']
        .replace('{{from}}', sv.state.new)
        .replace('{{to}}', sv.state['in-progress']),
    );
    // The button pressed is gone with the old version's form; the focus stays in the panel.
    expect(screen.getByRole('heading', { name: sv['processing-heading'] })).toHaveFocus();
  });

  it('Take saves the state chosen with it: nothing chosen is lost, one save for both', async () => {
    const { requests } = api(() => ({
      body: { ...registration, state: 'waiting', assignee: officer, version: 4 },
    }));
    const user = userEvent.setup();
    await openRegistration();
    await user.selectOptions(screen.getByLabelText(sv['state-label']), 'waiting');
    expect(sent(requests, 'PATCH')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: sv.take }));
    await screen.findByText(sv.taken);
    expect(await sent(requests, 'PATCH')[0].json()).toEqual({
      state: 'waiting',
      assignee: officer.subject,
    });
  });

  it('says under the state what a change tells the applicant: no email, and for waiting, to contact them', async () => {
    api(() => ({ body: registration }));
    const user = userEvent.setup();
    await openRegistration();
    const state = screen.getByLabelText(sv['state-label']);
    expect(state).toHaveAccessibleDescription(sv['state-hint']);
    await user.selectOptions(state, 'waiting');
    expect(state).toHaveAccessibleDescription(sv['state-hint-waiting']);
  });

  it('says why a change was refused (422, 404), and "try again" only for a failure that may pass', async () => {
    let answer: Answer = {
      status: 422,
      body: {
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'not assignable',
        notAssignable: { assignee: null, programmes: [] },
      },
    };
    const { requests } = api(() => answer);
    const user = userEvent.setup();
    await openRegistration();
    await user.click(screen.getByRole('button', { name: sv.take }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sv['not-assignable-unknown']);
    // Gone meanwhile (erased): asking again would be refused again.
    answer = { status: 404, body: { statusCode: 404, error: 'Not Found', message: '' } };
    await user.click(screen.getByRole('button', { name: sv.take }));
    await waitFor(() => expect(sent(requests, 'PATCH')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(sv['change-refused']));
    answer = {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: '' },
    };
    await user.click(screen.getByRole('button', { name: sv.take }));
    await waitFor(() => expect(sent(requests, 'PATCH')).toHaveLength(3));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(sv['change-failed']));
  });

  it('a change refused because someone changed it meanwhile names them, overwrites nothing and reads it again on request', async () => {
    const { requests } = api(() => ({
      status: 412,
      body: {
        statusCode: 412,
        error: 'Precondition Failed',
        message: 'changed meanwhile',
        version: 4,
        changedBy: { subject: 'cai', name: 'Cai Coordinator' },
        changedAt: '2026-11-26T10:15:00.000Z',
      },
    }));
    const user = userEvent.setup();
    await openRegistration();
    await user.selectOptions(screen.getByLabelText(sv['state-label']), 'in-progress');
    await user.click(screen.getByRole('button', { name: sv['processing-save'] }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cai Coordinator');
    expect(alert).toHaveTextContent('26.11.2026 12.15'); // in TIME_ZONE
    await waitFor(() => expect(alert).toHaveFocus());
    expect(sent(requests, 'PATCH')).toHaveLength(1);
    expect(await sent(requests, 'PATCH')[0].json()).toEqual({ state: 'in-progress' });

    const readsBefore = gets(requests).length;
    await user.click(within(alert).getByRole('button', { name: sv['conflict-reload'] }));
    await waitFor(() => expect(gets(requests).length).toBe(readsBefore + 1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent(requests, 'PATCH')).toHaveLength(1);
  });

  it('a change refused because of their own change in another window says it was theirs', async () => {
    api(() => ({
      status: 412,
      body: {
        statusCode: 412,
        error: 'Precondition Failed',
        message: 'changed meanwhile',
        version: 4,
        changedBy: { subject: officer.subject, name: officer.name },
        changedAt: '2026-11-26T10:15:00.000Z',
      },
    }));
    const user = userEvent.setup();
    await openRegistration();
    await user.selectOptions(screen.getByLabelText(sv['state-label']), 'done');
    await user.click(screen.getByRole('button', { name: sv['processing-save'] }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      sv['person-me'].replace('{{name}}', officer.name),
    );
  });
});

describe("a registration's notes", () => {
  it('refuses an empty note, counts what is left, and adds one', async () => {
    const note = {
      id: 1,
      at: '2026-11-26T10:00:00.000Z',
      author: officer,
      text: 'Asked for a copy.',
    };
    let current = registration;
    const { requests } = api(
      () => {
        current = { ...registration, notes: [note] };
        return { status: 201, body: note };
      },
      () => current,
    );
    const user = userEvent.setup();
    await openRegistration();

    await user.click(screen.getByRole('button', { name: sv['note-add'] }));
    const input = screen.getByLabelText(sv['note-label']);
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(sv['note-required']));
    expect(sent(requests, 'POST')).toHaveLength(0);

    await user.type(input, note.text);
    expect(screen.getByText('Du har 1 983 tecken kvar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: sv['note-add'] }));
    await screen.findByText(sv['note-added']);
    expect(await sent(requests, 'POST')[0].json()).toEqual({ text: note.text });
    // Read again, with the note in it.
    await screen.findByText(note.text);
    expect(input).toHaveValue('');
  });
});

describe("a note's hint and its characters", () => {
  it('says beside the box, in its description, that the applicant can read notes in their download', async () => {
    api(() => ({ status: 201 }));
    await openRegistration();
    const input = screen.getByLabelText(sv['note-label']);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('note-hint');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(sv['note-hint']));
    expect(sv['note-hint']).toMatch(/^Sökanden kan läsa anteckningarna/);
    expect(staffTexts.en['note-hint']).toMatch(
      /^The applicant can read these notes when they download their data/,
    );
    // Nothing tells the staff any longer that notes stay with them.
    for (const texts of Object.values(staffTexts)) {
      expect(JSON.stringify(texts)).not.toMatch(/internal|only staff|interna|bara personalen/i);
    }
  });

  it('refuses a note with a bidi or C1 control character, says why, and keeps the text typed', async () => {
    const { requests } = api(() => ({ status: 201 }));
    const user = userEvent.setup();
    await openRegistration();
    const input = screen.getByLabelText(sv['note-label']);

    for (const typed of ['Ring \u202Eenots', 'Ring \u0085tillbaka']) {
      await user.clear(input);
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: sv['note-add'] }));
      expect(input).toHaveFocus();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(sv['note-control-characters']),
      );
      expect(input).toHaveValue(typed);
    }
    expect(sent(requests, 'POST')).toHaveLength(0);

    // Line breaks and tabs are text.
    await user.clear(input);
    await user.type(input, 'Rad ett{Enter}rad\ttvå');
    await user.click(screen.getByRole('button', { name: sv['note-add'] }));
    await waitFor(() => expect(sent(requests, 'POST')).toHaveLength(1));
    expect(await sent(requests, 'POST')[0].json()).toEqual({ text: 'Rad ett\nrad\ttvå' });
  });

  it('says the same when the server refuses the note, in English too, and keeps the text', async () => {
    const { requests } = api(() => ({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'body/text must match pattern' },
    }));
    const user = userEvent.setup();
    renderConsole('/staff/7', 'en');
    await screen.findByRole('heading', { level: 1 });
    const en = staffTexts.en;
    const input = screen.getByLabelText(en['note-label']);
    await user.type(input, 'Called back.');
    await user.click(screen.getByRole('button', { name: en['note-add'] }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(en['note-control-characters']),
      ),
    );
    expect(sent(requests, 'POST')).toHaveLength(1);
    expect(input).toHaveValue('Called back.');
    expect(input).toHaveFocus();
    expect(screen.queryByText(en['note-failed'])).not.toBeInTheDocument();
  });
});

describe('its transfer to the student information system', () => {
  it('shows when, by which token and under which id', async () => {
    const transferred = {
      ...registration,
      transfer: { at: '2026-11-21T10:00:00.000Z', tokenName: 'Sisu', externalId: 'P-1' },
    };
    api(
      () => ({ status: 500 }),
      () => transferred,
    );
    await openRegistration();
    const row = screen.getByText(sv.transfer).nextElementSibling!;
    expect(row).toHaveTextContent(/^Överförd den .+ \(nyckeln ”Sisu”\), id i systemet: P-1$/);
  });

  it('says when it is not transferred yet', async () => {
    api(() => ({ status: 500 }));
    await openRegistration();
    expect(screen.getByText(sv.transfer).nextElementSibling).toHaveTextContent(
      sv['not-transferred'],
    );
  });
});

describe('its possible duplicates', () => {
  const other = {
    id: 21,
    reference: 'KJMT2345',
    degreeProgram: 'MIDS' as const,
    createdAt: '2026-11-21T10:00:00.000Z',
    resolution: null,
  };
  const withDuplicate = { ...registration, duplicateOf: [21], duplicates: [other] };
  const resolvedBy = (type: 'different' | 'handled') => ({
    ...registration,
    duplicates: [{ ...other, resolution: { type, by: officer, at: '2026-11-22T09:15:00.000Z' } }],
    history: [
      ...registration.history,
      {
        type: 'duplicate' as const,
        at: '2026-11-22T09:15:00.000Z',
        actor: officer,
        otherId: 21,
        resolution: type,
      },
    ],
  });

  it('names each by reference, programme and received day, and links it', async () => {
    api(
      () => ({}),
      () => withDuplicate,
    );
    await openRegistration();
    const link = screen.getByRole('link', {
      name: `KJMT2345, ${form['degree-programs'].MIDS}, mottagen 21.11.2026`,
    });
    expect(link).toHaveAttribute('href', '/staff/21');
    expect(screen.getByText(sv['duplicates-intro_one'])).toBeInTheDocument();
  });

  it('resolves one as not the same person, says who and when, and marks it again', async () => {
    let current: typeof registration = withDuplicate;
    const { requests } = fakeStaffApi([
      ['GET', /\/me$/, () => ({ body: officer })],
      ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
      ['GET', detailsPath, () => ({ body: current })],
      [
        'PUT',
        /^\/staff\/api\/registrations\/7\/duplicates\/21$/,
        () => {
          current = current.duplicates[0].resolution ? withDuplicate : resolvedBy('different');
          return { body: current };
        },
      ],
    ]);
    const user = userEvent.setup();
    await openRegistration();

    await user.click(screen.getByRole('button', { name: sv['duplicate-different'] }));
    const markAgain = await screen.findByRole('button', { name: sv['duplicate-mark-again'] });
    await waitFor(() => expect(markAgain).toHaveFocus());
    const [put] = sent(requests, 'PUT');
    expect(put.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    expect(await put.json()).toEqual({ resolution: 'different' });
    expect(screen.queryByText(sv['duplicates-intro_one'])).not.toBeInTheDocument();
    expect(screen.getByText(sv['duplicates-resolved-intro'])).toBeInTheDocument();
    expect(
      screen.getByText(`Inte samma person (${officer.name}, 22.11.2026 11.15)`),
    ).toBeInTheDocument();
    // The timeline names the other by its reference.
    expect(
      within(screen.getByRole('region', { name: sv['history-heading'] })).getByText(
        'Inte samma person som KJMT2345',
      ),
    ).toBeInTheDocument();

    await user.click(markAgain);
    expect(await sent(requests, 'PUT')[1].json()).toEqual({ resolution: null });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: sv['duplicate-different'] })).toHaveFocus(),
    );
    expect(screen.getByText(sv['duplicates-intro_one'])).toBeInTheDocument();
  });

  it('says when the decision could not be saved', async () => {
    fakeStaffApi([
      ['GET', /\/me$/, () => ({ body: officer })],
      ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
      ['GET', detailsPath, () => ({ body: withDuplicate })],
      ['PUT', /\/duplicates\/21$/, () => ({ status: 500, body: {} })],
    ]);
    const user = userEvent.setup();
    await openRegistration();
    await user.click(screen.getByRole('button', { name: sv['duplicate-handled'] }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sv['duplicate-resolve-failed']);
  });
});

describe('a registration its applicant withdrew while it was open', () => {
  const withdrawal = {
    id: 7,
    degreeProgram: 'IT',
    withdrawnAt: '2026-11-29T10:20:00.000Z',
    assignee: null,
  };
  const gone = {
    status: 410,
    body: { statusCode: 410, error: 'Gone', message: 'withdrawn', withdrawal },
  };

  it('a save says so and shows what is left of it instead of the form', async () => {
    let withdrawn = false;
    const { requests } = fakeStaffApi([
      ['GET', /\/me$/, () => ({ body: officer })],
      ['GET', /\/staff-members$/, () => ({ body: { items: [] } })],
      ['GET', detailsPath, () => (withdrawn ? gone : { body: registration })],
      ['PATCH', detailsPath, () => gone],
    ]);
    const user = userEvent.setup();
    await openRegistration();
    withdrawn = true;
    await user.click(screen.getByRole('button', { name: sv.take }));

    expect(
      await screen.findByRole('heading', { level: 1, name: sv['withdrawn-heading'] }),
    ).toBeInTheDocument();
    expect(sent(requests, 'PATCH')).toHaveLength(1);
    expect(screen.queryByText(registration.email)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: sv.take })).not.toBeInTheDocument();
  });
});

describe("a registration's details as the staff read them", () => {
  it("shows the birthday in the console's date format and the year in the staff's words", async () => {
    api(() => ({ body: registration }));
    renderConsole('/staff/7', 'en');
    await screen.findByRole('heading', { level: 1 });
    // Stored as typed (29.02.2000): shown as the English console writes its other dates.
    expect(await screen.findByText('29/02/2000')).toBeInTheDocument();
    expect(screen.queryByText(registration.birthday)).not.toBeInTheDocument();
    expect(screen.getByText(staffTexts.en['field-label'].startedYear)).toBeInTheDocument();
    expect(screen.queryByText(formTexts.en.form['startedYear-label'])).not.toBeInTheDocument();
  });
});
