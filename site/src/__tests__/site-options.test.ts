// The site server's settings, read once from the environment as its process starts (options.ts).
import path from 'node:path';
import { siteSettingsFromEnv } from '../options.js';
import { DEFAULT_GEO_URL, SITE_ENV_NAMES } from '../environment.js';
import { DEFAULT_SHELL_VERSIONS_SERVED } from '../shell-versions.js';
import { DEFAULT_VITALS_SAMPLE_RATE } from '../render/visitor.js';

const where = { root: '/repo', dataDir: '/repo/data' };

describe('the site settings from the environment', () => {
  it('defaults: port 8080 on every address, the shell build, data/releases, the API on 4000', () => {
    const { options, process } = siteSettingsFromEnv({}, where);
    expect(process).toEqual({
      port: 8080,
      host: '0.0.0.0',
      shutdown: { graceMs: 3000, finishMs: 5000 },
      cacheDir: path.resolve('/repo/data/site-cache-8080'),
    });
    expect(options).toMatchObject({
      shellDir: path.join('/repo', 'shell/dist'),
      releasesDir: path.resolve('/repo/data/releases'),
      apiPort: 4000,
      apiOnSiteOrigin: false,
      geoUrl: DEFAULT_GEO_URL,
      deliveryFee: 10,
      logger: { base: { site: 8080 } },
      shellVersionsServed: DEFAULT_SHELL_VERSIONS_SERVED,
      vitalsSampleRate: DEFAULT_VITALS_SAMPLE_RATE,
    });
    expect(options).not.toHaveProperty('trustProxy');
    expect(options).not.toHaveProperty('serverRender');
  });

  it('reads each setting it is given', () => {
    const { options, process } = siteSettingsFromEnv(
      {
        SITE_PORT: '9001',
        SITE_HOST: '127.0.0.1',
        HANDOVER_PORT: '9000',
        SITE_CACHE_DIR: '/cache',
        SITE_LOG: 'off',
        RELEASES_DIR: '/releases',
        API_PORT: '4100',
        API_INTERNAL_URL: 'http://127.0.0.1:8080',
        API_ON_SITE_ORIGIN: 'true',
        PUBLIC_API_URL: 'https://api.shop.test',
        SITE_URL: 'https://shop.test',
        GEO_URL: '',
        DELIVERY_FEE: '0',
        SSR: 'off',
        SSR_CACHE_MS: '0',
        GEO_CACHE_MS: '60000',
        TRUST_PROXY: '127.0.0.1, ::1',
        LOG_FORMAT: 'json',
        SHELL_VERSIONS_SERVED: '2',
        VITALS_SAMPLE_RATE: '1',
        CSP_MAP_HOSTS: 'https://maps.shop.test',
        SHUTDOWN_GRACE_MS: '10',
      },
      where,
    );
    expect(process).toEqual({
      port: 9001,
      host: '127.0.0.1',
      handoverPort: 9000,
      shutdown: { graceMs: 10, finishMs: 5000 },
      cacheDir: path.resolve('/cache'),
    });
    expect(options).toMatchObject({
      releasesDir: path.resolve('/releases'),
      apiPort: 4100,
      apiInternalUrl: 'http://127.0.0.1:8080',
      apiOnSiteOrigin: true,
      publicApiUrl: 'https://api.shop.test',
      siteUrl: 'https://shop.test',
      geoUrl: '',
      deliveryFee: 0,
      logger: false,
      logFormat: 'json',
      serverRender: false,
      pageCacheMs: 0,
      geoCacheMs: 60000,
      trustProxy: ['127.0.0.1', '::1'],
      shellVersionsServed: 2,
      vitalsSampleRate: 1,
    });
    expect(options.cspHosts?.frame).toContain('https://maps.shop.test');
  });

  it.each([
    ['SITE_PORT', 'eighty'],
    ['HANDOVER_PORT', '70000'],
    ['API_PORT', '-1'],
    ['DELIVERY_FEE', '-5'],
    ['SSR', 'yes'],
    ['SSR_CACHE_MS', '1.5'],
    ['GEO_CACHE_MS', 'soon'],
    ['SITE_LOG', 'verbose'],
    ['SHELL_VERSIONS_SERVED', '0'],
    ['VITALS_SAMPLE_RATE', '2'],
    ['SHUTDOWN_FINISH_MS', 'later'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => siteSettingsFromEnv({ [name]: value }, where)).toThrow(name);
  });

  it('reads only variables the launchers hand it', () => {
    const read = new Set<string>();
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      {
        get: (_target, name) => {
          if (typeof name === 'string') read.add(name);
          return undefined;
        },
      },
    );
    siteSettingsFromEnv(env, where);
    expect([...read].filter((name) => !SITE_ENV_NAMES.includes(name))).toEqual([]);
  });
});
