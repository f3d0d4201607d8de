/** The webhooks page as an admin uses it: add an endpoint, copy its secret, send a delivery again. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Webhook } from '../../src/contract/webhookApiSchemas';
import {
  fakeStaffApi,
  formTexts,
  officer,
  renderConsole,
  staffTexts,
} from '../support/renderConsole';

jest.setTimeout(20_000);

const admin = { ...officer, admin: true };

const webhook: Webhook = {
  id: 3,
  url: 'https://sis.example.edu/hooks',
  events: ['registration.created'],
  programmes: 'all',
  createdBy: 'admin@example.edu',
  createdAt: '2026-11-20T08:30:00.000Z',
  recentDeliveries: [
    {
      id: 41,
      messageId: 'msg_1',
      event: 'registration.created',
      reference: 'ABCD2345',
      queuedAt: '2026-11-20T08:31:00.000Z',
      state: 'failed',
      attempts: 8,
      lastAttemptAt: '2026-11-21T12:00:00.000Z',
      lastStatus: 503,
      lastError: 'answered 503',
    },
  ],
};

function api() {
  return fakeStaffApi([
    ['GET', /\/me$/, () => ({ body: admin })],
    ['GET', /\/webhooks$/, () => ({ body: { items: [webhook] } })],
    ['POST', /\/webhooks$/, () => ({ status: 201, body: { id: 4, secret: 'whsec_c2VjcmV0' } })],
    ['POST', /\/webhooks\/3\/deliveries\/41\/retry$/, () => ({ status: 202 })],
  ]);
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-123; path=/';
});
afterEach(() => jest.restoreAllMocks());

describe.each(['sv', 'en'] as const)('the webhooks page in %s', (language) => {
  const texts = staffTexts[language];

  it('names what is missing, then adds the endpoint and shows its secret once', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    renderConsole('/staff/webhooks', language);
    await screen.findByRole('heading', { level: 1, name: texts['webhooks-heading'] });

    await user.click(screen.getByRole('button', { name: texts['webhook-create'] }));
    const summary = await screen.findByRole('region', {
      name: formTexts[language].form['error-summary-heading'],
    });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getAllByRole('link')).toHaveLength(2);

    await user.type(screen.getByLabelText(texts['webhook-url']), 'https://sis.example.edu/new');
    await user.click(screen.getByLabelText(new RegExp(texts['webhook-event'].registration.erased)));
    await user.click(screen.getByRole('button', { name: texts['webhook-create'] }));

    const secret = await screen.findByRole('region', { name: texts['webhook-secret-heading'] });
    expect(secret).toHaveTextContent('whsec_c2VjcmV0');
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(await sent.json()).toEqual({
      url: 'https://sis.example.edu/new',
      events: ['registration.erased'],
      programmes: 'all',
    });
  });

  it('lists the latest deliveries and sends one again', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    renderConsole('/staff/webhooks', language);
    const retry = await screen.findByRole('button', {
      name: texts['webhook-retry'].replace('{{reference}}', 'ABCD2345'),
    });
    expect(screen.getByText(texts['webhook-delivery-states'].failed)).toBeInTheDocument();
    // The receiver's answer by its status, not in the server's English words.
    expect(screen.getByText('HTTP 503')).toBeInTheDocument();
    expect(screen.queryByText('answered 503')).toBeNull();
    await user.click(retry);
    await waitFor(() =>
      expect(
        requests.some((request) => request.url.endsWith('/webhooks/3/deliveries/41/retry')),
      ).toBe(true),
    );
  });
});
