// Preview, staged rollout, complete and abort through the release CLI, and the action log, on both registry
// stores: RELEASES_DIR/registry.json (+ actions.jsonl) and PostgreSQL (release_registry + release_actions).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { verifyToken } from '@metrology/server-kit/signed-token';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../tools/src/pg-cluster.mjs';
import { openPgRegistryStore, type PgRegistryStore } from '../pg-store.js';
import {
  abortRollout,
  advanceRollouts,
  parseRolloutPlan,
  publishRelease,
  readReleaseActions,
  releaseStore,
} from '../registry.js';
import { EXIT, parseReleaseArgs, runRelease, type ReleaseDeps } from '../cli.js';
import { fakeBuild, tempDir } from './release-fixtures';

// A real PostgreSQL (a throwaway cluster) takes a few seconds to start.
jest.setTimeout(120_000);

const KEY = 'test-release-signing-key';

describe('parsing', () => {
  test.each([
    [
      ['preview', 'mfe-content', '1.1.0'],
      { command: 'preview', remote: 'mfe-content', version: '1.1.0', ttlSeconds: 3600 },
    ],
    [
      ['preview', 'mfe-content', '1.1.0', '--ttl', '30m'],
      { command: 'preview', remote: 'mfe-content', version: '1.1.0', ttlSeconds: 1800 },
    ],
    [
      ['rollout', 'mfe-content', '1.1.0', '--percent', '20'],
      { command: 'rollout', remote: 'mfe-content', version: '1.1.0', percent: 20 },
    ],
    [
      ['rollout', 'mfe-content', '1.1.0', '--plan', '10:10,50:10,approve,100', '--why', 'new header'],
      {
        command: 'rollout',
        remote: 'mfe-content',
        version: '1.1.0',
        why: 'new header',
        plan: [
          { percent: 10, minutes: 10 },
          { percent: 50, minutes: 10 },
          { percent: 100, minutes: 0, approval: true },
        ],
      },
    ],
    [
      ['rollout', 'mfe-content', '--percent', '50'],
      { command: 'rollout', remote: 'mfe-content', percent: 50 },
    ],
    [['rollout', 'mfe-content', '--approve'], { command: 'rollout', remote: 'mfe-content', approve: true }],
    [['complete', 'mfe-content'], { command: 'complete', remote: 'mfe-content' }],
    [['abort', 'mfe-content', '--why', 'bad'], { command: 'abort', remote: 'mfe-content', why: 'bad' }],
    [['log'], { command: 'log', json: false, limit: 50 }],
    [['publish', 'mfe-content', '--staged'], { command: 'publish', remote: 'mfe-content', staged: true }],
    [['log', '--json', '--limit', '5'], { command: 'log', json: true, limit: 5 }],
  ])('%j', (argv, expected) => {
    expect(parseReleaseArgs(argv)).toEqual(expected);
  });

  test.each([
    [['preview', 'mfe-content'], "'preview' needs a version"],
    [['preview', 'mfe-content', '1.1.0', '--ttl', '1y'], "--ttl '1y' is not a duration"],
    [['preview', 'mfe-content', '1.1.0', '--ttl', '8d'], '--ttl 8d is out of range'],
    [['rollout', 'mfe-content', '1.1.0'], 'needs one of --percent N or --plan PLAN'],
    [['rollout', 'mfe-content', '1.1.0', '--percent', '0'], "--percent '0' is not a whole percentage"],
    [['rollout', 'mfe-content', '1.1.0', '--percent', '101'], "--percent '101'"],
    [['rollout', 'mfe-content', '1.1.0', '--percent', '5', '--plan', '5:1,100'], 'needs one of'],
    [['rollout', 'mfe-content', '--plan', '10:5,100'], '--plan starts a rollout'],
    [['rollout', 'mfe-content', '1.1.0', '--plan', '10:5,50:5'], 'The last stage of a plan must be 100'],
    [['rollout', 'mfe-content', '1.1.0', '--plan', '50:5,10:5,100'], 'more visitors than the one before'],
    [
      ['rollout', 'mfe-content', '1.1.0', '--plan', 'approve,10:5,100'],
      "'approve' goes before a later stage",
    ],
    [['rollout', 'mfe-content', '1.1.0', '--plan', '10m,100'], "'10m' in the plan"],
    [['complete'], "'complete' needs a remote"],
    [['abort', 'mfe-content', '1.1.0'], "'abort' takes one remote"],
    [['log', 'mfe-content'], "'log' takes no remote"],
    [['complete', 'mfe-content', '--percent', '5'], "'complete' has no option --percent"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseReleaseArgs(argv)).toThrow(message);
  });

  test('a plan: stages, minutes, approval gates', () => {
    expect(parseRolloutPlan('5:30, approve, 25:60, 100:15')).toEqual([
      { percent: 5, minutes: 30 },
      { percent: 25, minutes: 60, approval: true },
      { percent: 100, minutes: 15 },
    ]);
  });
});

let pgServer: ThrowawayPostgres | undefined;
afterAll(async () => {
  await pgServer?.stop();
});

describe.each(['file', 'PostgreSQL'] as const)('on the %s registry store', (kind) => {
  let root: string;
  let releasesDir: string;
  let store: PgRegistryStore | undefined;
  let out: string[];
  let err: string[];

  beforeAll(async () => {
    if (kind === 'PostgreSQL') pgServer = await startThrowawayPostgres();
  });

  beforeEach(async () => {
    root = await tempDir(`release-rollout-${kind}`);
    releasesDir = path.join(root, 'releases');
    out = [];
    err = [];
    if (pgServer) {
      // Each test its own database: the registry and the action log start empty.
      const database = `t${Math.random().toString(36).slice(2, 10)}`;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: pgServer.url });
      await client.connect();
      await client.query(`CREATE DATABASE ${database}`);
      await client.end();
      const url = new URL(pgServer.url);
      url.pathname = `/${database}`;
      store = await openPgRegistryStore(url.toString());
    }
    for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
      await publishRelease({
        store: releaseStore(releasesDir, store),
        remote: 'mfe-content',
        distDir: await fakeBuild(root, 'mfe-content', version),
        version,
        commit: 'abc1234',
        by: 'ci@example.test',
      });
    }
    // 1.0.0 live again, 1.1.0 and 1.2.0 published but not live.
    expect(await cli(['rollback', 'mfe-content', '--to', '1.0.0'])).toBe(EXIT.ok);
    out = [];
  });

  afterEach(async () => {
    await store?.close();
    store = undefined;
    await fs.rm(root, { recursive: true, force: true });
  });

  function deps(overrides: Partial<ReleaseDeps> = {}): ReleaseDeps {
    return {
      releasesDir,
      ...(store ? { store } : {}),
      packageVersion: async () => '9.9.9',
      build: async () => {
        throw new Error('no build in these tests');
      },
      commit: () => 'f00d123',
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      signingKey: () => KEY,
      siteUrl: 'https://shop.example.test/',
      actor: 'manager@example.test',
      ...overrides,
    };
  }
  const cli = (argv: string[], overrides?: Partial<ReleaseDeps>) => runRelease(argv, deps(overrides));

  async function status() {
    out = [];
    expect(await cli(['status', '--json'])).toBe(EXIT.ok);
    const parsed = JSON.parse(out.join('\n'));
    out = [];
    return parsed['mfe-content'];
  }

  async function log() {
    return readReleaseActions({ store: releaseStore(releasesDir, store), limit: 100 });
  }

  test('preview prints a signed link to the site for a published version that is not live', async () => {
    expect(await cli(['preview', 'mfe-content', '1.1.0', '--ttl', '2h'])).toBe(EXIT.ok);
    const link = new URL(out[0] ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('https://shop.example.test/__preview');
    const payload = verifyToken(KEY, link.searchParams.get('token'));
    expect(payload).toMatchObject({ preview: { remote: 'mfe-content', version: '1.1.0' } });
    const seconds = (payload?.exp as number) - Date.now() / 1000;
    expect(seconds).toBeGreaterThan(7000);
    expect(seconds).toBeLessThanOrEqual(7200);
    // Another key does not accept it.
    expect(verifyToken('another key', link.searchParams.get('token'))).toBeNull();
    expect((await log())[0]).toMatchObject({
      action: 'preview',
      actor: 'manager@example.test',
      version: '1.1.0',
    });
    // Nothing moved.
    expect((await status()).current).toBe('1.0.0');
  });

  test('preview refuses the live version, an unpublished one, and a missing key', async () => {
    expect(await cli(['preview', 'mfe-content', '1.0.0'])).toBe(EXIT.refused);
    expect(err.at(-1)).toBe('release: mfe-content 1.0.0 is live; everyone sees it already');
    expect(await cli(['preview', 'mfe-content', '3.0.0'])).toBe(EXIT.refused);
    expect(err.at(-1)).toContain('mfe-content 3.0.0 is not published (published: 1.0.0, 1.1.0, 1.2.0)');
    expect(await cli(['preview', 'mfe-content', '1.1.0'], { signingKey: () => undefined })).toBe(
      EXIT.refused,
    );
    expect(err.at(-1)).toContain('No signing key: set RELEASE_SIGNING_KEY');
    expect(await cli(['preview', 'mfe-content', '1.1.0', '--ttl', 'soon'])).toBe(EXIT.usage);
    expect(out).toEqual([]);
  });

  test('rollout to a share, raise it, complete it: the version goes live and the log says who did what', async () => {
    expect(await cli(['rollout', 'mfe-content', '1.1.0', '--percent', '20', '--why', 'new header'])).toBe(
      EXIT.ok,
    );
    expect(out).toEqual(['Rolling out mfe-content 1.1.0 to 20 % of visitors; the others keep 1.0.0.']);
    expect((await status()).rollout).toMatchObject({
      version: '1.1.0',
      percent: 20,
      by: 'manager@example.test',
    });

    // One rollout at a time, of a published version that is not live.
    expect(await cli(['rollout', 'mfe-content', '1.2.0', '--percent', '5'])).toBe(EXIT.refused);
    expect(err.at(-1)).toBe(
      'release: A rollout of mfe-content 1.1.0 is running (20 %); complete or abort it first',
    );

    out = [];
    expect(await cli(['rollout', 'mfe-content', '--percent', '50'])).toBe(EXIT.ok);
    expect(out).toEqual(['mfe-content 1.1.0 goes to 50 % of visitors now (was 20 %).']);
    expect((await status()).rollout.percent).toBe(50);

    // The status table shows the split.
    expect(await cli(['status'])).toBe(EXIT.ok);
    expect(out.join('\n')).toMatch(/1\.1\.0 .* rolling out to 50 % since /);
    out = [];

    expect(await cli(['complete', 'mfe-content'])).toBe(EXIT.ok);
    expect(out).toEqual(['mfe-content 1.1.0 is live for everyone now (was 1.0.0); the rollout is complete.']);
    const entry = await status();
    expect(entry.current).toBe('1.1.0');
    expect(entry.rollout).toBeUndefined();

    expect((await log()).slice(0, 3)).toEqual([
      expect.objectContaining({
        action: 'rollout-complete',
        from: '1.0.0',
        to: '1.1.0',
        actor: 'manager@example.test',
      }),
      expect.objectContaining({ action: 'rollout-percent', percent: 50, version: '1.1.0' }),
      expect.objectContaining({ action: 'rollout-start', percent: 20, why: 'new header', automatic: false }),
    ]);
    // Nothing left to complete or abort.
    expect(await cli(['complete', 'mfe-content'])).toBe(EXIT.refused);
    expect(err.at(-1)).toBe('release: No rollout of mfe-content is running');
    expect(await cli(['abort', 'mfe-content'])).toBe(EXIT.refused);
  });

  test('rollout refuses the live version and an unpublished one', async () => {
    expect(await cli(['rollout', 'mfe-content', '1.0.0', '--percent', '10'])).toBe(EXIT.refused);
    expect(err.at(-1)).toBe('release: mfe-content 1.0.0 is already live; nothing to roll out');
    expect(await cli(['rollout', 'mfe-content', '2.0.0', '--percent', '10'])).toBe(EXIT.refused);
    expect(err.at(-1)).toContain('mfe-content 2.0.0 is not published');
    expect(await cli(['rollout', 'mfe-careers', '1.0.0', '--percent', '10'])).toBe(EXIT.refused);
    expect(err.at(-1)).toBe('release: mfe-careers has never been published; publish it first');
    expect((await status()).rollout).toBeUndefined();
  });

  test('abort is a rollback of the canary: everyone keeps the live version, the canary is marked rolled back', async () => {
    expect(await cli(['rollout', 'mfe-content', '1.2.0', '--percent', '10'])).toBe(EXIT.ok);
    out = [];
    expect(await cli(['abort', 'mfe-content', '--why', 'checkout button gone'])).toBe(EXIT.ok);
    expect(out).toEqual([
      'Aborted the rollout of mfe-content 1.2.0 (it had 10 %): everyone gets 1.0.0 again, and 1.2.0 is marked rolled back.',
    ]);
    const entry = await status();
    expect(entry.current).toBe('1.0.0');
    expect(entry.rollout).toBeUndefined();
    expect(await cli(['status'])).toBe(EXIT.ok);
    expect(out.join('\n')).toMatch(/1\.2\.0 .* rolled back /);
    expect((await log())[0]).toMatchObject({
      action: 'rollout-abort',
      version: '1.2.0',
      why: 'checkout button gone',
      automatic: false,
    });

    // An automatic abort carries its figures into the log, and `log` prints them.
    expect(await cli(['rollout', 'mfe-content', '1.1.0', '--percent', '10'])).toBe(EXIT.ok);
    const figures = { canarySessions: 120, canaryFailing: 7, currentSessions: 900, currentFailing: 1 };
    await abortRollout({
      store: releaseStore(releasesDir, store),
      remote: 'mfe-content',
      by: 'automatic',
      automatic: true,
      why: '7 of 120 sessions failed (5.8 %)',
      figures,
      version: '1.1.0',
    });
    expect((await log())[0]).toMatchObject({ action: 'rollout-abort', automatic: true, figures });
    out = [];
    expect(await cli(['log'])).toBe(EXIT.ok);
    expect(out.join('\n')).toContain('canaryFailing=7');
    out = [];
    expect(await cli(['log', '--json', '--limit', '1'])).toBe(EXIT.ok);
    expect(JSON.parse(out.join('\n'))).toEqual([expect.objectContaining({ actor: 'automatic', figures })]);
  });

  test('a plan advances with the clock while healthy, waits for approval, and completes at its last stage', async () => {
    expect(await cli(['rollout', 'mfe-content', '1.1.0', '--plan', '10:10,50:10,approve,100'])).toBe(EXIT.ok);
    const started = Date.parse((await status()).rollout.stageStartedAt);
    const at = (minutes: number) => new Date(started + minutes * 60_000);
    const advance = (minutes: number, healthy = true) =>
      advanceRollouts({ store: releaseStore(releasesDir, store), now: at(minutes), healthy: () => healthy });

    expect(await advance(9)).toEqual([]);
    // Unhealthy: the stage holds.
    expect(await advance(11, false)).toEqual([]);
    expect(await advance(11)).toEqual([expect.objectContaining({ action: 'rollout-advance', percent: 50 })]);
    expect((await status()).rollout).toMatchObject({ percent: 50, stage: 1 });
    expect(await advance(20)).toEqual([]);
    expect(await advance(21.5)).toEqual([expect.objectContaining({ action: 'rollout-wait' })]);
    expect((await status()).rollout).toMatchObject({ percent: 50, awaitingApproval: true });
    expect(await advance(60)).toEqual([]);

    expect(await cli(['rollout', 'mfe-content', '--approve'])).toBe(EXIT.ok);
    expect(out.at(-1)).toBe('mfe-content 1.1.0: stage 3 approved; 100 % of visitors get it now.');
    expect(await cli(['rollout', 'mfe-content', '--approve'])).toBe(EXIT.refused);
    expect(err.at(-1)).toContain('is not waiting for approval');

    const completed = await advanceRollouts({ store: releaseStore(releasesDir, store) });
    expect(completed).toEqual([
      expect.objectContaining({ action: 'rollout-complete', to: '1.1.0', automatic: true }),
    ]);
    const entry = await status();
    expect(entry.current).toBe('1.1.0');
    expect(entry.rollout).toBeUndefined();
  });

  test('publish --staged adds the version without moving the pointer: preview it, roll it out', async () => {
    expect(await cli(['rollout', 'mfe-content', '1.2.0', '--percent', '30'])).toBe(EXIT.ok);
    const dist = await fakeBuild(root, 'mfe-content', '1.4.0');
    out = [];
    expect(await cli(['publish', 'mfe-content', '--dist', dist, '--version', '1.4.0', '--staged'])).toBe(
      EXIT.ok,
    );
    expect(out).toContain(
      'Published mfe-content 1.4.0 (commit f00d123), staged: 1.0.0 stays live; preview it or roll it out.',
    );
    const entry = await status();
    expect(entry.current).toBe('1.0.0');
    expect(entry.rollout).toMatchObject({ version: '1.2.0', percent: 30 });
    expect(entry.history.map((r: { version: string }) => r.version)).toContain('1.4.0');
    expect((await log())[0]).toMatchObject({
      action: 'publish',
      version: '1.4.0',
      from: '1.0.0',
      to: '1.0.0',
      why: 'staged: not live',
      actor: 'manager@example.test',
    });
    out = [];
    expect(await cli(['preview', 'mfe-content', '1.4.0'])).toBe(EXIT.ok);
    expect(out[0]).toMatch(/^https:\/\/shop\.example\.test\/__preview\?token=/);
  });

  test('publish ends a running rollout; rollback keeps it', async () => {
    expect(await cli(['rollout', 'mfe-content', '1.2.0', '--percent', '30'])).toBe(EXIT.ok);
    expect(await cli(['rollback', 'mfe-content', '--to', '1.1.0'])).toBe(EXIT.ok);
    expect((await status()).rollout).toMatchObject({ version: '1.2.0', percent: 30 });
    const release = await publishRelease({
      store: releaseStore(releasesDir, store),
      remote: 'mfe-content',
      distDir: await fakeBuild(root, 'mfe-content', '1.3.0'),
      version: '1.3.0',
      commit: 'abc1234',
      by: 'ci@example.test',
    });
    expect(release.endedRollout).toBe('1.2.0');
    expect((await status()).rollout).toBeUndefined();
    expect((await log())[0]).toMatchObject({
      action: 'publish',
      actor: 'ci@example.test',
      why: 'ended the rollout of 1.2.0',
    });
  });
});
