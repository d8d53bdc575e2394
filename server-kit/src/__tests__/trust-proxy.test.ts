import { isInternalAddress, parseTrustProxy, trustProxyFromEnv } from '../trust-proxy.js';

describe('the one trust-proxy setting (TRUST_PROXY)', () => {
  it('reads true, false, or addresses separated by commas', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy(' 127.0.0.1, ::1 ,10.0.0.0/8')).toEqual(['127.0.0.1', '::1', '10.0.0.0/8']);
  });

  it('unset: nothing is trusted; TRUSTED_PROXY is read only as the deprecated alias', () => {
    expect(trustProxyFromEnv({})).toBeUndefined();
    expect(trustProxyFromEnv({ TRUSTED_PROXY: '10.0.0.5' })).toEqual(['10.0.0.5']);
    expect(trustProxyFromEnv({ TRUST_PROXY: 'loopback', TRUSTED_PROXY: '10.0.0.5' })).toEqual(['loopback']);
    expect(trustProxyFromEnv({ TRUST_PROXY: 'false', TRUSTED_PROXY: '10.0.0.5' })).toBe(false);
  });

  it('inside (internal-only endpoints): loopback and the TRUST_PROXY addresses, nobody else', () => {
    for (const ip of ['127.0.0.1', '127.8.9.1', '::1', '::ffff:127.0.0.1'])
      expect(isInternalAddress(ip, undefined)).toBe(true);
    for (const trust of [undefined, true, false]) expect(isInternalAddress('203.0.113.7', trust)).toBe(false);
    const trust = parseTrustProxy('10.1.2.3, 192.168.0.0/16, fd00::/8');
    expect(
      ['10.1.2.3', '192.168.40.2', '::ffff:192.168.1.1', 'fd00::5'].map((ip) => isInternalAddress(ip, trust)),
    ).toEqual([true, true, true, true]);
    expect(
      ['10.1.2.4', '203.0.113.7', 'fe80::1', 'not an address'].map((ip) => isInternalAddress(ip, trust)),
    ).toEqual([false, false, false, false]);
    expect(isInternalAddress('10.9.9.9', ['uniquelocal'])).toBe(true);
  });
});
