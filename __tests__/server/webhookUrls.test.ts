/** @jest-environment <rootDir>/__tests__/support/nodeEnvironment.js */
/**
 * The webhook URL filter's addresses, as a table: every IPv6 form that carries a non-public IPv4
 * address is refused, whether the URL names it or a host resolves to it; a public one in the forms
 * that are judged by their IPv4 (mapped, NAT64) passes.
 */
import type { LookupAddress } from 'node:dns';
import {
  AddressRefused,
  isPublicAddress,
  refusalOfWebhookUrl,
  webhookLookup,
  type HostResolver,
} from '../../server/webhooks/webhookUrls';

/** [address, public?, why] */
const addresses: [string, boolean, string][] = [
  ['93.184.216.34', true, 'public IPv4'],
  ['127.0.0.1', false, 'loopback'],
  ['10.1.2.3', false, 'private'],
  ['169.254.169.254', false, 'link-local: the cloud metadata service'],
  ['100.64.0.1', false, 'carrier-grade NAT'],
  ['0.0.0.0', false, 'unspecified'],
  ['2606:2800:220:1:248:1893:25c8:1946', true, 'public IPv6'],
  ['::1', false, 'IPv6 loopback'],
  ['::', false, 'IPv6 unspecified'],
  ['fe80::1', false, 'IPv6 link-local'],
  ['fd00::1', false, 'unique local'],
  // ::/96, IPv4-compatible: refused whole, whatever it carries.
  ['::7f00:1', false, 'IPv4-compatible loopback'],
  ['::127.0.0.1', false, 'IPv4-compatible loopback, dotted'],
  ['::a9fe:a9fe', false, 'IPv4-compatible metadata service'],
  ['::169.254.169.254', false, 'IPv4-compatible metadata service, dotted'],
  ['::a00:1', false, 'IPv4-compatible private'],
  ['::5db8:d822', false, 'IPv4-compatible, even of a public address'],
  ['::8.8.8.8', false, 'IPv4-compatible, even of a public address, dotted'],
  // ::ffff:0:0/96, IPv4-mapped: its IPv4 decides.
  ['::ffff:7f00:1', false, 'mapped loopback'],
  ['::ffff:127.0.0.1', false, 'mapped loopback, dotted'],
  ['::ffff:a9fe:a9fe', false, 'mapped metadata service'],
  ['::ffff:c0a8:101', false, 'mapped private'],
  ['::ffff:5db8:d822', true, 'mapped public'],
  ['::ffff:93.184.216.34', true, 'mapped public, dotted'],
  ['::ffff:0:7f00:1', false, 'IPv4-translated (RFC 6145)'],
  // 64:ff9b::/96, NAT64: its IPv4 (the last 32 bits) decides.
  ['64:ff9b::7f00:1', false, 'NAT64 of loopback'],
  ['64:ff9b::169.254.169.254', false, 'NAT64 of the metadata service'],
  ['64:ff9b::a00:1', false, 'NAT64 of a private address'],
  ['64:ff9b::5db8:d822', true, 'NAT64 of a public address'],
  ['64:ff9b::93.184.216.34', true, 'NAT64 of a public address, dotted'],
  ['64:ff9b:1::5db8:d822', false, 'NAT64 for local use (RFC 8215)'],
  // 2002::/16, 6to4: refused whole.
  ['2002:7f00:1::1', false, '6to4 of loopback'],
  ['2002:a9fe:a9fe::1', false, '6to4 of the metadata service'],
  ['2002:5db8:d822::1', false, '6to4, even of a public address'],
  // 2001::/32, Teredo: refused whole.
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false, 'Teredo of public server and client'],
  ['2001:0:7f00:1:0:0:80ff:fffe', false, 'Teredo, client 127.0.0.1 (XORed)'],
  ['2001:0:a9fe:a9fe::', false, 'Teredo, server 169.254.169.254'],
  ['2001:db8::1', false, 'documentation'],
  // Global unicast (2000::/3) only: what only looks like a form that carries an IPv4 is judged as
  // itself, and nothing outside 2000::/3 is public.
  ['2606::5db8:d822', true, 'global unicast, zeros in the middle'],
  ['2606::ffff:a00:1', true, 'global unicast that only ends like a mapped private address'],
  ['2606:ff9b::a00:1', true, 'global unicast that only looks like NAT64'],
  ['2600::7f00:1', true, 'global unicast that ends like loopback'],
  ['0:1::5db8:d822', false, 'reserved (::/8)'],
  ['0:1::ffff:5db8:d822', false, 'reserved (::/8), not mapped'],
  ['64:1::5db8:d822', false, 'outside global unicast, not NAT64'],
  ['64:ff9b:0:1::5db8:d822', false, 'NAT64 with a longer prefix'],
  ['64:ff9b::1:0:5db8:d822', false, 'NAT64 prefix, then not zeros'],
  ['64:ff9b::1:5db8:d822', false, 'NAT64 prefix, then not zeros, later'],
  // ISATAP (RFC 5214): its IPv4 decides.
  ['2600::5efe:7f00:1', false, 'ISATAP of loopback'],
  ['2600::200:5efe:a9fe:a9fe', false, 'ISATAP (universal) of the metadata service'],
  ['2600::100:5efe:7f00:1', false, 'ISATAP with the group bit, of loopback'],
  ['2600::300:5efe:a00:1', false, 'ISATAP (universal) with the group bit, of a private address'],
  ['2600::5efe:5db8:d822', true, 'ISATAP of a public address'],
  ['2600::1:5efe:7f00:1', true, 'not an ISATAP interface identifier'],
  // A zone is not part of the address.
  ['2606:2800:220:1:248:1893:25c8:1946%eth0', true, 'public, with a zone'],
  ['::8.8.8.8%eth0', false, 'IPv4-compatible, dotted, with a zone'],
  ['::93.184.216.34', false, 'IPv4-compatible, dotted, octets of three digits'],
  ['::999.1.1.1', false, 'a dotted tail that is no IPv4 address'],
  ['2606::93.184.216.34.1', false, 'a dotted tail of five numbers, no IPv4 address'],
  ['not an address', false, 'not an address'],
];

describe('isPublicAddress', () => {
  it.each(addresses)('%s → %s (%s)', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('refusalOfWebhookUrl', () => {
  // A URL's host has no zone, and is an address.
  const ipv6 = addresses.filter(
    ([address, , why]) =>
      address.includes(':') &&
      address !== '::' &&
      !address.includes('%') &&
      !why.includes('no IPv4 address'),
  );

  it.each(ipv6)('an URL at [%s]: allowed %s (%s)', async (address, expected) => {
    const url = `https://[${address}]/hooks`;
    const refusal = await refusalOfWebhookUrl(url, []);
    if (expected) expect(refusal).toBeUndefined();
    else expect(refusal).toMatch(/not public/);
  });

  it.each(addresses.filter(([address]) => address !== 'not an address'))(
    'a host that resolves to %s: allowed %s (%s)',
    async (address, expected) => {
      const resolve: HostResolver = async () => [
        { address: '93.184.216.35', family: 4 },
        { address, family: address.includes(':') ? 6 : 4 },
      ];
      const refusal = await refusalOfWebhookUrl('https://sis.example.org/hooks', [], resolve);
      if (expected) expect(refusal).toBeUndefined();
      else expect(refusal).toContain(`not public (${address})`);
    },
  );

  it('says what is wrong with a URL before resolving its host', async () => {
    const refusals = await Promise.all(
      [
        'not a url',
        'ftp://sis.campus.example/hooks',
        'https://user:secret@sis.example.org/hooks',
        'https://user@sis.example.org/hooks',
        'https://:secret@sis.example.org/hooks',
      ].map((url) => refusalOfWebhookUrl(url, ['sis.campus.example'])),
    );
    expect(refusals).toEqual([
      'not a URL',
      'https only, or http to a host in WEBHOOK_ALLOWED_HOSTS',
      'no user name or password in the URL',
      'no user name or password in the URL',
      'no user name or password in the URL',
    ]);
  });

  it('says when a host does not resolve', async () => {
    const resolve: HostResolver = () =>
      Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(await refusalOfWebhookUrl('https://sis.example.org/hooks', [], resolve)).toBe(
      'the host sis.example.org does not resolve',
    );
  });

  it("asks the system's resolver by default, for every address of a name", async () => {
    expect(await refusalOfWebhookUrl('https://localhost/hooks', [])).toMatch(
      /^the host localhost is at an address that is not public \((127\.0\.0\.1|::1)\); list it in WEBHOOK_ALLOWED_HOSTS$/,
    );
  });

  it('lets a listed host be anywhere, over http too', async () => {
    const resolve: HostResolver = async () => [{ address: '10.1.2.3', family: 4 }];
    const allowed = ['sis.campus.example', '::7f00:1'];
    expect(await refusalOfWebhookUrl('http://sis.campus.example/', allowed, resolve)).toBe(
      undefined,
    );
    expect(await refusalOfWebhookUrl('http://[::127.0.0.1]:9000/', allowed)).toBeUndefined();
    expect(await refusalOfWebhookUrl('http://sis.example.org/', allowed, resolve)).toMatch(
      /https only/,
    );
  });
});

describe("webhookLookup, the sender connections' lookup", () => {
  const twoAddresses: HostResolver = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '::ffff:a9fe:a9fe', family: 6 },
  ];
  const lookUp = (allowed: string[], all: boolean) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>(
      (resolve) =>
        webhookLookup(allowed, twoAddresses)('sis.example.org', { all }, (error, address, family) =>
          resolve({ error, address, family }),
        ),
    );

  it('refuses a host when any of its addresses is not public, not only the first', async () => {
    for (const all of [true, false]) {
      const { error, address } = await lookUp([], all);
      expect(error).toBeInstanceOf(AddressRefused);
      expect(error).toMatchObject({ code: 'EADDRNOTPUBLIC' });
      expect(error?.message).toContain('not public (::ffff:a9fe:a9fe)');
      expect(address).toEqual([]);
    }
  });

  it('answers a listed host with no address as not found', async () => {
    const noAddress = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>(
      (resolve) =>
        webhookLookup(['sis.campus.example'], async () => [])(
          'sis.campus.example',
          { all: true },
          (error, address) => resolve({ error, address }),
        ),
    );
    expect(noAddress).toEqual({ error: expect.any(Error), address: [] });
    expect(noAddress.error).toMatchObject({
      code: 'ENOTFOUND',
      message: 'sis.campus.example has no address',
    });
  });

  it('answers a listed host every address, or the first, as net asks', async () => {
    expect(await lookUp(['sis.example.org'], true)).toEqual({
      error: null,
      address: await twoAddresses('sis.example.org'),
      family: undefined,
    });
    expect(await lookUp(['sis.example.org'], false)).toEqual({
      error: null,
      address: '93.184.216.34',
      family: 4,
    });
  });
});
