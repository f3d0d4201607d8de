/**
 * Parts of the start page that load on demand (the error summary, the toasts, the documents'
 * dialog): when their code cannot be fetched (offline, say), the page goes on without them rather
 * than giving way to the crash notice, or to nothing, and says what it could not do.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderStartPage, translations } from '../support/renderApp';

// What webpack's loader does when a chunk does not arrive: the import() rejects.
const chunkFailure = 'Loading chunk failed (offline)';
jest.mock('../../src/features/registration/ErrorSummary', () => {
  throw new Error('Loading chunk failed (offline)');
});
jest.mock('../../src/app/toastify', () => {
  throw new Error('Loading chunk failed (offline)');
});
/** The dialog's code arrives once the connection is back. */
let mockConnectionBack = false;
jest.mock('../../src/features/documents/DocumentDialog', () => {
  if (!mockConnectionBack) throw new Error('Loading chunk failed (offline)');
  return jest.requireActual('../../src/features/documents/DocumentDialog');
});

const { sv } = translations;
const termsLinkText = /<termsLink>(.+)<\/termsLink>/.exec(sv.form['terms-label'])![1];

/** React reports each error an error boundary caught; here only the failed chunks may be. */
function expectOnlyChunkFailuresReported(reports: unknown[][]) {
  expect(reports.length).toBeGreaterThan(0);
  for (const args of reports) expect(args.map(String).join(' ')).toContain(chunkFailure);
}

let reports: unknown[][];
beforeEach(() => {
  sessionStorage.clear();
  mockConnectionBack = false;
  reports = [];
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void reports.push(args));
});

const expectFormShown = () => {
  expect(screen.queryByText(sv.general['crash-heading'])).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: sv.form['submit-label'] })).toBeInTheDocument();
};

describe('when on-demand parts cannot be fetched', () => {
  it('an invalid submit shows the message under each field and focuses the first', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    await user.type(screen.getByLabelText(sv.form['firstName-label']), 'Anna');

    await user.click(screen.getByRole('button', { name: sv.form['submit-label'] }));

    expect(await screen.findByText(sv.validation['lastName-required'])).toBeInTheDocument();
    // Both the summary and the toast container have failed by now.
    await waitFor(() => expect(reports.length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(screen.getByLabelText(sv.form['lastName-label'])).toHaveFocus());
    expectFormShown();
    expectOnlyChunkFailuresReported(reports);
  });

  it('the documents’ links say the text could not be opened, and open it once they can', async () => {
    const user = userEvent.setup();
    await renderStartPage();
    await user.type(screen.getByLabelText(sv.form['city-label']), 'Vasa');

    await user.click(screen.getByRole('link', { name: termsLinkText }));

    const underTerms = await screen.findByRole('alert');
    expect(underTerms).toHaveTextContent(sv.general['document-unavailable']);
    expect(screen.getByRole('contentinfo')).not.toContainElement(underTerms);
    expectFormShown();
    expect(screen.getByLabelText(sv.form['city-label'])).toHaveValue('Vasa');

    await user.click(screen.getByRole('link', { name: sv.footer['privacy-link'] }));

    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(within(screen.getByRole('contentinfo')).getByRole('alert')).toHaveTextContent(
      sv.general['document-unavailable'],
    );
    expectOnlyChunkFailuresReported(reports);

    mockConnectionBack = true;
    await user.click(screen.getByRole('link', { name: termsLinkText }));

    expect(await screen.findByRole('dialog', { name: sv.documents.terms.title })).toBeVisible();
    // The terms' message has gone; the footer's stays until its own link is clicked again.
    const alerts = screen.getAllByRole('alert', { hidden: true });
    expect(alerts).toHaveLength(1);
    expect(screen.getByRole('contentinfo', { hidden: true })).toContainElement(alerts[0]);
  });
});
