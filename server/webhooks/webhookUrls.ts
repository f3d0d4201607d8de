/**
 * Where webhooks may go: https, or http to a host in WEBHOOK_ALLOWED_HOSTS; a host whose address
 * is private, loopback, link-local or otherwise not on the public internet only when listed (a
 * campus SIS is usually inside). Checked when an endpoint is registered, and at each connection
 * the sender opens (webhookLookup below): the addresses checked are the ones connected to, so a
 * name that resolves anew in between (DNS rebinding) cannot lead it inside.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** A host name's addresses, every one of them (the system's resolver by default; tests give their own). */
export type HostResolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (host) => lookup(host, { all: true });

/** Why the form of a URL is refused (before any name is resolved); undefined: allowed. */
export function refusalOfWebhookUrlForm(
  text: string,
  allowedHosts: readonly string[],
): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a URL';
  }
  const host = hostOf(url);
  const listed = allowedHosts.includes(host);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && listed)) {
    return 'https only, or http to a host in WEBHOOK_ALLOWED_HOSTS';
  }
  if (url.username || url.password) return 'no user name or password in the URL';
  if (!listed && ipaddr.isValid(host) && !isPublicAddress(host)) return notPublic(host, host);
  return undefined;
}

/** Why a URL is refused, as the staff API says it; undefined: allowed. */
export async function refusalOfWebhookUrl(
  text: string,
  allowedHosts: readonly string[],
  resolve: HostResolver = systemResolver,
): Promise<string | undefined> {
  const refusal = refusalOfWebhookUrlForm(text, allowedHosts);
  if (refusal) return refusal;
  const host = hostOf(new URL(text));
  if (allowedHosts.includes(host) || ipaddr.isValid(host)) return undefined;
  try {
    await publicAddressesOf(host, resolve);
    return undefined;
  } catch (error) {
    if (error instanceof AddressRefused) return error.message;
    return `the host ${host} does not resolve`;
  }
}

/** A connection refused because its host resolved to an address that is not public. */
export class AddressRefused extends Error {
  readonly code = 'EADDRNOTPUBLIC';
}

const notPublic = (host: string, address: string) =>
  `the host ${host} is at an address that is not public (${address}); list it in WEBHOOK_ALLOWED_HOSTS`;

/** `host`'s addresses, every one public, or AddressRefused naming the first that is not. */
async function publicAddressesOf(host: string, resolve: HostResolver): Promise<LookupAddress[]> {
  const addresses = await resolve(host);
  const inside = addresses.find(({ address }) => !isPublicAddress(address));
  if (inside) throw new AddressRefused(notPublic(host, inside.address));
  return addresses;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * net.connect's `lookup` for the sender's connections: resolves with `resolve`, and unless the
 * host is listed refuses the connection when any address is not public, so that the connection
 * goes only to addresses just checked. An IP address in the URL is never looked up (net connects
 * to it as it is): refusalOfWebhookUrlForm checks it before each delivery.
 */
export function webhookLookup(allowedHosts: readonly string[], resolve: HostResolver) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback) => {
    const listed = allowedHosts.includes(host);
    (listed ? resolve(host) : publicAddressesOf(host, resolve)).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), []);
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

// URL keeps an IPv6 address in brackets.
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Whether an address is on the public internet. An IPv6 address that carries an IPv4 one is
 * judged so that none leads to an IPv4 address that is not public:
 * - ::/96, IPv4-compatible (deprecated by RFC 4291; `[::127.0.0.1]`, with :: and ::1): refused
 *   whole. No host is reached at one today, and where a system still routes them it is to the
 *   IPv4 address inside.
 * - ::ffff:0:0/96, IPv4-mapped: the embedded IPv4 decides. A socket connects to exactly that
 *   IPv4 address, so a public one is as good as the IPv4 address written plainly.
 * - 64:ff9b::/96, NAT64's well-known prefix (RFC 6052): the embedded IPv4 (the last 32 bits)
 *   decides. On an IPv6-only network with DNS64 every IPv4-only receiver is reached so, and the
 *   translator connects to that IPv4 address, a private one too if it lets it.
 * - 64:ff9b:1::/48, NAT64 for local use (RFC 8215): refused whole; where its IPv4 sits depends
 *   on the prefix length the network chose, and it is meant for inside.
 * - 2002::/16, 6to4 (IPv4 in bits 16–48): refused whole. Deprecated (RFC 7526), and which IPv4
 *   host the packets reach depends on the relay or tunnel on the way, not only on the embedded
 *   address; no receiver is expected there.
 * - 2001::/32, Teredo (server IPv4 in bits 32–64, client IPv4 the last 32 bits XOR 0xffffffff):
 *   refused whole. It numbers clients behind a NAT, never a server, and it is reached through a
 *   relay, with two embedded addresses and an obfuscated port to judge.
 * Anything else: what ipaddr.js calls plain unicast (no other special range).
 */
export function isPublicAddress(text: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return isPublicIPv4(ipaddr.IPv4.parse(text));
  const parts = ipv6Parts(text);
  if (!parts) return false;
  const [a, b, c, d, e, f, g, h] = parts;
  const embedded = () => new ipaddr.IPv4([g >> 8, g & 0xff, h >> 8, h & 0xff]);
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0) return false;
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff) {
    return isPublicIPv4(embedded());
  }
  if (a === 0x64 && b === 0xff9b) {
    return c === 0 && d === 0 && e === 0 && f === 0 && isPublicIPv4(embedded());
  }
  if (a === 0x2002) return false;
  if (a === 0x2001 && b === 0) return false;
  return new ipaddr.IPv6(parts).range() === 'unicast';
}

const isPublicIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/**
 * An IPv6 address's eight 16-bit parts, or undefined when it is not one. A dotted IPv4 tail is
 * read as two parts here: ipaddr.js reads `::a.b.c.d` as IPv4-mapped, which it is not.
 */
function ipv6Parts(text: string): number[] | undefined {
  const address = text.replace(/%.*$/, '');
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  let hex = address;
  if (dotted) {
    if (!ipaddr.IPv4.isValidFourPartDecimal(dotted[2])) return undefined;
    const [w, x, y, z] = ipaddr.IPv4.parse(dotted[2]).octets;
    hex = `${dotted[1]}${((w << 8) | x).toString(16)}:${((y << 8) | z).toString(16)}`;
  }
  if (!ipaddr.IPv6.isValid(hex)) return undefined;
  return ipaddr.IPv6.parse(hex).parts;
}
