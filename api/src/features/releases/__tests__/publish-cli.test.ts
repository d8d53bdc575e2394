// The release CLI over real HTTP: `npm run release` (tools/scripts/release.mjs, run as a process) makes
// a deploy token as a release manager, then publishes a small generated build with it to an API listening on a
// port, rolls it out, reads the status and the log, and is refused what the token may not do.
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { register, startApp } from '../../../__tests__/helpers/test-app.js';
import { registryAccess } from '../registry-access.js';
import { buildFiles, publishedFileOf, type NodeHalf } from './release-fixtures.js';

const RELEASE_SCRIPT = path.resolve(__dirname, '../../../../../tools/scripts/release.mjs');
let app: FastifyInstance;
let work: string;
let url: string;
let managerEnv: Record<string, string>;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(tmpdir(), 'metrology-publish-cli-'));
  app = await startApp({
    releasesDir: path.join(work, 'releases'),
    releases: { checkSeconds: 0, signingKey: 'publish-cli-test-key', nodeCheckSeconds: 10 },
  });
  const m = await register(app, 'Manager Mia');
  await app.shop.db.query(`UPDATE users SET role = 'release-manager' WHERE email = $1`, [m.email]);
  managerEnv = { RELEASE_EMAIL: m.email, RELEASE_PASSWORD: 'correct horse battery' };
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** The CLI as a team runs it: no RELEASES_DIR of the shop's, no database; only the URL and a token. */
function release(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [RELEASE_SCRIPT, ...args],
      {
        cwd: work,
        env: {
          PATH: process.env.PATH ?? '',
          RELEASES_DIR: path.join(work, 'team-has-no-releases'),
          DATA_DIR: path.join(work, 'team-data'),
          ...env,
        },
        timeout: 60_000,
      },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

async function build(version: string, node: NodeHalf = 'loads'): Promise<string> {
  const dir = path.join(work, `build-${version}`);
  for (const file of buildFiles('mfe-content', version, node)) {
    await fs.mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await fs.writeFile(path.join(dir, file.path), file.data);
  }
  return dir;
}

test('a team publishes, rolls out and reads its remote with a deploy token over HTTP', async () => {
  const made = await release(
    [
      'token',
      'create',
      '--remote',
      'mfe-content',
      '--can',
      'publish,rollout,approve,read',
      '--expires',
      '90d',
      '--name',
      'content CI',
      '--to',
      url,
    ],
    managerEnv,
  );
  expect(made.err).toMatch(/Deploy token content CI \([0-9a-f]{12}\) made/);
  expect(made.code).toBe(0);
  const token = made.out.trim();
  expect(token).toMatch(/^mdt_/);
  const team = { RELEASE_URL: url, RELEASE_TOKEN: token };

  const first = await release(
    ['publish', 'mfe-content', '--version', '1.0.0', '--dist', await build('1.0.0')],
    team,
  );
  expect(first.err).toBe('');
  expect(first.out).toMatch(/Packed mfe-content 1\.0\.0: 4 files/);
  expect(first.out).toMatch(/Published mfe-content 1\.0\.0; it is live now\./);
  expect(first.code).toBe(0);
  const staged = await release(
    ['publish', 'mfe-content', '--version', '1.1.0', '--staged', '--dist', await build('1.1.0'), '--to', url],
    { RELEASE_TOKEN: token },
  );
  expect(staged.out).toMatch(/staged: 1\.0\.0 stays live/);
  expect(
    await publishedFileOf(app, path.join(work, 'releases'), 'mfe-content', '1.1.0', 'static/js/page.js'),
  ).toBe('/* 1.1.0 page */');

  expect((await release(['rollout', 'mfe-content', '1.1.0', '--percent', '20'], team)).out).toMatch(
    /Rolling out mfe-content 1\.1\.0 to 20 %/,
  );
  const status = await release(['status'], team);
  expect(status.out).toMatch(/mfe-content\s+1\.0\.0/);
  expect(status.out).toMatch(/rolling out to 20 %/);
  expect(status.out).not.toMatch(/mfe-catalog/);
  expect((await release(['complete', 'mfe-content'], team)).code).toBe(0);
  expect((await registryAccess(app).read()).remotes['mfe-content']?.current).toBe('1.1.0');

  const log = await release(['log', '--json'], team);
  const actions = JSON.parse(log.out) as { action: string; actor: string }[];
  expect(actions[0]).toMatchObject({
    action: 'rollout-complete',
    actor: expect.stringMatching(/^token:content CI#[0-9a-f]{12}$/),
  });

  // Beyond the token's rights: refused with the API's reason, exit code 1.
  const rollback = await release(['rollback', 'mfe-content', '--to', '1.0.0', '--to', url], {
    RELEASE_TOKEN: token,
  });
  expect(rollback.code).toBe(1);
  expect(rollback.err).toMatch(/This deploy token may not rollback\. \(HTTP 403\)/);
  const catalog = await release(
    ['publish', 'mfe-catalog', '--version', '1.0.0', '--dist', await build('9.9.9')],
    team,
  );
  expect(catalog.code).toBe(1);
  // Checked before anything is sent (the API's 403 for another remote: deploy-tokens.test.ts).
  expect(catalog.err).toMatch(/is a build of 'mfe_content', not of mfe-catalog/);

  // A Node build that throws is refused by the API, and the CLI says why.
  const broken = await release(
    ['publish', 'mfe-content', '--version', '1.2.0', '--dist', await build('1.2.0', 'throws')],
    team,
  );
  expect(broken.code).toBe(1);
  expect(broken.err).toMatch(
    /does not load \(it throws when loaded: this Node build is broken\)\. Nothing was published\./,
  );

  const listed = await release(['token', 'list', '--to', url], managerEnv);
  expect(listed.out).toMatch(
    /content CI {2}remotes: mfe-content {2}can: publish,rollout,approve,read .* last used/,
  );
  const id = /^mdt_([0-9a-f]{12})_/.exec(token)?.[1] ?? '';
  expect((await release(['token', 'revoke', id, '--to', url], managerEnv)).out).toMatch(/is revoked/);
  const after = await release(['status'], team);
  expect(after.code).toBe(1);
  expect(after.err).toMatch(/revoked.*\(HTTP 401\)/);
});

/** A small build of the shell as the publish step checks it: its page, asset list, a chunk and its Node render. */
async function shellBuild(version: string): Promise<string> {
  const dir = path.join(work, `shell-build-${version}`);
  await fs.mkdir(path.join(dir, 'server'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><title>shell ${version}</title>`);
  await fs.writeFile(
    path.join(dir, 'page-assets.json'),
    JSON.stringify({ css: [], js: ['main.0123456789.js'] }),
  );
  await fs.writeFile(path.join(dir, 'main.0123456789.js'), `/* shell ${version} */`);
  await fs.writeFile(path.join(dir, 'server', 'render.js'), 'module.exports.renderPage = async () => ({});');
  return dir;
}

test('the shell is published and rolled back over HTTP with a deploy token scoped to it, and only with one', async () => {
  const made = await release(
    [
      'token',
      'create',
      '--remote',
      'shell',
      '--can',
      'publish,rollback,read',
      '--expires',
      '1d',
      '--name',
      'shell CI',
      '--to',
      url,
    ],
    managerEnv,
  );
  expect(made.code).toBe(0);
  const team = { RELEASE_URL: url, RELEASE_TOKEN: made.out.trim() };

  const first = await release(
    ['publish', 'shell', '--version', '2.0.0', '--dist', await shellBuild('2.0.0')],
    team,
  );
  expect(first.err).toBe('');
  expect(first.out).toMatch(/Published shell 2\.0\.0; it is live now\./);
  const second = await release(
    ['publish', 'shell', '--version', '2.1.0', '--dist', await shellBuild('2.1.0')],
    team,
  );
  expect(second.out).toMatch(/Published shell 2\.1\.0; it is live now \(was 2\.0\.0\)\./);
  expect(await publishedFileOf(app, path.join(work, 'releases'), 'shell', '2.1.0', 'index.html')).toContain(
    'shell 2.1.0',
  );
  // The shell's entry is its own: the remotes the site and the desk read stay the four.
  const registry = await registryAccess(app).read();
  expect(registry.shell?.current).toBe('2.1.0');
  expect(Object.keys(registry.remotes)).not.toContain('shell');

  const status = await release(['status'], team);
  expect(status.out).toMatch(/^shell\s+2\.0\.0\s/m);
  expect(status.out).toMatch(/^\s+2\.1\.0\s.+live$/m);
  expect(status.out).not.toMatch(/mfe-content/);
  const rollback = await release(['rollback', 'shell', '--why', 'menu broken'], team);
  expect(rollback.out).toMatch(/shell 2\.0\.0 is live now \(was 2\.1\.0\)\./);
  expect((await registryAccess(app).read()).shell?.current).toBe('2.0.0');
  const log = JSON.parse((await release(['log', '--json'], team)).out) as {
    action: string;
    remote: string;
    actor: string;
  }[];
  expect(log[0]).toMatchObject({
    action: 'rollback',
    remote: 'shell',
    actor: expect.stringMatching(/^token:shell CI#/),
  });

  // Within the token's rights: a staged shell is refused, and a token for a remote may not touch the shell.
  const staged = await release(['publish', 'shell', '--staged', '--dist', await shellBuild('2.2.0')], team);
  expect(staged.code).toBe(2);
  expect(staged.err).toMatch(/The shell is not rolled out in stages/);
  const other = await release(
    [
      'token',
      'create',
      '--remote',
      'mfe-content',
      '--can',
      'publish,rollback,read',
      '--expires',
      '1d',
      '--name',
      'content only',
      '--to',
      url,
    ],
    managerEnv,
  );
  const content = { RELEASE_URL: url, RELEASE_TOKEN: other.out.trim() };
  const contentStatus = await release(['status', '--json'], content);
  expect(contentStatus.code).toBe(0);
  expect(Object.keys(JSON.parse(contentStatus.out) as object)).toEqual(['mfe-content']);
  const denied = await release(['rollback', 'shell'], content);
  expect(denied.code).toBe(1);
  expect(denied.err).toMatch(/This deploy token may not act on shell\. \(HTTP 403\)/);
  const deniedPublish = await release(
    ['publish', 'shell', '--version', '2.3.0', '--dist', await shellBuild('2.3.0')],
    content,
  );
  expect(deniedPublish.err).toMatch(/This deploy token may not act on shell\. \(HTTP 403\)/);
  expect((await registryAccess(app).read()).shell?.current).toBe('2.0.0');
});
