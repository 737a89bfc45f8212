import { describe, expect, it } from 'vitest';
import { classifyHost, type PrivateHostCategory } from './private-host';

/** Canonical hosts as `new URL(...).hostname` gives them: the numeric disguises are in url-policy.test. */
const refused: [host: string, category: PrivateHostCategory][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['localhost', 'loopback'],
  ['localhost.', 'loopback'],
  ['app.localhost', 'loopback'],
  ['[::1]', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['[fc00::1]', 'private'],
  ['[fd12:3456::1]', 'private'],
  ['169.254.1.1', 'link-local'],
  ['[fe80::1]', 'link-local'],
  ['[febf::1]', 'link-local'],
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['0.0.0.0', 'this-network'],
  ['0.1.2.3', 'this-network'],
  ['[::]', 'this-network'],
  ['169.254.169.254', 'metadata'],
  ['metadata.google.internal', 'metadata'],
  ['[fd00:ec2::254]', 'metadata'],
  ['printer.local', 'local-name'],
  ['db.internal', 'local-name'],
  ['nas.home.arpa', 'local-name'],
  ['router.lan', 'local-name'],
  ['intranet', 'local-name'],
  ['224.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['[ff02::1]', 'reserved'],
  // Addresses that carry an IPv4 address are judged by it.
  ['[::ffff:7f00:1]', 'loopback'],
  ['[::ffff:a00:1]', 'private'],
  ['[::ffff:a9fe:a9fe]', 'metadata'],
  ['[::7f00:1]', 'loopback'],
  ['[64:ff9b::7f00:1]', 'loopback'],
  ['[2002:c0a8:101::1]', 'private'],
  // IPv4-translated (::ffff:0:a.b.c.d), as written and as the URL parser writes it.
  ['[::ffff:0:127.0.0.1]', 'loopback'],
  ['[::ffff:0:7f00:1]', 'loopback'],
  ['[::ffff:0:a9fe:a9fe]', 'metadata'],
  ['[64:ff9b::10.0.0.1]', 'private'],
  // Local-use NAT64 (64:ff9b:1::/48), with the IPv4 address at the /96 and at the /48 position.
  ['[64:ff9b:1::7f00:1]', 'loopback'],
  ['[64:ff9b:1::192.168.0.1]', 'private'],
  ['[64:ff9b:1:a9fe:a9:fe00::]', 'metadata'],
];

const allowed = [
  'example.com',
  'www.github.com',
  'raw.githubusercontent.com',
  '8.8.8.8',
  '1.1.1.1',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.255.0.1',
  '192.169.0.1',
  '[2606:4700:4700::1111]',
  '[::ffff:808:808]',
  '[64:ff9b::808:808]',
  '[::ffff:0:808:808]',
  '[64:ff9b:1::808:808]',
  '[64:ff9b:1:808:8:800::]',
  'localhost.example.com',
  'local.example.com',
  'internal.example.com',
  'xn--nxasmq6b.com',
];

describe('classifyHost', () => {
  it('judges what the URL parser makes of IPv4-translated and local NAT64 addresses', () => {
    expect(new URL('http://[::ffff:0:127.0.0.1]/').hostname).toBe('[::ffff:0:7f00:1]');
    expect(classifyHost(new URL('http://[::ffff:0:127.0.0.1]/').hostname)).toMatchObject({
      category: 'loopback',
      description: 'a loopback address (this computer)',
      embeddedIpv4: '127.0.0.1',
    });
    expect(classifyHost(new URL('http://[64:ff9b:1::10.1.2.3]/').hostname)?.embeddedIpv4).toBe(
      '10.1.2.3',
    );
  });

  it.each(refused)('refuses %s as %s', (host, category) => {
    expect(classifyHost(host)?.category).toBe(category);
  });

  it.each(allowed)('lets the public host %s through', (host) => {
    expect(classifyHost(host)).toBeUndefined();
  });

  it('names the IPv4 address inside an IPv4-mapped IPv6 address', () => {
    expect(classifyHost('[::ffff:7f00:1]')).toMatchObject({
      category: 'loopback',
      description: 'a loopback address (this computer)',
      embeddedIpv4: '127.0.0.1',
    });
  });
});
