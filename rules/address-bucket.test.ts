import { describe, expect, it } from 'vitest';
import { addressBucket } from './address-bucket.js';

describe('addressBucket', () => {
  it('keeps an IPv4 address, also one mapped into IPv6', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBucket('::FFFF:cb00:7109')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
