// A cluster opens the release registry in PostgreSQL (creating its tables, release_actions among them) before its
// first API migrates the same database: the migrations find the table and complete, and the desk's actions land in
// the one action log the release CLI writes too.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { body, get, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { TEST_ENGINE, testDatabaseUrl } from '../../../__tests__/helpers/test-database.js';
import { registryStoreModule } from '../../back-office/registry-bridge.js';

const onPostgres = TEST_ENGINE === 'postgres' ? it : it.skip;

onPostgres('the API migrates a database whose registry store was opened first', async () => {
  const databaseUrl = (await testDatabaseUrl()) as string;
  const releasesDir = path.join(
    await fs.mkdtemp(path.join(tmpdir(), 'metrology-registry-first-')),
    'releases',
  );
  const store = await (await registryStoreModule()).openPgRegistryStore(databaseUrl);
  await store.update(async () => ({
    registry: null,
    result: undefined,
    actions: [
      {
        at: new Date().toISOString(),
        actor: 'cli@host',
        action: 'preview',
        remote: 'mfe-content',
        version: '1.0.0',
        from: '',
        to: '',
        changed: false,
        why: 'from the CLI',
        automatic: false,
      },
    ],
  }));
  await store.close();
  const app = await startApp({ databaseUrl, releasesDir, releases: { checkSeconds: 0 } });
  try {
    const manager = await register(app, 'Manager');
    await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [manager.email]);
    const log = body<{ actions: { actor: string; why: string }[] }>(
      await get(app, '/api/releases/actions', manager.token),
    ).actions;
    expect(log).toEqual([expect.objectContaining({ actor: 'cli@host', why: 'from the CLI' })]);
    const refused = await post(app, '/api/releases/rollback', { remote: 'mfe-content' }, manager.token);
    expect(refused.statusCode).toBe(409);
  } finally {
    await app.close();
  }
});
