import { clientKey } from '../client-address.js';

describe('clientKey: what a per-address limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:0db8:0001:0002::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002::/64'],
    ['2001:DB8:1:2::1', '2001:0db8:0001:0002::/64'],
    ['2001:db8::1', '2001:0db8:0000:0000::/64'],
    ['2001:db8:0:0:1::', '2001:0db8:0000:0000::/64'],
    ['fe80::1%eth0', 'fe80:0000:0000:0000::/64'],
    ['::1', '0000:0000:0000:0000::/64'],
    ['::ffff:198.51.100.9', '198.51.100.9'],
    ['::ffff:c633:6409', '198.51.100.9'],
    ['64:ff9b::192.0.2.33', '0064:ff9b:0000:0000::/64'],
  ])('%p counts as %p', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('every address of one /64 is one client; the next /64 is another', () => {
    const keys = new Set(
      ['2001:db8:a:b::1', '2001:db8:a:b:dead:beef:0:1', '2001:db8:a:b:ffff::'].map(clientKey),
    );
    expect(keys.size).toBe(1);
    expect(clientKey('2001:db8:a:c::1')).not.toBe(clientKey('2001:db8:a:b::1'));
  });
});
