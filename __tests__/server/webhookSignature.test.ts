/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * Webhook signing (server/webhooks/webhookSignature.ts) as a receiver checks it: with the
 * Standard Webhooks reference library, and by the specification's own example.
 */
import { Webhook } from 'standardwebhooks';
import { newWebhookSecret, signedHeaders } from '../../server/webhooks/webhookSignature';

describe('webhook signatures', () => {
  it("match the specification's example", () => {
    // https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
    const headers = signedHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      '{"test": 2432232314}',
      new Date(1614265330_000),
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('are accepted by the reference library with a new secret, and by no other secret', () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: 'registration.created', data: { id: 7 } });
    const headers = signedHeaders(secret, 'evt_1', body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });

  it('give the time in whole seconds, rounded down', () => {
    const headers = signedHeaders(newWebhookSecret(), 'evt_2', '{}', new Date(1_700_000_000_999));
    expect(headers['webhook-timestamp']).toBe('1700000000');
  });

  it('use the time of the delivery by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const headers = signedHeaders(newWebhookSecret(), 'evt_3', '{}');
    const timestamp = Number(headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('come from secrets of 24 random bytes, each new', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
