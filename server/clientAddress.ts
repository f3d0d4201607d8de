/**
 * A client's address as the rate limit counts it and as a security log may show it. An IPv6
 * client usually holds a whole /64, so it counts as one; IPv4-mapped IPv6 counts as IPv4.
 */
import ipaddr from 'ipaddr.js';

function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  return ipaddr.isValid(address) ? ipaddr.process(address) : undefined;
}

/** The rate limit's key: an IPv4 address, or the /64 an IPv6 address belongs to. */
export function rateLimitKey(address: string): string {
  const parsed = parse(address);
  if (!parsed) return address;
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = [...parsed.toByteArray().slice(0, 8), ...new Array(8).fill(0)];
  return `${ipaddr.fromByteArray(network).toString()}/64`;
}

/** The address with its host part cut off (IPv4 /24, IPv6 /48): enough to see a pattern. */
export function truncatedAddress(address: string): string {
  const parsed = parse(address);
  if (!parsed) return 'unknown';
  const kept = parsed.kind() === 'ipv4' ? 3 : 6;
  const bytes = parsed.toByteArray().map((byte, index) => (index < kept ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/${kept * 8}`;
}
