// POST /api/releases/publish (issue 33): a pack is checked whole before anything is recorded, and a refused one
// leaves nothing behind (no version folder, no registry change, no unpack folder).
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { body, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { registryAccess } from '../registry-access.js';
import { UNPACK_PREFIX } from '../publish-routes.js';
import { buildFiles, everything, packWriter, publishCall, unpackFolders, type NodeHalf, type PackWriter } from './release-fixtures.js';

const PACK_MAX_BYTES = 200_000;
let app: FastifyInstance;
let releasesDir: string;
let secret = '';
let packs: PackWriter;

beforeAll(async () => {
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-publish-'));
  releasesDir = path.join(work, 'releases');
  app = await startApp({
    releasesDir,
    releases: { checkSeconds: 0, packMaxBytes: PACK_MAX_BYTES, nodeCheckSeconds: 3 },
  });
  const m = await register(app, 'Manager Mia');
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
  const made = await post(
    app,
    '/api/releases/tokens',
    { name: 'content CI', remotes: ['mfe-content'], can: ['publish'], expiresInDays: 30 },
    m.token,
  );
  secret = body<{ secret: string }>(made).secret;
  packs = await packWriter();
  // One good version first, so a refusal must leave a registry that exists as it was.
  const first = await send(packs.writePack({ remote: 'mfe-content', version: '1.0.0', files: buildFiles('mfe-content', '1.0.0') }).pack, '1.0.0');
  expect(first.statusCode).toBe(200);
});
afterAll(() => app.close());

function send(pack: Buffer, version: string, extra: Record<string, string> = {}) {
  return publishCall(app, packs.PACK_CONTENT_TYPE, pack, { remote: 'mfe-content', version, ...extra }, secret);
}

/** Sends a pack that must be refused, and checks that nothing changed anywhere. */
async function refused(pack: Buffer, version: string, status: number, message: RegExp) {
  const files = await everything(releasesDir);
  const registry = JSON.stringify(await registryAccess(app).read());
  const unpacking = await unpackFolders(UNPACK_PREFIX);
  const res = await send(pack, version);
  expect(res.statusCode).toBe(status);
  expect(body(res).message).toMatch(message);
  expect(await everything(releasesDir)).toEqual(files);
  expect(JSON.stringify(await registryAccess(app).read())).toBe(registry);
  expect(await unpackFolders(UNPACK_PREFIX)).toEqual(unpacking);
}

const good = (version: string, node: NodeHalf = 'loads') =>
  packs.writePack({ remote: 'mfe-content', version, files: buildFiles('mfe-content', version, node) });

test('a good pack is published, staged or live, and is served from RELEASES_DIR', async () => {
  const res = await send(good('1.1.0').pack, '1.1.0', { staged: 'true', commit: 'feed123' });
  expect(res.statusCode).toBe(200);
  expect(body(res)).toMatchObject({ live: false, previous: '1.0.0', files: 4 });
  const folder = path.join(releasesDir, 'mfe-content', '1.1.0');
  expect(await fs.readFile(path.join(folder, 'static/js/page.js'), 'utf8')).toBe('/* 1.1.0 page */');
  expect(await fs.readFile(path.join(folder, 'server/remoteEntry.js'), 'utf8')).toContain('init');
  const entry = (await registryAccess(app).read()).remotes['mfe-content'];
  expect(entry?.current).toBe('1.0.0');
  expect(entry?.history.at(-1)).toMatchObject({ version: '1.1.0', commit: 'feed123' });
  // Versions are immutable.
  expect((await send(good('1.1.0').pack, '1.1.0')).statusCode).toBe(409);
});

test('a file whose hash or size is not the manifest one is refused', async () => {
  const { manifest } = good('2.0.0');
  const files = buildFiles('mfe-content', '2.0.0');
  const tampered = packs.tarPack([
    { name: packs.PACK_MANIFEST, data: Buffer.from(JSON.stringify(manifest)) },
    ...files.map((file) => ({
      name: file.path,
      data: file.path === 'remoteEntry.js' ? Buffer.from(file.data.toString().replace('2.0.0', '6.6.6')) : file.data,
    })),
  ]);
  await refused(tampered, '2.0.0', 400, /remoteEntry\.js: its SHA-256 is not the one release-pack\.json gives/);
});

test("entries that climb out ('..'), are absolute, are links or repeat are refused", async () => {
  const { manifest } = good('2.0.1');
  const entries = buildFiles('mfe-content', '2.0.1').map((file) => ({ name: file.path, data: file.data }));
  const head = { name: packs.PACK_MANIFEST, data: Buffer.from(JSON.stringify(manifest)) };
  await refused(packs.tarPack([head, ...entries, { name: '../../evil.js', data: Buffer.from('x') }]), '2.0.1', 400, /climbs out/);
  await refused(packs.tarPack([head, ...entries, { name: 'server/../../evil.js', data: Buffer.from('x') }]), '2.0.1', 400, /climbs out/);
  await refused(packs.tarPack([head, ...entries, { name: '/etc/evil.js', data: Buffer.from('x') }]), '2.0.1', 400, /absolute/);
  await refused(
    packs.tarPack([head, ...entries, { name: 'static/js/link.js', data: Buffer.alloc(0), type: '2' }]),
    '2.0.1',
    400,
    /static\/js\/link\.js: a symbolic link; a pack holds regular files only/,
  );
  await refused(packs.tarPack([head, ...entries, { name: 'hard.js', data: Buffer.alloc(0), type: '1' }]), '2.0.1', 400, /a hard link/);
  await refused(packs.tarPack([head, ...entries, entries[1]!]), '2.0.1', 400, /remoteEntry\.js: the pack holds it twice/);
  await refused(packs.tarPack([head, ...entries.slice(1)]), '2.0.1', 400, /listed in release-pack\.json but not in the pack/);
  await refused(Buffer.from('not a pack at all'), '2.0.1', 400, /not a gzip stream/);
});

test('an oversized pack is refused before it is read whole', async () => {
  // Random bytes: gzip cannot shrink them under the limit.
  const noise = randomBytes(PACK_MAX_BYTES + 1000);
  const files = [...buildFiles('mfe-content', '2.0.2'), { path: 'static/big.bin', data: noise }];
  const { pack } = packs.writePack({ remote: 'mfe-content', version: '2.0.2', files });
  expect(pack.length).toBeGreaterThan(PACK_MAX_BYTES);
  await refused(pack, '2.0.2', 413, new RegExp(`larger than ${PACK_MAX_BYTES} bytes`));
});

test('a pack for another version, or without a Node build, is refused', async () => {
  await refused(good('2.0.3').pack, '2.0.4', 400, /it holds mfe-content 2\.0\.3, not mfe-content 2\.0\.4/);
  await refused(good('2.0.5', 'none').pack, '2.0.5', 400, /no Node build/);
});

test('a Node build that throws is refused', async () => {
  await refused(good('3.0.0', 'throws').pack, '3.0.0', 400, /the Node build of mfe-content 3\.0\.0 does not load \(it throws when loaded: this Node build is broken\)/);
});

test('a Node build that never finishes loading is refused at the time limit', async () => {
  const started = Date.now();
  await refused(good('3.0.1', 'hangs').pack, '3.0.1', 400, /did not finish within 3 s/);
  expect(Date.now() - started).toBeLessThan(15_000);
});
