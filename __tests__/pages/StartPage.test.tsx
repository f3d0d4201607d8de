import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as toastify } from '../../src/app/toastify';
import { fieldNames } from '../../src/contract/fields';
import { fieldChanged } from '../../src/features/registration/registrationSlice';
import { validValues } from '../../testing/registrations';

type FieldChange = Parameters<typeof fieldChanged>[0];
import { renderStartPage, translations, withoutMarkup } from '../support/renderApp';

const { sv, en } = translations;

/** A message as the error summary writes it after its field's name. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

beforeEach(() => sessionStorage.clear());

/** A translation key shown as-is, such as `form.city-label`: a text missing from a file. */
const rawKey =
  /\b(general|hero|form|validation|send-page[\w-]*)\.[a-zA-Z]+-[\w-]+|degree-programs\./;

describe('start page', () => {
  it('shows the top bar, hero and a labelled control for every field', async () => {
    await renderStartPage();
    expect(screen.getByRole('link', { name: sv.general['logo-alt'] })).toHaveAttribute(
      'href',
      'https://www.example.edu/',
    );
    expect(screen.getByText(sv.general['topbar-label'])).toBeInTheDocument();
    for (const name of fieldNames) {
      const control = document.getElementById(name);
      expect(control).toHaveAttribute('name', name);
      expect(document.querySelector(`label[for="${name}"]`)).toBeVisible();
    }
    expect(screen.getByLabelText(sv.form['email-label'])).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(sv.form['phoneNumber-label'])).toHaveAttribute(
      'autocomplete',
      'tel',
    );
    expect(screen.getByLabelText(sv.form['degreeProgram-label']).tagName).toBe('SELECT');
    // The label's text includes its link to the terms.
    expect(screen.getByLabelText(withoutMarkup(sv.form['terms-label']))).toHaveAttribute(
      'type',
      'checkbox',
    );
    for (const note of ['payment-note-1', 'payment-note-2', 'payment-note-3'] as const) {
      expect(screen.getByText(sv.form[note])).toBeInTheDocument();
    }
  });

  it('shows a field’s error only after it has been touched', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    const firstName = screen.getByLabelText(sv.form['firstName-label']);
    await user.type(firstName, 'A');
    expect(screen.queryByText(sv.validation['firstName-too-short'])).not.toBeInTheDocument();
    expect(firstName).not.toHaveAttribute('aria-invalid');

    await user.tab();
    const message = screen.getByText(sv.validation['firstName-too-short']);
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText(sv.validation['lastName-required'])).not.toBeInTheDocument();

    await user.type(firstName, 'nna');
    expect(screen.queryByText(sv.validation['firstName-too-short'])).not.toBeInTheDocument();
    expect(firstName).not.toHaveAttribute('aria-invalid');
  });

  it('shows the message of a field left by a press once the press is released', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    const city = screen.getByLabelText(sv.form['city-label']);
    await user.type(city, 'Espoo 2');
    const submit = screen.getByRole('button', { name: sv.form['submit-label'] });

    await user.pointer({ keys: '[MouseLeft>]', target: submit });
    // Between press and release nothing above the button moves, so the release lands on it.
    expect(city).not.toHaveFocus();
    expect(screen.queryByText(sv.validation['city-format'])).not.toBeInTheDocument();

    await user.pointer({ keys: '[/MouseLeft]', target: submit });
    expect(
      await screen.findByRole('region', { name: sv.form['error-summary-heading'] }),
    ).toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'true');
  });

  it('on an invalid submit: toasts, marks every field and focuses the error summary', async () => {
    const user = userEvent.setup();
    const { getByTestId } = await renderStartPage();
    await user.type(screen.getByLabelText(sv.form['firstName-label']), 'Anna');
    await user.click(screen.getByRole('button', { name: sv.form['submit-label'] }));

    // The toast is no live region of its own: the one announcer reads its message, once.
    const toast = await screen.findByRole('note');
    await waitFor(() =>
      expect(document.getElementById('live-announcer')).toHaveTextContent(
        `${sv.form['invalid-toast-header']}. ${sv.form['invalid-toast-message']}`,
      ),
    );
    expect(within(toast).getByText(sv.form['invalid-toast-header'])).toBeInTheDocument();
    expect(within(toast).getByText(sv.form['invalid-toast-message'])).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: sv.form['error-summary-heading'] });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(document.title).toBe(
      `${sv.general['error-title-prefix']}${sv.general['tlk-title-label']}`,
    );
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      fieldNames.filter((name) => name !== 'firstName').map((name) => `#${name}`),
    );
    expect(links[0]).toHaveTextContent(
      `${sv.form['lastName-label']}: ${lowerFirst(sv.validation['lastName-required'])}`,
    );
    await user.click(links[0]);
    expect(screen.getByLabelText(sv.form['lastName-label'])).toHaveFocus();
    // Under the field, the message alone: its label is just above.
    expect(screen.getByText(sv.validation['lastName-required'])).toHaveAttribute(
      'id',
      'lastName-error',
    );
    expect(screen.getByText(sv.validation['terms-required'])).toHaveAttribute('id', 'terms-error');
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(fieldNames.length - 1);
    expect(getByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(document.body.textContent).not.toMatch(rawKey);

    // A second invalid submit does not stack a duplicate toast (mutation caught: no toastId).
    const showToast = jest.spyOn(toastify, 'error');
    await user.click(screen.getByRole('button', { name: sv.form['submit-label'] }));
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(1));
    expect(screen.getAllByText(sv.form['invalid-toast-header'])).toHaveLength(1);
  });

  it('switches language: texts, title, <html lang> and storage follow', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    expect(document.title).toBe(sv.general['tlk-title-label']);
    expect(document.documentElement.lang).toBe('sv');

    await user.click(screen.getByRole('button', { name: /Svenska/ }));
    const english = await screen.findByRole('button', { name: 'English' });
    expect(english).toHaveAttribute('lang', 'en');
    expect(screen.queryByRole('button', { name: 'Svenska' })).not.toBeInTheDocument();
    await user.click(english);

    expect(
      await screen.findByRole('heading', { level: 1, name: en.hero['heading-label'] }),
    ).toBeInTheDocument();
    expect(document.title).toBe(en.general['tlk-title-label']);
    expect(document.documentElement.lang).toBe('en');
    expect(sessionStorage.getItem('user-language')).toBe('en');
    await user.click(screen.getByRole('button', { name: en.form['submit-label'] }));
    expect(await screen.findByText(en.validation['terms-required'])).toBeInTheDocument();
    expect(
      await screen.findByText(
        `${en.form['terms-heading']}: ${lowerFirst(en.validation['terms-required'])}`,
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe(
      `${en.general['error-title-prefix']}${en.general['tlk-title-label']}`,
    );
    expect(document.body.textContent).not.toMatch(rawKey);
  });

  it('restores what was typed before a reload', async () => {
    const user = userEvent.setup();
    const first = await renderStartPage();
    await user.type(screen.getByLabelText(sv.form['city-label']), 'Jakobstad');
    first.unmount();

    await renderStartPage();
    expect(screen.getByLabelText(sv.form['city-label'])).toHaveValue('Jakobstad');
  });
});

describe('the error summary', () => {
  it('names each entry’s field, in Swedish and in English, where the messages are alike', async () => {
    const user = userEvent.setup();
    const { store } = await renderStartPage();
    const invalid = { lastName: 'Smith_1', city: 'Espoo 2', country: 'Land 9', terms: false };
    act(() => {
      for (const field of fieldNames) {
        const value = { ...validValues, ...invalid }[field];
        store.dispatch(fieldChanged({ field, value } as FieldChange));
      }
    });
    await user.click(screen.getByRole('button', { name: sv.form['submit-label'] }));

    for (const [language, texts] of [['sv', sv] as const, ['en', en] as const]) {
      if (language === 'en') {
        await user.click(screen.getByRole('button', { name: /Svenska/ }));
        await user.click(await screen.findByRole('button', { name: 'English' }));
      }
      const summary = await screen.findByRole('region', {
        name: texts.form['error-summary-heading'],
      });
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        `${texts.form['lastName-label']}: ${lowerFirst(texts.validation['lastName-format'])}`,
        `${texts.form['city-label']}: ${lowerFirst(texts.validation['city-format'])}`,
        `${texts.form['country-label']}: ${lowerFirst(texts.validation['country-format'])}`,
        // The checkbox's label is a sentence: its fieldset's legend names it.
        `${texts.form['terms-heading']}: ${lowerFirst(texts.validation['terms-required'])}`,
      ]);
    }
  });

  it('goes away, with the title prefix, once the form is valid', async () => {
    const user = userEvent.setup();
    const { store } = await renderStartPage();
    await user.click(screen.getByRole('button', { name: sv.form['submit-label'] }));
    await screen.findByRole('region', { name: sv.form['error-summary-heading'] });

    act(() => {
      for (const field of fieldNames) {
        store.dispatch(fieldChanged({ field, value: validValues[field] } as FieldChange));
      }
    });

    expect(
      screen.queryByRole('region', { name: sv.form['error-summary-heading'] }),
    ).not.toBeInTheDocument();
    expect(document.title).toBe(sv.general['tlk-title-label']);
  });
});
