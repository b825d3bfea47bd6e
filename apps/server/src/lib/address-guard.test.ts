import { describe, expect, it } from 'vitest';
import { classifyAddress, isAllowedAddress } from './address-guard';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped and friends are judged by their IPv4
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::10.0.0.1', 'private'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])(
    '%s is public',
    (address) => expect(classifyAddress(address)).toBe('public'),
  );

  it.each(['localhost', '256.1.1.1', '1.2.3', 'example.com', '::ffff:1.2.3.999', '1::2::3'])(
    '%s is no address',
    (address) => expect(classifyAddress(address)).toBe('invalid'),
  );
});

// ADR 0118: every IPv6 form that carries an IPv4 address is judged by it (decisions only: no
// connection is attempted)
describe('IPv6 transition forms', () => {
  it.each([
    // IPv4-mapped ::ffff:0:0/96 and IPv4-translated ::ffff:0:0:0/96
    ['::ffff:0:0', 'unspecified'],
    ['::ffff:192.168.1.1', 'private'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:a00:1', 'private'],
    // NAT64, well-known 64:ff9b::/96 and local-use 64:ff9b:1::/48 (private whatever it embeds)
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b:1::10.0.0.1', 'private'],
    ['64:ff9b:1::8.8.8.8', 'private'],
    ['64:ff9b:1:ffff::1', 'private'],
    // 6to4 2002::/16: the IPv4 in groups 1–2
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:0a00:0001:1::abcd', 'private'],
    // Teredo 2001::/32: the server in groups 2–3, the client inverted in groups 6–7
    ['2001:0:7f00:1::1', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'], // client 10.0.0.1
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'], // client 127.0.0.1
    // ISATAP interface ids carry an IPv4 under any prefix
    ['2001:470:1f0b::5efe:10.1.2.3', 'private'],
    ['fe80::200:5efe:127.0.0.1', 'loopback'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
    expect(isAllowedAddress(address, false)).toBe(false);
  });

  it.each([
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo with the public client 8.8.8.8
    '::ffff:0:8.8.8.8',
    '2001:470:1f0b::5efe:8.8.8.8',
  ])('%s embeds a public IPv4: allowed', (address) => {
    expect(classifyAddress(address)).toBe('public');
    expect(isAllowedAddress(address, false)).toBe(true);
  });
});

describe('isAllowedAddress', () => {
  it('allows public addresses only, unless private ones are allowed', () => {
    expect(isAllowedAddress('93.184.216.34', false)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('::ffff:127.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('not an address', true)).toBe(false);
  });
});
