import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphqlSuccess, mockFetchResponse, requestBody } from '../support/fetchMock';
import { renderApp, translations, withoutMarkup } from '../support/renderApp';
import { validValues } from '../../testing/registrations';

const { sv } = translations;

beforeEach(() => {
  sessionStorage.clear();
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

function saveForm(values = validValues) {
  sessionStorage.setItem('form-data', JSON.stringify(values));
}

describe('send page', () => {
  it('sends the saved form once (under StrictMode), shows thanks and removes the data', async () => {
    const fetchMock = mockFetchResponse(graphqlSuccess);
    saveForm();
    renderApp('/send');

    expect(await screen.findByRole('status')).toBeInTheDocument();
    const heading = await screen.findByRole('heading', {
      name: sv['send-page-thankyou']['heading-label'],
    });
    expect(heading).toBeInTheDocument();
    // The confirmation's address: the one typed, in bold.
    expect(screen.getByText(validValues.email).tagName).toBe('STRONG');
    expect(
      screen.getByRole('link', { name: sv['send-page-thankyou']['link-label'] }),
    ).toHaveAttribute('href', 'https://www.example.edu/');
    expect(sessionStorage.getItem('form-data')).toBeNull();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const request = fetchMock.mock.calls[0][0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/graphql');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('token-123');
    // The confirmation email is written in the page's language.
    expect(request.headers.get('Accept-Language')).toBe('sv');
    const body = await requestBody(fetchMock);
    expect(body.operationName).toBe('createOnboardingForm');
    expect(body.variables).toEqual({});
    expect(body.query).toContain('email: "asa.nystrom@example.edu"');
  });

  it.each([
    ['an HTTP error', () => mockFetchResponse({ message: 'Service Unavailable' }, 503)],
    ['GraphQL errors', () => mockFetchResponse({ data: null, errors: [{ message: 'Invalid' }] })],
    ['an answer without the record', () => mockFetchResponse({ data: {} })],
    [
      'a network failure',
      () => jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch')),
    ],
  ])('shows the error view on %s and removes the data', async (_case, mockFailure) => {
    const fetchMock = mockFailure();
    saveForm();
    renderApp('/send');

    expect(
      await screen.findByRole('heading', { name: sv['send-page-error']['heading-label'] }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: sv['send-page-error']['link-label'] })).toHaveAttribute(
      'href',
      'https://www.example.edu/',
    );
    expect(sessionStorage.getItem('form-data')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('redirects to the form when nothing is saved', async () => {
    const fetchMock = mockFetchResponse(graphqlSuccess);
    renderApp('/send');
    expect(
      await screen.findByRole('heading', { level: 1, name: sv.hero['heading-label'] }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('redirects to the form when the saved form is incomplete', async () => {
    const fetchMock = mockFetchResponse(graphqlSuccess);
    saveForm({ ...validValues, terms: false });
    renderApp('/send');
    expect(
      await screen.findByRole('checkbox', { name: withoutMarkup(sv.form['terms-label']) }),
    ).not.toBeChecked();
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes from a valid submit on the start page to one POST and the thank-you view', async () => {
    const fetchMock = mockFetchResponse(graphqlSuccess);
    const devLog = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    saveForm();
    const user = userEvent.setup();
    renderApp('/');
    const submit = await screen.findByRole('button', { name: sv.form['submit-label'] });
    await user.dblClick(submit);

    expect(
      await screen.findByRole('heading', { name: sv['send-page-thankyou']['heading-label'] }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/send');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Development builds log the saved form; production builds do not.
    expect(devLog).toHaveBeenCalledWith('Saved registration form', validValues);
  });
});
