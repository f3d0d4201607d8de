/**
 * The validation rules load after the first paint (validation.ts). When they cannot be fetched
 * (offline, or the page's files replaced by a newer version's), nothing is lost: the submit says
 * so and keeps the form; the send page leaves the check to the server.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphqlSuccess, mockFetchResponse } from '../support/fetchMock';
import { renderApp, renderStartPage, translations } from '../support/renderApp';
import { validValues } from '../../testing/registrations';

// What webpack's loader does when a chunk does not arrive: the import() rejects.
jest.mock('../../src/contract/registrationSchema', () => {
  throw new Error('Loading chunk 222 failed.');
});

const { sv } = translations;

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('form-data', JSON.stringify(validValues));
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

describe('when the validation rules cannot be fetched', () => {
  it('a submit says that the form was not sent, stays on the form and keeps it', async () => {
    const user = userEvent.setup();
    const { store } = await renderStartPage();
    const firstName = screen.getByLabelText(sv.form['firstName-label']);
    await user.type(firstName, ' Eva');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: sv.form['submit-label'] }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(sv.form['error-summary-heading']);
    expect(alert).toHaveTextContent(sv.form['submit-unavailable']);
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(firstName).toHaveValue(`${validValues.firstName} Eva`);
    expect(JSON.parse(sessionStorage.getItem('form-data') ?? '{}')).toMatchObject({
      firstName: `${validValues.firstName} Eva`,
      email: validValues.email,
    });
    // Not marked as checked: no field shows an error it was never checked for.
    expect(store.getState().registration.errors).toBeUndefined();
  });

  it('the send page sends the saved form, for the server to check', async () => {
    const fetchMock = mockFetchResponse(graphqlSuccess);
    renderApp('/send');

    expect(
      await screen.findByRole('heading', { name: sv['send-page-thankyou']['heading-label'] }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('form-data')).toBeNull();
  });
});
