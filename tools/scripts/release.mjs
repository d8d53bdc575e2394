// @ts-check
// `npm run release -- publish | preview | rollout | complete | abort | rollback | status | log | repair`; --help for more.
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildHash, buildIfNeeded, run } from '../src/build.mjs';
import { DEFAULT_RELEASES_DIR, ROOT } from '../src/paths.mjs';

// The release platform is TypeScript (releases/): built first when its sources changed, then loaded.
await buildIfNeeded({ only: ['releases'], log: (line) => console.error(line) });
const { currentCommit } = await import('../src/publish-local.mjs');
const { runRelease } = await import('@metrology/releases/cli');
const { openPgRegistryStore } = await import('@metrology/releases/pg-store');
const { findSigningKey } = await import('@metrology/releases/signing-key');

const releasesDir = path.resolve(process.env.RELEASES_DIR ?? DEFAULT_RELEASES_DIR);
// With DATABASE_URL the pointer and history are the cluster's, in PostgreSQL (docs/cluster.md "One release
// pointer for every site server").
const store = process.env.DATABASE_URL
  ? await openPgRegistryStore(process.env.DATABASE_URL, { importFrom: releasesDir }).catch((error) => {
      console.error(`release: cannot open the registry in DATABASE_URL (${error.message})`);
      process.exit(1);
    })
  : undefined;

// Preview links are signed with the site's key: RELEASE_SIGNING_KEY, else the one npm start keeps in DATA_DIR.
const signingKey = await findSigningKey(path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data')));

process.exitCode = await runRelease(process.argv.slice(2), {
  releasesDir,
  signingKey: () => signingKey,
  siteUrl: process.env.SITE_URL || `http://localhost:${process.env.SITE_PORT || 8080}`,
  ...(process.env.RELEASE_ACTOR ? { actor: process.env.RELEASE_ACTOR } : {}),
  ...(store ? { store } : {}),
  // Over the network (docs/releases.md "Ship from your own CI"): the shop's URL and a deploy token.
  ...(process.env.RELEASE_URL ? { releaseUrl: process.env.RELEASE_URL } : {}),
  ...(process.env.RELEASE_TOKEN ? { releaseToken: process.env.RELEASE_TOKEN } : {}),
  ...(process.env.RELEASE_EMAIL && process.env.RELEASE_PASSWORD
    ? { managerLogin: { email: process.env.RELEASE_EMAIL, password: process.env.RELEASE_PASSWORD } }
    : {}),
  packageVersion: async (remote) =>
    JSON.parse(await fs.readFile(path.join(ROOT, remote, 'package.json'), 'utf8')).version,
  // Each publish builds into its own folder: two publishes at once never write the same files, and the
  // remote's dist/ (what `npm start` serves) stays as it is. BUILD_OUTPUT_DIR (make-config.mjs) sends both
  // builds there, the Node one to its server/ folder; webpack's --output-path would put both in one folder.
  build: async (remote) => {
    const distDir = await fs.mkdtemp(path.join(tmpdir(), `release-${remote}-`));
    const cleanup = () => fs.rm(distDir, { recursive: true, force: true });
    try {
      console.error(`Building ${remote} for production (browser and Node builds)...`);
      await run('npm', ['run', 'build', '--silent', '-w', remote], {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, BUILD_OUTPUT_DIR: distDir },
      });
    } catch (error) {
      await cleanup();
      throw new Error(
        `The production build of ${remote} failed (${error instanceof Error ? error.message : error})`,
      );
    }
    return { distDir, cleanup };
  },
  buildHash: (_remote, distDir) => buildHash(distDir),
  commit: currentCommit,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
await store?.close();
