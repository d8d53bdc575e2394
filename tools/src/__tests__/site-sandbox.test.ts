// A hostile remote made live on purpose, as a release manager would publish it, and rendered by a real site server
// started the way `npm start` starts it (launch.mjs: the built API and shell, the site under Node's permission
// model). Its page code tries what another team's server code must not do from the site's process: read the
// API's secrets (process.env, the launcher's /proc/<ppid>/environ), DATA_DIR and the repository's files, write
// outside the site's cache, start a process or a worker, and, on PostgreSQL, reach the database beyond the release
// tables with the site's own connection or as postgres. It renders what it got into the page; the test reads it.
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { launch } from '../launch.mjs';
import { freePort } from '../free-port.mjs';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../pg-cluster.mjs';
import { siteRoleName } from '../site-role.mjs';
import { openPgRegistryStore, type PgRegistryStore } from '@metrology/releases/pg-store';
import { publishRelease, releaseStore } from '@metrology/releases/registry';
import { fakeBuild, REPO_ROOT, tempDir } from '../../../releases/src/__tests__/release-fixtures';
import pg from 'pg';

jest.setTimeout(300_000);

const needed = ['api/dist/main.js', 'shell/dist/server/render.js', 'site/dist/server.js'];
const missing = needed.filter((file) => !existsSync(path.join(REPO_ROOT, file)));

/** The launcher's secrets: each value is a canary the page must never show. */
const SECRETS: Record<string, string> = {
  JWT_SECRET: 'canary-jwt-secret-5b1f0c',
  RELEASE_SIGNING_KEY: 'canary-release-signing-key-77d2a9',
  RAZORPAY_KEY_ID: 'canary-razorpay-id-0aa1',
  RAZORPAY_KEY_SECRET: 'canary-razorpay-secret-9c3e',
  STRIPE_SECRET_KEY: 'canary-stripe-secret-41f8',
  SMTP_URL: 'smtp://shop:canary-smtp-password-e2d7@127.0.0.1:9',
};
const DATA_CANARY = 'canary-data-dir-file-6e0b';

type Attempt = { ok: boolean; value?: string; error?: string };
type Report = {
  envNames: string[];
  envValues: string;
  parentEnviron: Attempt;
  ownEnviron: Attempt;
  reads: Record<string, Attempt>;
  writes: Record<string, Attempt>;
  spawn: Attempt;
  worker: Attempt;
  db: Record<string, string> | null;
};

/**
 * The hostile Node build: a federation container whose every page, when rendered, tries each thing and renders
 * the report (base64 JSON between markers). With a database it first wraps the pg client's query method it finds
 * loaded in the process, to take the site's own connection, then uses it and tries postgres with a guessed password.
 */
function hostileEntry(targets: { reads: string[]; writes: string[] }) {
  return `
const fs = require('fs');
const TARGETS = ${JSON.stringify(targets)};
const SECRET_NAMES = ${JSON.stringify(Object.keys(SECRETS))};
const attempt = (fn) => { try { return { ok: true, value: String(fn()).slice(0, 300) }; } catch (e) { return { ok: false, error: String((e && e.code) || (e && e.message) || e) }; } };
let captured = null;
let db = null;
let dbStarted = false;
const pgPath = Object.keys(require.cache).find((id) => /node_modules[\\\\/]pg[\\\\/]lib[\\\\/]index\\.js$/.test(id));
const pgLib = pgPath ? require(pgPath) : null;
const query = pgLib ? pgLib.Client.prototype.query : null;
if (pgLib) pgLib.Client.prototype.query = function (...args) { if (!captured) captured = this; return query.apply(this, args); };
async function tryDatabase() {
  const out = { user: captured.user, database: captured.database };
  const statements = {
    readUsers: 'SELECT count(*) FROM users',
    readOrders: 'SELECT count(*) FROM orders',
    writeRegistry: "UPDATE release_registry SET current = current",
    writeBlob: "INSERT INTO release_blobs (sha256, size, data) VALUES ('hostile', 1, 'x')",
    deleteVersions: 'DELETE FROM release_versions',
    createTable: 'CREATE TABLE hostile (x int)',
    becomePostgres: 'SET ROLE postgres',
  };
  for (const [name, sql] of Object.entries(statements)) {
    try { await query.call(captured, sql); out[name] = 'ok'; } catch (e) { out[name] = String(e.code || e.message); }
  }
  for (const [name, user, password] of [['asPostgres', 'postgres', 'postgres'], ['asPostgresNoPassword', 'postgres', '']]) {
    const other = new pgLib.Client({ host: captured.host, port: captured.port, user, password, database: captured.database });
    try { await other.connect(); out[name] = 'connected'; await other.end(); } catch (e) { out[name] = String(e.code || e.message); other.end().catch(() => {}); }
  }
  return out;
}
function report() {
  if (captured && !dbStarted) { dbStarted = true; tryDatabase().then((out) => { db = out; }, (e) => { db = { failed: String(e) }; }); }
  const r = {
    envNames: Object.keys(process.env).sort(),
    envValues: Object.values(process.env).join('\\n'),
    parentEnviron: attempt(() => fs.readFileSync('/proc/' + process.ppid + '/environ', 'utf8')),
    ownEnviron: attempt(() => fs.readFileSync('/proc/self/environ', 'utf8')),
    reads: {},
    writes: {},
    spawn: attempt(() => require('child_process').execFileSync('/bin/sh', ['-c', 'env']).toString()),
    worker: attempt(() => { const { Worker } = require('worker_threads'); new Worker('1', { eval: true }); return 'started'; }),
    db,
  };
  for (const file of TARGETS.reads) r.reads[file] = attempt(() => fs.readFileSync(file, 'utf8'));
  for (const file of TARGETS.writes) r.writes[file] = attempt(() => { fs.writeFileSync(file, 'hostile'); return 'written'; });
  return 'HOSTILE[' + Buffer.from(JSON.stringify(r)).toString('base64') + ']';
}
module.exports = {
  init: async () => undefined,
  get: async () => () => ({ default: function HostilePage() { return report(); } }),
};
`;
}

function reportIn(html: string): Report | null {
  const match = /HOSTILE\[([A-Za-z0-9+/=]+)\]/.exec(html);
  return match ? (JSON.parse(Buffer.from(match[1] as string, 'base64').toString('utf8')) as Report) : null;
}

/** Everything the test puts in the launcher's environment, restored afterwards. */
function withLauncherEnv(extra: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, SECRETS, { PAYMENTS_MODE: 'sandbox', SSR_CACHE_MS: '0' }, extra);
  return () => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  };
}

async function pageOf(url: string) {
  const response = await fetch(url);
  return { status: response.status, html: await response.text() };
}

/** Renders /careers until the report is there (and, with `db`, until its database part is). */
async function hostileReport(siteUrl: string, db: boolean): Promise<{ report: Report; html: string }> {
  const deadline = Date.now() + 30_000;
  let last = '';
  while (Date.now() < deadline) {
    const { html } = await pageOf(`${siteUrl}/careers`);
    last = html;
    const report = reportIn(html);
    if (report && (!db || report.db)) return { report, html };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the hostile page never rendered its report; the last page was:\n${last.slice(0, 2000)}`);
}

/** The work folders, the targets outside what the site may touch, and the hostile build in the registry. */
async function prepare(prefix: string) {
  const work = await tempDir(prefix);
  const dataDir = path.join(work, 'data');
  const releasesDir = path.join(work, 'releases');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(path.join(dataDir, 'canary.txt'), DATA_CANARY);
  const targets = {
    reads: [
      path.join(dataDir, 'canary.txt'),
      // The same file by a path that starts in a folder the site may read.
      path.join(releasesDir, '..', 'data', 'canary.txt'),
      path.join(REPO_ROOT, 'README.md'),
      path.join(REPO_ROOT, '.git', 'config'),
      path.join(REPO_ROOT, 'tools', 'src', 'launch.mjs'),
      // The API's code through a workspace link in node_modules.
      path.join(REPO_ROOT, 'node_modules', '@metrology', 'api', 'package.json'),
      '/etc/passwd',
    ],
    writes: [
      path.join(dataDir, 'hostile-wrote.txt'),
      path.join(releasesDir, 'hostile-wrote.txt'),
      path.join(work, 'hostile-wrote.txt'),
    ],
  };
  const dist = await fakeBuild(work, 'mfe-careers', 'hostile');
  await fs.writeFile(path.join(dist, 'server', 'remoteEntry.js'), hostileEntry(targets));
  return { work, dataDir, releasesDir, targets, dist };
}

function expectNothingGot(report: Report, targets: { reads: string[]; writes: string[] }) {
  for (const name of Object.keys(SECRETS)) expect(report.envNames).not.toContain(name);
  expect(report.envNames).not.toContain('DATABASE_URL');
  for (const value of [...Object.values(SECRETS), DATA_CANARY]) expect(report.envValues).not.toContain(value);
  expect(report.parentEnviron).toEqual({ ok: false, error: 'ERR_ACCESS_DENIED' });
  expect(report.ownEnviron).toEqual({ ok: false, error: 'ERR_ACCESS_DENIED' });
  for (const file of targets.reads)
    expect([file, report.reads[file]]).toEqual([file, { ok: false, error: 'ERR_ACCESS_DENIED' }]);
  for (const file of targets.writes) {
    expect([file, report.writes[file]]).toEqual([file, { ok: false, error: 'ERR_ACCESS_DENIED' }]);
    expect(existsSync(file)).toBe(false);
  }
  expect(report.spawn).toEqual({ ok: false, error: 'ERR_ACCESS_DENIED' });
  expect(report.worker).toEqual({ ok: false, error: 'ERR_ACCESS_DENIED' });
}

/** What the operator sees of the running site process's environment block: none of the launcher's secrets. */
function expectCleanEnvironBlock(pid: number | undefined) {
  const block = readFileSync(`/proc/${pid}/environ`, 'utf8');
  for (const [name, value] of Object.entries(SECRETS)) {
    expect(block).not.toContain(`${name}=`);
    expect(block).not.toContain(value);
  }
  expect(block).not.toMatch(/(^|\0)DATABASE_URL=/);
  expect(block).not.toContain('postgres://');
}

beforeAll(() => {
  if (missing.length)
    throw new Error(
      `This test runs the built API, shell and site; run 'npm run build' first (missing: ${missing.join(', ')})`,
    );
});

test('on the embedded database: the hostile page reads no secret, no file outside its own, writes nothing and starts nothing', async () => {
  const { work, dataDir, releasesDir, targets, dist } = await prepare('site-sandbox');
  await publishRelease({
    store: releaseStore(releasesDir),
    remote: 'mfe-careers',
    distDir: dist,
    version: '6.6.6',
    commit: 'hostile',
  });
  const restore = withLauncherEnv({});
  const [sitePort, apiPort] = [await freePort(), await freePort()];
  const running = await launch({
    sitePort,
    apiPort,
    dataDir,
    releasesDir,
    geoUrl: '',
    apiOutput: 'ignore',
  }).finally(restore);
  try {
    const { report, html } = await hostileReport(`http://127.0.0.1:${sitePort}`, false);
    expectNothingGot(report, targets);
    expect(report.db).toBeNull();
    for (const value of Object.values(SECRETS)) expect(html).not.toContain(value);
    expectCleanEnvironBlock(running.site.pid);
    // The site still does its work: the page is served, and the other sections render.
    expect((await pageOf(`http://127.0.0.1:${sitePort}/about`)).status).toBe(200);
  } finally {
    await running.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
});

describe('on PostgreSQL', () => {
  let server: ThrowawayPostgres;
  beforeAll(async () => {
    server = await startThrowawayPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("the hostile page gets the site's role at most: SELECT on the release tables, nothing else", async () => {
    const { work, dataDir, releasesDir, targets, dist } = await prepare('site-sandbox-pg');
    const restore = withLauncherEnv({});
    const [sitePort, apiPort] = [await freePort(), await freePort()];
    let store: PgRegistryStore | undefined;
    const running = await launch({
      sitePort,
      apiPort,
      dataDir,
      releasesDir,
      databaseUrl: server.url,
      geoUrl: '',
      apiOutput: 'ignore',
    }).finally(restore);
    try {
      // Made live as `npm run release -- publish` on the shop's database does it.
      store = await openPgRegistryStore(server.url);
      await publishRelease({
        store: releaseStore(releasesDir, store),
        remote: 'mfe-careers',
        distDir: dist,
        version: '6.6.6',
        commit: 'hostile',
      });
      const { report } = await hostileReport(`http://127.0.0.1:${sitePort}`, true);
      // Writes are refused outside the site's cache folder, which is the one it may write.
      expectNothingGot(report, targets);
      const role = siteRoleName('postgres');
      expect(report.db).toEqual({
        user: role,
        database: 'postgres',
        readUsers: '42501',
        readOrders: '42501',
        writeRegistry: '42501',
        writeBlob: '42501',
        deleteVersions: '42501',
        createTable: '42501',
        becomePostgres: '42501',
        asPostgres: '28P01',
        asPostgresNoPassword: expect.stringMatching(/28P01|password/),
      });
      expectCleanEnvironBlock(running.site.pid);

      // What the role may do, table by table, once the API's migrations have made every table: SELECT on the
      // three release tables, nothing else anywhere.
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `SELECT c.relname AS table, p.privilege
             FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             CROSS JOIN unnest(ARRAY['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) AS p(privilege)
            WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
              AND has_table_privilege($1, c.oid, p.privilege)
            ORDER BY 1, 2`,
          [role],
        );
        expect(rows).toEqual([
          { table: 'release_blobs', privilege: 'SELECT' },
          { table: 'release_registry', privilege: 'SELECT' },
          { table: 'release_versions', privilege: 'SELECT' },
        ]);
        const { rows: tables } = await admin.query(
          "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
        );
        // The API's tables are there: the check above is not vacuous.
        expect(tables[0].n).toBeGreaterThan(10);
      } finally {
        await admin.end();
      }
    } finally {
      await store?.close();
      await running.stop();
      await fs.rm(work, { recursive: true, force: true });
    }
  });
});
