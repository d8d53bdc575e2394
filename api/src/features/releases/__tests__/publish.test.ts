// POST /api/releases/publish: a pack is checked whole before anything is recorded, and a refused one
// leaves nothing behind (no version folder, no registry change, no blob, no unpack folder). On the embedded
// database the files land in RELEASES_DIR; on PostgreSQL in the artifact store (blobs stored once, a manifest).
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { body, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { TEST_ENGINE } from '../../../__tests__/helpers/test-database.js';
import { registryAccess } from '../registry-access.js';
import { nodeBuildModule } from '../pack-bridge.js';
import {
  buildFiles,
  everything,
  publishedFileOf,
  packWriter,
  publishCall,
  unpackFolders,
  type NodeHalf,
  type PackWriter,
} from './release-fixtures.js';

const PACK_MAX_BYTES = 200_000;
let app: FastifyInstance;
let releasesDir: string;
let secret = '';
let packs: PackWriter;

// Check folders go to a work folder of this file's own (the API's releases.workDir), so "nothing left behind" is not
// confused by another test file checking builds at the same time.
let ownTmp = '';

beforeAll(async () => {
  ownTmp = await fs.mkdtemp(path.join(tmpdir(), 'metrology-own-tmp-'));
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-publish-'));
  releasesDir = path.join(work, 'releases');
  app = await startApp({
    releasesDir,
    releases: { checkSeconds: 0, packMaxBytes: PACK_MAX_BYTES, nodeCheckSeconds: 3, workDir: ownTmp },
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
  const first = await send(
    packs.writePack({ remote: 'mfe-content', version: '1.0.0', files: buildFiles('mfe-content', '1.0.0') })
      .pack,
    '1.0.0',
  );
  expect(first.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await fs.rm(ownTmp, { recursive: true, force: true });
});

function send(pack: Buffer, version: string, extra: Record<string, string> = {}) {
  return publishCall(
    app,
    packs.PACK_CONTENT_TYPE,
    pack,
    { remote: 'mfe-content', version, ...extra },
    secret,
  );
}

/** What the artifact store holds (empty on the embedded database, which has none): blobs and versions. */
async function stored(): Promise<{ blobs: string[]; versions: string[] }> {
  const blobs = await app.shop.db.query<{ sha256: string }>(
    'SELECT sha256 FROM release_blobs ORDER BY sha256',
  );
  const versions = await app.shop.db.query<{ name: string }>(
    `SELECT remote || ' ' || version AS name FROM release_versions ORDER BY 1`,
  );
  return { blobs: blobs.rows.map((row) => row.sha256), versions: versions.rows.map((row) => row.name) };
}

/** Sends a pack that must be refused, and checks that nothing changed anywhere. */
async function refused(pack: Buffer, version: string, status: number, message: RegExp) {
  const files = await everything(releasesDir);
  const registry = JSON.stringify(await registryAccess(app).read());
  const { CHECK_PREFIX } = await nodeBuildModule();
  const unpacking = [
    ...(await unpackFolders(CHECK_PREFIX, ownTmp)),
    ...(await unpackFolders('metrology-publish-', ownTmp)),
  ];
  const artifacts = await stored();
  const res = await send(pack, version);
  expect(res.statusCode).toBe(status);
  expect(body(res).message).toMatch(message);
  expect(await everything(releasesDir)).toEqual(files);
  expect(JSON.stringify(await registryAccess(app).read())).toBe(registry);
  expect([
    ...(await unpackFolders(CHECK_PREFIX, ownTmp)),
    ...(await unpackFolders('metrology-publish-', ownTmp)),
  ]).toEqual(unpacking);
  expect(await stored()).toEqual(artifacts);
}

const good = (version: string, node: NodeHalf = 'loads') =>
  packs.writePack({ remote: 'mfe-content', version, files: buildFiles('mfe-content', version, node) });

const publishedFile = (version: string, file: string) =>
  publishedFileOf(app, releasesDir, 'mfe-content', version, file);

test('a good pack is published, staged or live, its files in RELEASES_DIR or the artifact store', async () => {
  const res = await send(good('1.1.0').pack, '1.1.0', { staged: 'true', commit: 'feed123' });
  expect(res.statusCode).toBe(200);
  expect(body(res)).toMatchObject({ live: false, previous: '1.0.0', files: 4 });
  expect(await publishedFile('1.1.0', 'static/js/page.js')).toBe('/* 1.1.0 page */');
  expect(await publishedFile('1.1.0', 'server/remoteEntry.js')).toContain('init');
  // With PostgreSQL nothing is written to RELEASES_DIR: the site servers fetch the files from the database.
  if (TEST_ENGINE === 'postgres') expect(await everything(releasesDir)).toEqual([]);
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
      data:
        file.path === 'remoteEntry.js'
          ? Buffer.from(file.data.toString().replace('2.0.0', '6.6.6'))
          : file.data,
    })),
  ]);
  await refused(
    tampered,
    '2.0.0',
    400,
    /remoteEntry\.js: its SHA-256 is not the one release-pack\.json gives/,
  );
});

test("entries that climb out ('..'), are absolute, are links or repeat are refused", async () => {
  const { manifest } = good('2.0.1');
  const entries = buildFiles('mfe-content', '2.0.1').map((file) => ({ name: file.path, data: file.data }));
  const head = { name: packs.PACK_MANIFEST, data: Buffer.from(JSON.stringify(manifest)) };
  await refused(
    packs.tarPack([head, ...entries, { name: '../../evil.js', data: Buffer.from('x') }]),
    '2.0.1',
    400,
    /climbs out/,
  );
  await refused(
    packs.tarPack([head, ...entries, { name: 'server/../../evil.js', data: Buffer.from('x') }]),
    '2.0.1',
    400,
    /climbs out/,
  );
  await refused(
    packs.tarPack([head, ...entries, { name: '/etc/evil.js', data: Buffer.from('x') }]),
    '2.0.1',
    400,
    /absolute/,
  );
  await refused(
    packs.tarPack([head, ...entries, { name: 'static/js/link.js', data: Buffer.alloc(0), type: '2' }]),
    '2.0.1',
    400,
    /static\/js\/link\.js: a symbolic link; a pack holds regular files only/,
  );
  await refused(
    packs.tarPack([head, ...entries, { name: 'hard.js', data: Buffer.alloc(0), type: '1' }]),
    '2.0.1',
    400,
    /a hard link/,
  );
  await refused(
    packs.tarPack([head, ...entries, entries[1]!]),
    '2.0.1',
    400,
    /remoteEntry\.js: the pack holds it twice/,
  );
  await refused(
    packs.tarPack([head, ...entries.slice(1)]),
    '2.0.1',
    400,
    /listed in release-pack\.json but not in the pack/,
  );
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
  await refused(
    good('3.0.0', 'throws').pack,
    '3.0.0',
    400,
    /the Node build of mfe-content 3\.0\.0 does not load \(it throws when loaded: this Node build is broken\)/,
  );
});

test('a Node build that never finishes loading is refused at the time limit', async () => {
  const started = Date.now();
  await refused(good('3.0.1', 'hangs').pack, '3.0.1', 400, /did not finish within 3 s/);
  expect(Date.now() - started).toBeLessThan(15_000);
});

test('on PostgreSQL a file two versions share is stored once; each version has its manifest', async () => {
  if (TEST_ENGINE === 'pglite') {
    // The embedded database has no site server to share it with: RELEASES_DIR holds the files, as before.
    expect(await stored()).toEqual({ blobs: [], versions: [] });
    return;
  }
  const before = await stored();
  // Two builds with the same federation manifest and Node build; their entry and page differ.
  const first = packs.writePack({
    remote: 'mfe-content',
    version: '3.0.0',
    files: buildFiles('mfe-content', '3.0.0'),
  });
  expect((await send(first.pack, '3.0.0')).statusCode).toBe(200);
  const afterFirst = await stored();
  const second = packs.writePack({
    remote: 'mfe-content',
    version: '3.0.1',
    files: buildFiles('mfe-content', '3.0.1'),
  });
  expect((await send(second.pack, '3.0.1')).statusCode).toBe(200);
  const afterSecond = await stored();
  expect(afterSecond.versions).toEqual([...before.versions, 'mfe-content 3.0.0', 'mfe-content 3.0.1'].sort());
  // mf-manifest.json and server/remoteEntry.js are the same bytes in both: only the entry and the page are new.
  expect(afterSecond.blobs.length - afterFirst.blobs.length).toBe(2);
  const hashes = new Set(afterSecond.blobs);
  for (const file of second.manifest.files) expect(hashes.has(file.sha256)).toBe(true);
  const store = await registryAccess(app).store();
  const manifest = await store?.artifacts?.manifest('mfe-content', '3.0.1');
  expect(manifest?.files.map((file) => [file.path, file.size, file.contentType])).toEqual([
    [
      'mf-manifest.json',
      second.manifest.files.find((file) => file.path === 'mf-manifest.json')?.size,
      'application/json; charset=utf-8',
    ],
    [
      'remoteEntry.js',
      second.manifest.files.find((file) => file.path === 'remoteEntry.js')?.size,
      'application/javascript; charset=utf-8',
    ],
    [
      'server/remoteEntry.js',
      second.manifest.files.find((file) => file.path === 'server/remoteEntry.js')?.size,
      'application/javascript; charset=utf-8',
    ],
    [
      'static/js/page.js',
      second.manifest.files.find((file) => file.path === 'static/js/page.js')?.size,
      'application/javascript; charset=utf-8',
    ],
  ]);
  // Versions stay immutable in the store too.
  expect((await send(second.pack, '3.0.1')).statusCode).toBe(409);
});

test("a page of the team's own (HTML, XML) or a file of an unknown type is refused with the reason; an SVG is not", async () => {
  for (const [name, kind] of [
    ['promo.html', /promo\.html: HTML is not served from a release/],
    ['static/feed.xml', /static\/feed\.xml: XML is not served from a release/],
    ['static/tool.exe', /static\/tool\.exe: '\.exe' is not a file type a release serves/],
  ] as const) {
    const files = [
      ...buildFiles('mfe-content', '4.0.0'),
      { path: name, data: Buffer.from('<script>1</script>') },
    ];
    await refused(
      packs.writePack({ remote: 'mfe-content', version: '4.0.0', files }).pack,
      '4.0.0',
      400,
      kind,
    );
  }
  const svg = [
    ...buildFiles('mfe-content', '4.0.1'),
    { path: 'static/promo.svg', data: Buffer.from('<svg/>') },
  ];
  expect(
    (await send(packs.writePack({ remote: 'mfe-content', version: '4.0.1', files: svg }).pack, '4.0.1'))
      .statusCode,
  ).toBe(200);
});

test("a pack holding both 'a' and 'a/b' is refused with 400, not a server error", async () => {
  const files = [...buildFiles('mfe-content', '4.0.2'), { path: 'static/js', data: Buffer.from('x') }];
  await refused(
    packs.writePack({ remote: 'mfe-content', version: '4.0.2', files }).pack,
    '4.0.2',
    400,
    /static\/js: it is a file, and static\/js\/page\.js needs it to be a folder/,
  );
});
