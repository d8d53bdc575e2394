// Hostile Node builds, uploaded with a real deploy token over real HTTP to a real API (both database engines): each
// tries to steal, write, spawn, connect, exhaust or flood, and each ends within the check's limit having got
// nothing. What it reports back is the probe's one bounded line; a refused build leaves no version, no blob, no
// check folder and no process behind. A second upload while one is being checked is told to wait (429).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { body, post, register, startApp } from '../../../__tests__/helpers/test-app.js';
import { registryAccess } from '../registry-access.js';
import { nodeBuildModule } from '../pack-bridge.js';
import { buildFiles, everything, packWriter, unpackFolders, type PackWriter } from './release-fixtures.js';

const CHECK_SECONDS = 4;
const JWT_SECRET = `hostile-jwt-${randomBytes(12).toString('hex')}`;
const CANARY = `canary-${randomBytes(12).toString('hex')}`;
/** Every process a hostile build starts carries this in its command line, so the test can look for leftovers. */
const MARK = `hostile-mark-${randomBytes(6).toString('hex')}`;

let app: FastifyInstance;
let base = '';
let releasesDir = '';
let dataDir = '';
let secret = '';
let packs: PackWriter;
let listener: net.Server;
let listenerPort = 0;
let connections = 0;
let checkPrefix = '';

// Check folders go to a work folder of this file's own (the API's releases.workDir), so "nothing left behind" is not
// confused by another test file checking builds at the same time.
let ownTmp = '';

beforeAll(async () => {
  ownTmp = await fs.mkdtemp(path.join(tmpdir(), 'metrology-own-tmp-'));
  const work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-hostile-'));
  releasesDir = path.join(work, 'releases');
  dataDir = path.join(work, 'data');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(path.join(dataDir, 'secret.txt'), CANARY);
  app = await startApp({
    dataDir,
    releasesDir,
    jwtSecret: JWT_SECRET,
    releases: { checkSeconds: 0, nodeCheckSeconds: CHECK_SECONDS, workDir: ownTmp },
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const manager = await register(app, 'Manager Mia');
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [manager.email]);
  const made = await post(
    app,
    '/api/releases/tokens',
    { name: 'content CI', remotes: ['mfe-content'], can: ['publish'], expiresInDays: 30 },
    manager.token,
  );
  secret = body<{ secret: string }>(made).secret;
  packs = await packWriter();
  checkPrefix = (await nodeBuildModule()).CHECK_PREFIX;
  // A port on this machine standing in for the database: a contained build must never reach it.
  listener = net.createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerPort = (listener.address() as net.AddressInfo).port;
  // One good version first: the API works, and a refusal must leave this registry as it was.
  const first = await upload(nodeEntry('module.exports = CONTAINER;'), '1.0.0');
  expect(first.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await app.close();
  await new Promise((resolve) => listener.close(resolve));
  await fs.rm(ownTmp, { recursive: true, force: true });
});

/** A federation container that loads, after `before` has run at load time. */
function nodeEntry(code: string) {
  return code.replace(
    'CONTAINER',
    `{ init: async () => undefined, get: async (m) => () => ({ default: function Page() { return m; } }) }`,
  );
}

async function upload(serverEntry: string, version: string) {
  const files = buildFiles('mfe-content', version, 'none');
  files.push({ path: 'server/remoteEntry.js', data: Buffer.from(serverEntry) });
  const { pack } = packs.writePack({ remote: 'mfe-content', version, files });
  const response = await fetch(`${base}/api/releases/publish?remote=mfe-content&version=${version}`, {
    method: 'POST',
    headers: { 'content-type': packs.PACK_CONTENT_TYPE, authorization: `Bearer ${secret}` },
    body: pack,
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers };
}

function leftoverProcesses() {
  const listing = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return listing.split('\n').filter((line) => line.includes(MARK) && !line.includes('ps -eo'));
}

/** Uploads a hostile build and checks it was refused in time, got nothing and left nothing. */
async function refusedHostile(version: string, code: string, reason: RegExp) {
  const before = {
    files: await everything(releasesDir),
    registry: JSON.stringify(await registryAccess(app).read()),
    checks: await unpackFolders(checkPrefix, ownTmp),
  };
  const started = Date.now();
  const answer = await upload(code, version);
  const took = Date.now() - started;
  expect(answer.status).toBe(400);
  const message = (JSON.parse(answer.text) as { message: string }).message;
  expect(message).toMatch(/does not load/);
  expect(message).toMatch(reason);
  // One bounded line, and none of the API's secrets.
  expect(message).not.toContain('\n');
  expect(message.length).toBeLessThan(500);
  for (const stolen of [JWT_SECRET, CANARY, process.env.DATABASE_URL ?? JWT_SECRET])
    expect(answer.text).not.toContain(stolen);
  expect(took).toBeLessThan((CHECK_SECONDS + 6) * 1000);
  expect(await everything(releasesDir)).toEqual(before.files);
  expect(JSON.stringify(await registryAccess(app).read())).toBe(before.registry);
  expect(await unpackFolders(checkPrefix, ownTmp)).toEqual(before.checks);
  expect(leftoverProcesses()).toEqual([]);
  return message;
}

/** Tries something at load time and throws what happened: 'GOT ...' when it worked, 'DENIED ...' when not. */
const attempt = (what: string, code: string) => `
const fs = require('node:fs');
let outcome;
try { outcome = 'GOT ' + (${code}); } catch (error) { outcome = 'DENIED ${what} ' + (error.code || error.message); }
throw new Error(outcome);
`;

test("it cannot read another process's environment, nor has one of its own", async () => {
  const message = await refusedHostile(
    '2.0.0',
    attempt(
      'environ',
      `fs.readFileSync('/proc/' + process.ppid + '/environ', 'utf8') + fs.readFileSync('/proc/1/environ', 'utf8')`,
    ),
    /DENIED environ/,
  );
  expect(message).not.toMatch(/GOT/);
  const env = await refusedHostile(
    '2.0.1',
    attempt(
      'env',
      `JSON.stringify(Object.keys(process.env).filter((k) => k !== 'PWD')).replace('[]', '') || (() => { throw new Error('empty') })()`,
    ),
    /DENIED env empty/,
  );
  expect(env).not.toMatch(/JWT|DATABASE|SECRET/);
});

test("it cannot read DATA_DIR's secrets nor the repository's files", async () => {
  await refusedHostile(
    '2.1.0',
    attempt('data', `fs.readFileSync(${JSON.stringify(path.join(dataDir, 'secret.txt'))}, 'utf8')`),
    /DENIED data ERR_ACCESS_DENIED/,
  );
  await refusedHostile(
    '2.1.1',
    attempt(
      'repo',
      `fs.readFileSync(${JSON.stringify(path.resolve(__dirname, 'hostile-builds.test.ts'))}, 'utf8')`,
    ),
    /DENIED repo ERR_ACCESS_DENIED/,
  );
  await refusedHostile(
    '2.1.2',
    attempt('listing', `fs.readdirSync('/').join(',')`),
    /DENIED listing ERR_ACCESS_DENIED/,
  );
});

test('it cannot write outside its scratch folder', async () => {
  const outside = path.join(tmpdir(), `hostile-write-${randomBytes(4).toString('hex')}`);
  await refusedHostile(
    '2.2.0',
    attempt(
      'write',
      `fs.writeFileSync(${JSON.stringify(outside)}, 'x'), fs.writeFileSync(${JSON.stringify(path.join(releasesDir, 'evil.txt'))}, 'x')`,
    ),
    /DENIED write ERR_ACCESS_DENIED/,
  );
  await expect(fs.stat(outside)).rejects.toThrow();
  await expect(fs.stat(path.join(releasesDir, 'evil.txt'))).rejects.toThrow();
  // Beside its own files neither.
  await refusedHostile(
    '2.2.1',
    attempt('self', `fs.writeFileSync(__dirname + '/x.js', 'x')`),
    /DENIED self ERR_ACCESS_DENIED/,
  );
});

test('a detached grandchild holding the pipes is never started, and the check ends in time', async () => {
  await refusedHostile(
    '2.3.0',
    attempt(
      'spawn',
      `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '${MARK}'], { detached: true, stdio: 'inherit' }).pid`,
    ),
    /DENIED spawn ERR_ACCESS_DENIED/,
  );
  await refusedHostile(
    '2.3.1',
    attempt(
      'worker',
      `new (require('node:worker_threads').Worker)('setInterval(() => {}, 1000)', { eval: true, argv: ['${MARK}'] }).threadId`,
    ),
    /DENIED worker ERR_ACCESS_DENIED/,
  );
});

test('2 GiB of Buffers are refused by the memory limit', async () => {
  await refusedHostile(
    '2.4.0',
    attempt(
      'memory',
      `(() => { const held = []; for (let i = 0; i < 32; i += 1) held.push(Buffer.alloc(64 * 1024 * 1024, 1)); return held.length; })()`,
    ),
    /DENIED memory|out of memory/i,
  );
});

test('a TCP connection to a port of this machine (the database) fails inside the sandbox', async () => {
  const code = `
const net = require('node:net');
const socket = net.connect(${listenerPort}, '127.0.0.1');
socket.on('connect', () => { throw new Error('GOT a connection'); });
socket.on('error', (error) => { throw new Error('DENIED connect ' + error.code); });
module.exports = { init: () => new Promise(() => undefined), get: async () => () => ({}) };
`;
  await refusedHostile('2.5.0', code, /DENIED connect|did not finish/);
  expect(connections).toBe(0);
});

test('a build that loops forever is killed at the time limit', async () => {
  await refusedHostile('2.6.0', 'for (;;) {}', new RegExp(`did not finish within ${CHECK_SECONDS} s`));
});

test('a build that prints 10 MiB is not heard: only the probe reason comes back', async () => {
  const message = await refusedHostile(
    '2.7.0',
    `const line = 'LEAK'.repeat(1024) + '\\n';
for (let i = 0; i < 1280; i += 1) { process.stdout.write(line); process.stderr.write(line); }
throw new Error('printed ' + 'X'.repeat(100000));`,
    /printed X+…/,
  );
  expect(message).not.toContain('LEAK');
});

test('a second upload while one is being checked is told to wait (429, Retry-After)', async () => {
  const slow = upload('for (;;) {}', '2.8.0');
  // The first holds the slot for the check's whole time limit.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const second = await upload(nodeEntry('module.exports = CONTAINER;'), '2.8.1');
  expect(second.status).toBe(429);
  expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(second.text).toMatch(/Another publish is being checked/);
  // The check being made is in the API's work folder (releases.workDir), and only there.
  expect(await unpackFolders(checkPrefix, ownTmp)).toHaveLength(1);
  expect((await slow).status).toBe(400);
  expect(await unpackFolders(checkPrefix, ownTmp)).toEqual([]);
  // Once the first is done, the next one goes through.
  expect((await upload(nodeEntry('module.exports = CONTAINER;'), '2.8.1')).status).toBe(200);
});
