/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com/): HMAC-SHA256 of
 * `id.timestamp.body` with the secret's bytes, base64, after `v1,`; the secret is given to the
 * receiver as `whsec_` and base64.
 */
import { createHmac, randomBytes } from 'node:crypto';

const secretPrefix = 'whsec_';

/** 24 random bytes, as the specification suggests (between 24 and 64). */
export const newWebhookSecret = () => secretPrefix + randomBytes(24).toString('base64');

/** The headers of one delivery; `id` is the same on each retry. */
export function signedHeaders(secret: string, id: string, body: string, now = new Date()) {
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  const key = Buffer.from(secret.slice(secretPrefix.length), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
