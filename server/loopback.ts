/** Whether a host name or address stays on this machine: localhost, 127.0.0.0/8 or ::1. */
import ipaddr from 'ipaddr.js';

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  const address = host.replace(/^\[|\]$/g, ''); // an IPv6 address as a URL writes it
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}
