import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configDefaults } from '../../src/config/defaults';
import { renderStartPage, translations } from '../support/renderApp';

const { sv } = translations;

beforeEach(() => sessionStorage.clear());

describe('the texts behind the form', () => {
  it('opens the terms from the checkbox label in a dialog, and Escape brings focus back', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    await user.type(screen.getByLabelText(sv.form['firstName-label']), 'Anna');
    const link = screen.getByRole('link', { name: 'villkoren för anmälan' });

    await user.click(link);
    const dialog = await screen.findByRole('dialog', { name: sv.documents.terms.title });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(
      within(dialog).getByRole('heading', { name: sv.documents.terms.sections[0].heading }),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /villkoren/ })).not.toBeChecked();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(link).toHaveFocus();
    expect(screen.getByLabelText(sv.form['firstName-label'])).toHaveValue('Anna');
  });

  it('shows the contact address and opens the privacy notice from the footer', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: configDefaults.contactEmail })).toHaveAttribute(
      'href',
      `mailto:${configDefaults.contactEmail}`,
    );

    await user.click(within(footer).getByRole('link', { name: sv.footer['privacy-link'] }));
    const dialog = await screen.findByRole('dialog', { name: sv.documents.privacy.title });

    // The configured values stand in the text: how long registrations are kept, whom to ask.
    expect(dialog).toHaveTextContent(`${configDefaults.retentionDays} dagar`);
    expect(dialog).toHaveTextContent(configDefaults.contactEmail);
    expect(dialog).toHaveTextContent('Dataombudsmannens byrå');
    await user.click(within(dialog).getAllByRole('button', { name: sv.general['close-label'] })[0]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('names the enforcement body in the accessibility statement', async () => {
    const user = userEvent.setup();
    await renderStartPage();

    await user.click(screen.getByRole('link', { name: sv.footer['accessibility-link'] }));
    const dialog = await screen.findByRole('dialog', { name: sv.documents.accessibility.title });

    expect(dialog).toHaveTextContent('Traficom');
    expect(dialog).toHaveTextContent('WCAG 2.2');
  });
});
