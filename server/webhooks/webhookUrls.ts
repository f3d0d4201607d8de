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
 * Whether an address is on the public internet. An IPv6 address is public when it is global
 * unicast (2000::/3) outside every special range ipaddr.js knows (6to4 2002::/16 and Teredo
 * 2001::/32 among them: which IPv4 host they lead to depends on a relay, and no receiver is
 * expected there). So ::/96, IPv4-compatible (deprecated by RFC 4291; `[::127.0.0.1]`), is never
 * public. Two forms that carry an IPv4 address are judged by it instead:
 * - ::ffff:0:0/96, IPv4-mapped: a socket connects to exactly that IPv4 address, so a public one is
 *   as good as the IPv4 address written plainly.
 * - 64:ff9b::/96, NAT64's well-known prefix (RFC 6052): on an IPv6-only network with DNS64 every
 *   IPv4-only receiver is reached so, and the translator connects to the IPv4 address in the last
 *   32 bits, a private one too if it lets it. (64:ff9b:1::/48, for local use, is not public.)
 * And a global address whose interface identifier is ISATAP's (RFC 5214: `::0:5efe:a.b.c.d`, or
 * `::200:5efe:…`, and with the group bit `::100:…`, `::300:…`, which a router may not heed) is
 * public only if the IPv4 address it names is: an ISATAP router forwards to it.
 */
export function isPublicAddress(text: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return isPublicIPv4(ipaddr.IPv4.parse(text));
  const parts = ipv6Parts(text);
  if (!parts) return false;
  const address = new ipaddr.IPv6(parts);
  const [g, h] = parts.slice(6);
  const embedded = new ipaddr.IPv4([g >> 8, g & 0xff, h >> 8, h & 0xff]);
  if (address.match(ipv4Mapped, 96) || address.match(nat64, 96)) return isPublicIPv4(embedded);
  if (!address.match(globalUnicast, 3) || address.range() !== 'unicast') return false;
  const isatap = (parts[4] & 0xfcff) === 0 && parts[5] === 0x5efe;
  return !isatap || isPublicIPv4(embedded);
}

const ipv4Mapped = ipaddr.IPv6.parse('::ffff:0:0');
const nat64 = ipaddr.IPv6.parse('64:ff9b::');
const globalUnicast = ipaddr.IPv6.parse('2000::');
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
