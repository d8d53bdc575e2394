// What `npm start` (launch.mjs) and `npm run cluster` (cluster.mjs) hand a site server process: an environment of
// the variables it reads, none of the API's secrets whatever the launcher holds, its own secrets on standard input,
// and Node's permission model with no child process or worker.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { siteProcess } from '../launch.mjs';
import { clusterSiteProcess } from '../cluster.mjs';
import { SITE_FORBIDDEN_ENV, SITE_SCRIPT, siteEnvironment } from '../site-process.mjs';
import { siteSettingsFromEnv } from '@metrology/site/options';

const SECRET_NAMES = [
  'JWT_SECRET',
  'RELEASE_SIGNING_KEY',
  'DATABASE_URL',
  'SMTP_URL',
  'SMTP_PASSWORD',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

/** A launcher's environment holding every secret, each value marked. */
const launcherEnv: Record<string, string> = {
  ...Object.fromEntries(SECRET_NAMES.map((name) => [name, `canary-${name.toLowerCase()}`])),
  HOME: '/root',
  NODE_OPTIONS: '--require /tmp/evil.js',
  SSR_CACHE_MS: '0',
  TRUST_PROXY: '127.0.0.1',
  NODE_ENV: 'production',
};

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'site-environment-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function expectNoSecret(env: Record<string, string>) {
  for (const name of SECRET_NAMES) expect(Object.keys(env)).not.toContain(name);
  for (const value of Object.values(launcherEnv).filter((v) => v.startsWith('canary-')))
    expect(Object.values(env).join('\n')).not.toContain(value);
  expect(Object.keys(env)).not.toContain('NODE_OPTIONS');
  expect(Object.keys(env)).not.toContain('HOME');
}

function expectSandboxed(args: string[], cacheDir: string | undefined) {
  expect(args).toContain('--experimental-permission');
  expect(args.some((arg) => arg.startsWith('--allow-child-process'))).toBe(false);
  expect(args.some((arg) => arg.startsWith('--allow-worker'))).toBe(false);
  expect(args.some((arg) => arg.startsWith('--allow-addons'))).toBe(false);
  const writes = args.filter((arg) => arg.startsWith('--allow-fs-write='));
  expect(writes).toEqual(cacheDir ? [`--allow-fs-write=${cacheDir}`] : []);
  const reads = args.filter((arg) => arg.startsWith('--allow-fs-read=')).map((arg) => arg.split('=')[1]);
  // Never the repository or node_modules as a whole, never the data folder beyond the cache.
  const root = path.resolve(__dirname, '../../..');
  for (const folder of [
    root,
    path.join(root, 'node_modules'),
    path.join(root, 'data'),
    path.join(root, 'api'),
    path.join(root, 'node_modules/@metrology/api'),
  ])
    expect(reads).not.toContain(folder);
  expect(reads.some((folder) => folder === path.join(work, 'data'))).toBe(false);
  expect(args.at(-1)).toBe(SITE_SCRIPT);
}

test("npm start's site process: what it reads, and its signing key and database URL on standard input", () => {
  const cacheDir = path.join(work, 'data', 'site-cache-8080');
  const spec = siteProcess(
    {
      sitePort: 8080,
      apiPort: 4000,
      dataDir: path.join(work, 'data'),
      releasesDir: path.join(work, 'releases'),
      siteUrl: 'http://localhost:8080',
      publicApiUrl: 'http://localhost:4000',
      geoUrl: '',
      deliveryFee: 10,
      logger: true,
      releaseSigningKey: 'canary-release_signing_key',
      siteDatabaseUrl: 'postgres://site_shop:pw@127.0.0.1:5432/shop',
    },
    launcherEnv,
  );
  expectNoSecret(spec.env);
  expect(spec.env).toMatchObject({
    SITE_PORT: '8080',
    SITE_SECRETS: 'stdin',
    SITE_CACHE_DIR: cacheDir,
    NODE_ENV: 'production',
  });
  // Its settings are variables it reads once as it starts (site/src/options.ts).
  expect(spec.env).toMatchObject({
    SSR_CACHE_MS: '0',
    TRUST_PROXY: '127.0.0.1',
    SITE_LOG: 'on',
    GEO_URL: '',
  });
  expect(siteSettingsFromEnv(spec.env, { root: work, dataDir: path.join(work, 'data') })).toMatchObject({
    options: {
      pageCacheMs: 0,
      trustProxy: ['127.0.0.1'],
      geoUrl: '',
      releasesDir: path.join(work, 'releases'),
    },
    process: { port: 8080, cacheDir },
  });
  expect(JSON.parse(spec.input)).toEqual({
    releaseSigningKey: 'canary-release_signing_key',
    databaseUrl: 'postgres://site_shop:pw@127.0.0.1:5432/shop',
  });
  expectSandboxed(spec.args, cacheDir);
});

test('on the embedded database it writes nowhere and gets no database URL', () => {
  const spec = siteProcess(
    {
      sitePort: 8080,
      apiPort: 4000,
      dataDir: path.join(work, 'data'),
      releasesDir: path.join(work, 'releases'),
      siteUrl: 'http://localhost:8080',
      publicApiUrl: 'http://localhost:4000',
      geoUrl: '',
      deliveryFee: 10,
      logger: false,
      releaseSigningKey: 'k',
    },
    launcherEnv,
  );
  expectNoSecret(spec.env);
  expect(JSON.parse(spec.input)).toEqual({ releaseSigningKey: 'k' });
  expectSandboxed(spec.args, undefined);
});

test("the cluster's site processes: the same, with nginx's URLs", () => {
  const cacheDir = path.join(work, 'site-1-cache');
  const spec = clusterSiteProcess(
    {
      entry: SITE_SCRIPT,
      sitePort: 9001,
      slot: 9000,
      clusterPort: 8080,
      releasesDir: path.join(work, 'releases'),
      cacheDir,
      releaseSigningKey: 'k',
      siteDatabaseUrl: 'postgres://site_postgres:pw@127.0.0.1:5432/postgres',
    },
    launcherEnv,
  );
  expectNoSecret(spec.env);
  expect(spec.env).toMatchObject({
    SITE_PORT: '9001',
    HANDOVER_PORT: '9000',
    API_INTERNAL_URL: 'http://127.0.0.1:8080',
    SITE_SECRETS: 'stdin',
  });
  expect(JSON.parse(spec.input)).toEqual({
    releaseSigningKey: 'k',
    databaseUrl: 'postgres://site_postgres:pw@127.0.0.1:5432/postgres',
  });
  expectSandboxed(spec.args, cacheDir);
});

test('a secret set on purpose is refused, not handed over', () => {
  for (const name of SITE_FORBIDDEN_ENV)
    expect(() => siteEnvironment({}, { [name]: 'x' })).toThrow(`${name} is never handed to the site process`);
});
