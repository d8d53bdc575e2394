import { parseTrustProxy, trustProxyFromEnv } from '@metrology/shared/trust-proxy';

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
});
