import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { invocationDir, optionsFromEnv, resolveConfig } from '../config.js';
import { API_ROOT } from '../paths.js';

describe('optionsFromEnv', () => {
  it('applies the defaults of DESIGN.md', () => {
    const options = optionsFromEnv({}, '/srv/shop');
    expect(options).toMatchObject({
      port: 4000,
      dataDir: '/srv/shop/data',
      databaseUrl: undefined,
      // Only the site's own origin; CORS_ORIGINS widens it.
      corsOrigins: ['http://localhost:8080', 'http://127.0.0.1:8080'],
      trustProxy: undefined,
      razorpay: undefined,
      stripeSecretKey: undefined,
      siteOrigin: 'http://localhost:8080',
    });
    expect(resolveConfig(options, () => '/tmp').deliveryFee).toBe(10);
  });

  it('reads every variable', () => {
    const options = optionsFromEnv(
      {
        API_PORT: '4100',
        DATA_DIR: 'var/data',
        DATABASE_URL: 'postgres://u:p@db/shop',
        DELIVERY_FEE: '15',
        JWT_SECRET: 's',
        RAZORPAY_KEY_ID: 'rzp_k',
        RAZORPAY_KEY_SECRET: 'rzp_s',
        STRIPE_SECRET_KEY: 'sk',
        CORS_ORIGINS: 'http://a.test, http://b.test',
        RATE_LIMIT_MAX: '500',
        SITE_PORT: '9090',
        TRUST_PROXY: '127.0.0.1,::1',
        LOG_FORMAT: 'json',
      },
      '/srv',
    );
    expect(options).toMatchObject({
      port: 4100,
      dataDir: '/srv/var/data',
      databaseUrl: 'postgres://u:p@db/shop',
      deliveryFee: 15,
      jwtSecret: 's',
      razorpay: { keyId: 'rzp_k', keySecret: 'rzp_s' },
      stripeSecretKey: 'sk',
      corsOrigins: ['http://a.test', 'http://b.test'],
      rateLimit: { max: 500 },
      siteOrigin: 'http://localhost:9090',
      trustProxy: ['127.0.0.1', '::1'],
      logFormat: 'json',
    });
    expect(optionsFromEnv({ CORS_ORIGINS: '*' }).corsOrigins).toBe(true);
    // The order limits take their own variables over RATE_LIMIT_MAX (a secret given: no file written).
    const SECRET = 'a-secret-of-thirty-two-characters!';
    const orders = resolveConfig(
      optionsFromEnv({
        JWT_SECRET: SECRET,
        RATE_LIMIT_MAX: '500',
        ORDER_LIMIT_PER_ACCOUNT: '5',
        ORDER_LIMIT_PER_ADDRESS: '9',
      }),
      () => '/tmp',
    ).rateLimit;
    expect(orders && orders.calls).toMatchObject({ orderAccount: 5, orderAddress: 9, login: 500 });
    const defaults = resolveConfig(optionsFromEnv({ JWT_SECRET: SECRET }), () => '/tmp').rateLimit;
    expect(defaults && defaults.calls).toMatchObject({ orderAccount: 30, orderAddress: 60 });
    expect(optionsFromEnv({ SITE_ORIGIN: 'https://shop.example' }).corsOrigins).toEqual([
      'https://shop.example',
      'http://localhost:8080',
      'http://127.0.0.1:8080',
    ]);
    expect(optionsFromEnv({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    // One setting for both servers: TRUSTED_PROXY is the deprecated older name, TRUST_PROXY wins over it.
    expect(optionsFromEnv({ TRUSTED_PROXY: '10.0.0.5' }).trustProxy).toEqual(['10.0.0.5']);
    expect(optionsFromEnv({ TRUST_PROXY: 'false', TRUSTED_PROXY: '10.0.0.5' }).trustProxy).toBe(false);
    expect(optionsFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(resolveConfig({ ...options, jwtSecret: 'x' }, () => '/tmp').rateLimit).toMatchObject({
      calls: { login: 500, chat: 500 },
    });
    expect(() => optionsFromEnv({ DELIVERY_FEE: 'ten' })).toThrow('DELIVERY_FEE');
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'config-'));
    try {
      const first = resolveConfig({ dataDir: dir }, () => '/tmp').jwtSecret;
      expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(true);
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
      expect(resolveConfig({ dataDir: dir }, () => '/tmp').jwtSecret).toBe(first);
      expect(resolveConfig({ dataDir: dir, jwtSecret: 'given' }, () => '/tmp').jwtSecret).toBe('given');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('invocationDir', () => {
  it('is the working directory, or where npm was run when npm runs a script inside api/', () => {
    expect(invocationDir({ INIT_CWD: '/repo' }, '/repo/tools')).toBe('/repo/tools');
    expect(invocationDir({ INIT_CWD: '/repo' }, API_ROOT)).toBe('/repo');
    expect(invocationDir({}, API_ROOT)).toBe(API_ROOT);
  });
});
