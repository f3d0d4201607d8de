/**
 * The send step's code loads on demand (loadSendPage.ts), and the submit fetches it before leaving
 * the form. When it cannot arrive (offline, say), the form stays, says it was not sent, and keeps
 * what was typed; once it can, the same submit goes through.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphqlSuccess, mockFetchResponse, requestBody } from '../support/fetchMock';
import { renderStartPage, translations } from '../support/renderApp';
import { storageKeys } from '../../src/app/storage';
import { validValues } from '../../testing/registrations';

/** What webpack's loader does while a chunk cannot arrive: the import() rejects. */
let mockConnectionBack = false;
jest.mock('../../src/features/send/SendPage', () => {
  if (!mockConnectionBack) throw new Error('Loading chunk 351 failed.');
  return jest.requireActual('../../src/features/send/SendPage');
});

const { sv } = translations;

it('a valid submit stays on the form and says it was not sent, then goes through once it can', async () => {
  sessionStorage.setItem(storageKeys.formData, JSON.stringify(validValues));
  const fetchMock = mockFetchResponse(graphqlSuccess);
  const user = userEvent.setup();
  await renderStartPage();
  const city = screen.getByLabelText(sv.form['city-label']);
  await user.clear(city);
  await user.type(city, 'Vasa');
  const submit = screen.getByRole('button', { name: sv.form['submit-label'] });

  await user.click(submit);

  expect(await screen.findByRole('alert')).toHaveTextContent(sv.form['submit-unavailable']);
  expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
  expect(screen.queryByText(sv.general['crash-heading'])).not.toBeInTheDocument();
  expect(city).toHaveValue('Vasa');
  expect(JSON.parse(sessionStorage.getItem(storageKeys.formData) ?? '{}')).toEqual({
    ...validValues,
    city: 'Vasa',
  });
  expect(fetchMock).not.toHaveBeenCalled();

  mockConnectionBack = true;
  await user.click(submit);

  expect(
    await screen.findByRole('heading', { name: sv['send-page-thankyou']['heading-label'] }),
  ).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect((await requestBody(fetchMock)).query).toContain('city: "Vasa"');
});
