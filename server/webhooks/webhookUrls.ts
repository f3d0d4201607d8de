/**
 * Where webhooks may go: https, or http to a host in WEBHOOK_ALLOWED_HOSTS; a host whose address
 * is private, loopback, link-local or otherwise not on the public internet only when listed (a
 * campus SIS is usually inside). Checked when an endpoint is registered and again before each
 * delivery, as DNS can change in between.
 */
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** Why a URL is refused, as the staff API and the delivery's last error say it; undefined: allowed. */
export async function refusalOfWebhookUrl(
  text: string,
  allowedHosts: readonly string[],
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a URL';
  }
  // URL keeps an IPv6 address in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const listed = allowedHosts.includes(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && listed)) {
    return 'https only, or http to a host in WEBHOOK_ALLOWED_HOSTS';
  }
  if (url.username || url.password) return 'no user name or password in the URL';
  if (listed) return undefined;
  let addresses: { address: string }[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host }] : await lookup(host, { all: true });
  } catch {
    return `the host ${host} does not resolve`;
  }
  const inside = addresses.find(({ address }) => !isPublic(address));
  return inside
    ? `the host ${host} is at an address that is not public (${inside.address}); list it in WEBHOOK_ALLOWED_HOSTS`
    : undefined;
}

function isPublic(address: string): boolean {
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address as the IPv4 one
  return parsed.range() === 'unicast';
}
