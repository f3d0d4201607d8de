/**
 * TRUST_PROXY as a number of hops believes that many X-Forwarded-For entries from whoever
 * connects. Behind the proxies that is right; but a server that also listens on an address
 * others can reach lets a client that connects directly choose its own address, and with it a
 * fresh rate limit. The proxies' addresses close that door.
 */
import type { Config } from './config';
import { isLoopbackHost } from './loopback';

/** The warning to log at start, or undefined when TRUST_PROXY cannot be abused that way. */
export function trustProxyWarning({
  trustProxy,
  host,
}: Pick<Config, 'trustProxy' | 'host'>): string | undefined {
  if (typeof trustProxy !== 'number' || trustProxy === 0 || isLoopbackHost(host)) return undefined;
  return (
    `TRUST_PROXY=${trustProxy} (a number of hops) with HOST ${host}: a client that reaches ` +
    'this server directly, not through the proxies, can choose its own address with ' +
    "X-Forwarded-For and escape the rate limit. Give TRUST_PROXY the proxies' addresses or " +
    'CIDR ranges instead (10.0.0.0/8,127.0.0.1), or keep the server to them with HOST.'
  );
}
