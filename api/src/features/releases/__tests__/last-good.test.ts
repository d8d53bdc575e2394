// The last good version is one that was live for everyone: a rollback from the desk (the release CLI's code, on
// registry.json with PGlite, on the PostgreSQL store with PostgreSQL) never lands on a version that was only
// staged, nor on a canary that was aborted or that a publish cut short, unless it is named. A registry written
// before the registry recorded when versions went live is judged from the action log.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fallbackOrder } from '@metrology/shared/release';
import { body, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import type { RegistryEntry } from '@metrology/shared/contracts';
import { registryModule } from '../../back-office/registry-bridge.js';
import { registryAccess } from '../registry-access.js';

const REMOTE = 'mfe-content';

interface Shop {
  app: FastifyInstance;
  manager: string;
  releasesDir: string;
}

const shops: Shop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.app.close();
});

async function openShop(): Promise<Shop> {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-last-good-'));
  const releasesDir = path.join(work, 'releases');
  const app = await startApp({ releasesDir, releases: { checkSeconds: 0 } });
  const m = await register(app, 'Manager Max');
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
  const shop = { app, manager: m.token, releasesDir };
  shops.push(shop);
  return shop;
}

async function fakeBuild(shop: Shop, version: string): Promise<string> {
  const dist = await fs.mkdtemp(path.join(shop.releasesDir, `..${path.sep}dist-${version}-`));
  const name = REMOTE.replace(/-/g, '_');
  await fs.writeFile(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({ id: name, name, metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '' } } }),
  );
  await fs.writeFile(path.join(dist, 'remoteEntry.js'), `/* ${REMOTE} ${version} */`);
  return dist;
}

/** The release steps a release manager runs, on the shop's own registry (file or PostgreSQL). */
function steps(shop: Shop) {
  const on = async () => ({ module: await registryModule(), where: await registryAccess(shop.app).where() });
  return {
    publish: async (version: string, staged = false) => {
      const { module, where } = await on();
      await module.publishRelease({
        ...where,
        remote: REMOTE,
        distDir: await fakeBuild(shop, version),
        version,
        commit: 'c0ffee1',
        staged,
        by: 'test',
      });
    },
    rollout: async (version: string, percent: number) => {
      const { module, where } = await on();
      await module.startRollout({ ...where, remote: REMOTE, version, percent, by: 'test' });
    },
    complete: async () => {
      const { module, where } = await on();
      await module.completeRollout({ ...where, remote: REMOTE, by: 'test' });
    },
    abort: async () => {
      const { module, where } = await on();
      await module.abortRollout({ ...where, remote: REMOTE, by: 'test' });
    },
    /** A rollback from the desk: the last good version, or the one named. */
    rollback: async (to?: string) => {
      const res = await post(
        shop.app,
        '/api/releases/rollback',
        { remote: REMOTE, ...(to ? { to } : {}) },
        shop.manager,
      );
      expect(res.statusCode).toBe(200);
      return body<{ action: { from: string; to: string } }>(res).action;
    },
    entry: async (): Promise<RegistryEntry> => {
      const entry = (await registryAccess(shop.app).read()).remotes[REMOTE];
      if (!entry) throw new Error(`${REMOTE} is not published`);
      return entry;
    },
  };
}

const stateOf = (entry: RegistryEntry, version: string) => entry.history.find((r) => r.version === version);

describe('rollback goes to a version that was live for everyone', () => {
  it('staged publishes and a canary a publish cut short are skipped; the version before them is the target', async () => {
    const shop = await openShop();
    const s = steps(shop);
    await s.publish('9.2.0');
    await s.publish('9.3.0', true);
    await s.publish('9.4.0', true);
    await s.rollout('9.4.0', 10);
    // A live publish ends the rollout: 9.4.0 reached 10 % of visitors, never everyone.
    await s.publish('9.5.0');
    const before = await s.entry();
    expect(before.rollout).toBeUndefined();
    expect(fallbackOrder(before)).toEqual(['9.5.0', '9.2.0']);
    expect(stateOf(before, '9.3.0')).toEqual(expect.objectContaining({ staged: true }));
    expect(stateOf(before, '9.3.0')?.liveAt).toBeUndefined();
    expect(stateOf(before, '9.4.0')).toEqual(
      expect.objectContaining({ staged: true, cutShortAt: expect.any(String) }),
    );
    expect(stateOf(before, '9.2.0')).toEqual(
      expect.objectContaining({ liveAt: expect.any(String), liveUntil: expect.any(String) }),
    );

    expect(await s.rollback()).toEqual(expect.objectContaining({ from: '9.5.0', to: '9.2.0' }));
    const after = await s.entry();
    expect(after.current).toBe('9.2.0');
    expect(stateOf(after, '9.5.0')).toEqual(
      expect.objectContaining({ rolledBackAt: expect.any(String), liveUntil: expect.any(String) }),
    );
    // Nothing earlier is good: a second rollback is refused rather than going to a staged version.
    const refused = await post(shop.app, '/api/releases/rollback', { remote: REMOTE }, shop.manager);
    expect(refused.statusCode).toBe(409);
    expect((await s.entry()).current).toBe('9.2.0');

    // Named, a staged version goes live, and is a version that was live from then on.
    expect(await s.rollback('9.4.0')).toEqual(expect.objectContaining({ from: '9.2.0', to: '9.4.0' }));
    const named = await s.entry();
    expect(stateOf(named, '9.4.0')?.liveAt).toEqual(expect.any(String));
    expect(fallbackOrder(named)).toEqual(['9.4.0', '9.2.0']);
  });

  it('an aborted canary is skipped; a completed one is a target', async () => {
    const shop = await openShop();
    const s = steps(shop);
    await s.publish('1.0.0');
    await s.publish('1.1.0', true);
    await s.rollout('1.1.0', 20);
    await s.abort();
    await s.publish('1.2.0', true);
    await s.rollout('1.2.0', 50);
    await s.complete();
    await s.publish('1.3.0');
    const entry = await s.entry();
    expect(stateOf(entry, '1.1.0')).toEqual(
      expect.objectContaining({ staged: true, rolledBackAt: expect.any(String) }),
    );
    expect(stateOf(entry, '1.2.0')).toEqual(
      expect.objectContaining({ staged: true, liveAt: expect.any(String), liveUntil: expect.any(String) }),
    );
    expect(fallbackOrder(entry)).toEqual(['1.3.0', '1.2.0', '1.0.0']);
    expect(await s.rollback()).toEqual(expect.objectContaining({ from: '1.3.0', to: '1.2.0' }));
    expect(await s.rollback()).toEqual(expect.objectContaining({ from: '1.2.0', to: '1.0.0' }));
  });

  it('a rollout still running when a staged version is published keeps running; neither is a target', async () => {
    const shop = await openShop();
    const s = steps(shop);
    await s.publish('2.0.0');
    await s.publish('2.1.0');
    await s.publish('2.2.0', true);
    await s.rollout('2.2.0', 30);
    await s.publish('2.3.0', true);
    const entry = await s.entry();
    expect(entry.rollout?.version).toBe('2.2.0');
    expect(fallbackOrder(entry)).toEqual(['2.1.0', '2.0.0']);
    expect(await s.rollback()).toEqual(expect.objectContaining({ from: '2.1.0', to: '2.0.0' }));
    // The rollout of another version runs on through a rollback.
    expect((await s.entry()).rollout?.version).toBe('2.2.0');
  });
});

describe('a registry written before it recorded when versions went live', () => {
  it('is judged from the action log on its first change; a version older than the log went live when published', async () => {
    const shop = await openShop();
    const s = steps(shop);
    await s.publish('3.0.0');
    await s.publish('3.1.0');
    await s.publish('3.2.0', true);
    await s.publish('3.3.0', true);
    await s.rollout('3.3.0', 10);
    await s.publish('3.4.0');
    // As an older release platform left it: the same history without liveAt, liveUntil, staged or cutShortAt, and
    // 3.0.0 published before the action log existed (no row names it).
    const fresh = await s.entry();
    const old: RegistryEntry = {
      current: fresh.current,
      history: fresh.history.map(({ version, publishedAt, commit, rolledBackAt }) => ({
        version,
        publishedAt,
        commit,
        ...(rolledBackAt ? { rolledBackAt } : {}),
      })),
    };
    const { store } = await registryAccess(shop.app).where();
    if (store) {
      await shop.app.shop.db.query('UPDATE release_registry SET history = $1::jsonb WHERE remote = $2', [
        JSON.stringify(old.history),
        REMOTE,
      ]);
      await shop.app.shop.db.query('DELETE FROM release_actions WHERE remote = $1 AND version = $2', [
        REMOTE,
        '3.0.0',
      ]);
    } else {
      await fs.writeFile(
        path.join(shop.releasesDir, 'registry.json'),
        JSON.stringify({ remotes: { [REMOTE]: old } }),
      );
      const log = path.join(shop.releasesDir, 'actions.jsonl');
      const rows = (await fs.readFile(log, 'utf8')).split('\n').filter(Boolean);
      await fs.writeFile(
        log,
        rows.filter((line) => (JSON.parse(line) as { version: string }).version !== '3.0.0').join('\n') +
          '\n',
      );
    }
    // Readers without the log (the shell, the site) trust none of the older versions until then.
    expect(fallbackOrder(await s.entry())).toEqual(['3.4.0']);

    expect(await s.rollback()).toEqual(expect.objectContaining({ from: '3.4.0', to: '3.1.0' }));
    const judged = await s.entry();
    expect(stateOf(judged, '3.0.0')?.liveAt).toBe(stateOf(judged, '3.0.0')?.publishedAt);
    expect(stateOf(judged, '3.1.0')?.liveAt).toEqual(expect.any(String));
    expect(stateOf(judged, '3.2.0')).toEqual(expect.objectContaining({ staged: true }));
    expect(stateOf(judged, '3.3.0')).toEqual(expect.objectContaining({ staged: true }));
    expect(fallbackOrder(judged)).toEqual(['3.1.0', '3.0.0']);
    expect(await s.rollback()).toEqual(expect.objectContaining({ from: '3.1.0', to: '3.0.0' }));
  });
});
