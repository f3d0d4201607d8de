import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyAppConfig } from '../../src/config';
import { configDefaults } from '../../src/contract/configDefaults';
import { storageKeys } from '../../src/app/storage';
import { renderApp, translations } from '../support/renderApp';

const { fi, sv } = translations;

/** A message as the error summary writes it after its field's name. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** A translation key shown as-is: a text missing from a file. */
const rawKey = /\b(general|hero|form|validation|send-page[\w-]*)\.[a-zA-Z]+-[\w-]+/;

beforeEach(() => sessionStorage.clear());
afterEach(() => applyAppConfig(configDefaults));

async function renderFinnishFirst() {
  applyAppConfig({ ...configDefaults, languages: ['fi', 'sv', 'en'] });
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: fi.hero['heading-label'] });
  return view;
}

describe('the form where Finnish is offered first', () => {
  it('opens in Finnish, and an invalid submit speaks Finnish: toast, summary, messages', async () => {
    const user = userEvent.setup();
    await renderFinnishFirst();
    expect(document.documentElement.lang).toBe('fi');
    expect(document.title).toBe(fi.general['tlk-title-label']);
    await user.type(screen.getByLabelText(fi.form['firstName-label']), 'Aino');
    await user.click(screen.getByRole('button', { name: fi.form['submit-label'] }));

    const toast = await screen.findByRole('note');
    expect(within(toast).getByText(fi.form['invalid-toast-header'])).toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: fi.form['error-summary-heading'] });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getAllByRole('link')[0]).toHaveTextContent(
      `${fi.form['lastName-label']}: ${lowerFirst(fi.validation['lastName-required'])}`,
    );
    expect(screen.getByText(fi.validation['lastName-required'])).toHaveAttribute(
      'id',
      'lastName-error',
    );
    expect(screen.getByText(fi.validation['terms-required'])).toBeInTheDocument();
    expect(document.title).toBe(
      `${fi.general['error-title-prefix']}${fi.general['tlk-title-label']}`,
    );
    expect(document.body.textContent).not.toMatch(rawKey);
  });

  it('lists the two other languages in the switcher, and keeps what was typed across a switch', async () => {
    const user = userEvent.setup();
    await renderFinnishFirst();
    await user.type(screen.getByLabelText(fi.form['city-label']), 'Jyväskylä');
    await user.click(screen.getByRole('button', { name: /Suomi/ }));
    const menu = await screen.findByRole('button', { name: 'Svenska' });
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    await user.click(menu);

    await screen.findByRole('heading', { level: 1, name: sv.hero['heading-label'] });
    expect(sessionStorage.getItem(storageKeys.language)).toBe('sv');
    expect(screen.getByLabelText(sv.form['city-label'])).toHaveValue('Jyväskylä');
  });
});

describe('the form where Finnish is not offered (LANGUAGES unset)', () => {
  it('shows Swedish for a Finnish choice stored in the tab, and offers no Finnish', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(storageKeys.language, 'fi');
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: sv.hero['heading-label'] });
    await user.click(screen.getByRole('button', { name: /Svenska/ }));
    await screen.findByRole('button', { name: 'English' });
    expect(screen.queryByRole('button', { name: 'Suomi' })).not.toBeInTheDocument();
  });
});
