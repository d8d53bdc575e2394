// @ts-check
// Several instances behind one port: PostgreSQL (throwaway, or the server given), N API processes, N site
// processes and Debian's nginx in front, all from the same build. Used by `npm run cluster`, the fault bench and
// the cluster browser test.
//
// - One database: sessions (the JWT secret is the same for every API), carts, orders and rate-limit counters
//   are shared, so any instance can answer any request.
// - One release pointer and one artifact store: the registry and the published versions' files live in
//   PostgreSQL (registry-store-pg.mjs, artifact-store-pg.mjs); every site instance reads the pointer on each
//   request and fetches a version's files into a cache folder of its own on first need.
// - nginx (config generated into a temporary folder, run in the foreground as our child) routes /api/ and
//   /images/ to the APIs and everything else to the sites, passes X-Request-Id (generating one when missing) and
//   X-Forwarded-For, and retries a request on the other instance when one dies. POSTs are retried only when they
//   carry an Idempotency-Key (order placement), so a retry never repeats a non-idempotent call.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';
import { startProcess, untilAccepting, waitFor } from './child-processes.mjs';
import { NGINX, ensureNginx, isRoot, nginxConfig } from './nginx.mjs';
import { startThrowawayPostgres } from './pg-cluster.mjs';
import { ROOT } from './paths.mjs';
import { publishLocalBuilds, publishShellBuild } from './publish-local.mjs';
import { openPgRegistryStore } from '@metrology/releases/pg-store';
import { ensureSigningKey } from '@metrology/releases/signing-key';
import { SITE_SCRIPT, siteEnvironment, sitePermissionFlags, siteSecretsInput } from './site-process.mjs';
import { ensureSiteRole } from './site-role.mjs';

/** @typedef {import('./child-processes.mjs').Instance} Instance */

/**
 * How the cluster starts a site server: `entry` (site/dist/main.js, or a deploy's) under Node's permission model
 * (reading its code, the shell's build, RELEASES_DIR and its cache folder, writing only the cache folder), with an
 * environment of what it reads taken from `from` (the cluster's) and set here, and its release signing key and its
 * read-only database URL on standard input. The APIs' variables (DATABASE_URL, JWT_SECRET, payment and SMTP keys)
 * never reach it.
 * @param {{ entry: string; sitePort: number; slot?: number; clusterPort: number; releasesDir: string;
 *   cacheDir: string; releaseSigningKey: string; siteDatabaseUrl: string; geoUrl?: string }} options
 * @param {Record<string, string | undefined>} [from]
 * @returns {{ args: string[]; env: Record<string, string>; input: string }}
 */
export function clusterSiteProcess(options, from = process.env) {
  const siteOrigin = `http://localhost:${options.clusterPort}`;
  const flags = sitePermissionFlags({
    shellDir: path.join(ROOT, 'shell/dist'),
    releasesDir: options.releasesDir,
    cacheDir: options.cacheDir,
  });
  return {
    args: [
      ...flags,
      // A deploy's own entry is read too.
      ...(options.entry === SITE_SCRIPT ? [] : [`--allow-fs-read=${path.resolve(options.entry)}`]),
      options.entry,
    ],
    env: siteEnvironment(from, {
      RELEASES_DIR: options.releasesDir,
      TRUST_PROXY: '127.0.0.1,::1',
      SITE_PORT: String(options.sitePort),
      ...(options.slot ? { HANDOVER_PORT: String(options.slot) } : {}),
      SITE_HOST: '127.0.0.1',
      // Each site server its own copy of the versions it serves, fetched from the database (no shared folder);
      // a rolling deploy's new process of site-N takes over site-N's copy.
      SITE_CACHE_DIR: options.cacheDir,
      // The site's public URL is nginx's: /config.json tells browsers and the release CLI (--to the shop's URL)
      // that the API is there, not on this process's own loopback port.
      SITE_URL: siteOrigin,
      API_ON_SITE_ORIGIN: 'true',
      // Server renders and /readyz reach the APIs through nginx: any instance, and none that is gone.
      API_INTERNAL_URL: `http://127.0.0.1:${options.clusterPort}`,
      ...(options.geoUrl ? { GEO_URL: options.geoUrl } : {}),
      SITE_SECRETS: 'stdin',
    }),
    input: siteSecretsInput({
      releaseSigningKey: options.releaseSigningKey,
      databaseUrl: options.siteDatabaseUrl,
    }),
  };
}

/**
 * @typedef {object} ClusterOptions
 * @property {number} [port] nginx's port (default 8080)
 * @property {string} [host] nginx's address (default 0.0.0.0)
 * @property {number} [instances] API and site processes each (default 2)
 * @property {string} [databaseUrl] an existing PostgreSQL database; default a throwaway cluster
 * @property {string} [releasesDir] the shared folder of published bundles
 * @property {string} [dataDir] the APIs' shared folder (uploaded resumes) and the cluster's JWT secret
 * @property {Record<string, string>} [apiEnv] more variables for the APIs
 * @property {'inherit' | 'ignore'} [output] the processes' logs (default inherit)
 * @property {string} [geoUrl]
 * @property {string} [nginxErrorLog] a file for nginx's warnings and errors (default its stderr): the fault bench
 *   counts why nginx retried or failed a request
 */

/** @param {ClusterOptions} [options] */
export async function startCluster(options = {}) {
  ensureNginx();
  for (const file of ['api/dist/main.js', 'site/dist/main.js', 'shell/dist/index.html']) {
    if (!existsSync(path.join(ROOT, file)))
      throw new Error(`The cluster runs the build; run 'npm run build' first (missing ${file})`);
  }
  const output = options.output ?? 'inherit';
  const count = options.instances ?? 2;
  /** @type {(() => Promise<void>)[]} */
  const cleanups = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  // A throwaway database goes with throwaway folders (its registry would not know their versions); a lasting
  // database (databaseUrl) keeps its bundles and uploads in ./releases-cluster and ./data-cluster.
  const work = options.databaseUrl ? null : mkdtempSync(path.join(tmpdir(), 'metrology-cluster-'));
  if (work) cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
  const releasesDir = path.resolve(
    options.releasesDir ?? (work ? path.join(work, 'releases') : path.join(ROOT, 'releases-cluster')),
  );
  const dataDir = path.resolve(
    options.dataDir ?? (work ? path.join(work, 'data') : path.join(ROOT, 'data-cluster')),
  );
  mkdirSync(dataDir, { recursive: true });

  try {
    let databaseUrl = options.databaseUrl;
    /** @type {Awaited<ReturnType<typeof startThrowawayPostgres>> | undefined} */
    let pg;
    if (!databaseUrl) {
      pg = await startThrowawayPostgres({ log: 'ignore' });
      cleanups.push(() => /** @type {NonNullable<typeof pg>} */ (pg).stop());
      databaseUrl = pg.url;
    }

    // One secret for every API: a token issued by one is accepted by the others.
    const secretFile = path.join(dataDir, 'jwt-secret');
    const jwtSecret =
      process.env.JWT_SECRET ||
      (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : '') ||
      (() => {
        const secret = randomBytes(32).toString('hex');
        writeFileSync(secretFile, `${secret}\n`, { mode: 0o600 });
        return secret;
      })();

    const store = await openPgRegistryStore(databaseUrl, { importFrom: releasesDir });
    cleanups.push(() => store.close());
    // The site servers' own role: it may only read the release tables (made now that they exist).
    const siteDatabaseUrl =
      process.env.SITE_DATABASE_URL || (await ensureSiteRole(databaseUrl, { dataDir })).url;
    await publishLocalBuilds(releasesDir, { store, log: (line) => console.log(`cluster: ${line}`) });

    const port = options.port ?? 8080;
    const siteOrigin = `http://localhost:${port}`;
    // Each instance's port is free when drawn but taken only when its process listens: never one drawn already
    // (nginx's own port among them), or two processes started close together could draw the same one.
    const drawn = new Set([port]);
    const instancePort = async () => {
      let candidate = await freePort();
      while (drawn.has(candidate)) candidate = await freePort();
      drawn.add(candidate);
      return candidate;
    };
    // Preview links and page tokens: one key for every site and API (made once in DATA_DIR when unset).
    const releaseSigningKey = await ensureSigningKey(dataDir);
    /** @type {NodeJS.ProcessEnv} */
    const common = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      RELEASES_DIR: releasesDir,
      TRUST_PROXY: '127.0.0.1,::1',
      SITE_PORT: String(port),
      RELEASE_SIGNING_KEY: releaseSigningKey,
      ...(options.geoUrl ? { GEO_URL: options.geoUrl } : {}),
    };

    /**
     * An API process of the build in `entry` on a free port (api-N keeps its name across deploys); with `slot`,
     * the port nginx knows that it takes over on SIGUSR2 in a rolling deploy (HANDOVER_PORT).
     * @param {number} i @param {string} [entry] @param {number} [slot]
     */
    const startApi = async (i, entry = path.join(ROOT, 'api/dist/main.js'), slot) => {
      const apiPort = await instancePort();
      const api = startProcess(
        `api-${i}`,
        apiPort,
        [entry],
        {
          ...common,
          API_PORT: String(apiPort),
          ...(slot ? { HANDOVER_PORT: String(slot) } : {}),
          DATA_DIR: dataDir,
          JWT_SECRET: jwtSecret,
          SITE_ORIGIN: siteOrigin,
          CORS_ORIGINS: process.env.CORS_ORIGINS ?? `${siteOrigin},http://127.0.0.1:${port}`,
          ...options.apiEnv,
        },
        output,
      );
      cleanups.push(() => api.stop());
      return api;
    };
    /** @type {Instance[]} */
    const apis = [];
    for (let i = 1; i <= count; i += 1) {
      const api = await startApi(i);
      apis.push(api);
      // One at a time: the first migrates and seeds, the others find it done.
      await waitFor(`http://127.0.0.1:${api.port}/api/health`, 120_000, api.alive, api.name, api.why);
    }

    /** site-N's own copy of the versions it serves (SITE_CACHE_DIR). @param {number} i */
    const siteCacheDir = (i) => path.join(work ?? dataDir, `site-${i}-cache`);
    /**
     * A site server process running `entry` (site/dist/main.js) on a free port; `slot` as for startApi.
     * @param {number} i @param {string} [entry] @param {number} [slot]
     */
    const startSite = async (i, entry = SITE_SCRIPT, slot) => {
      const sitePort = await instancePort();
      const spec = clusterSiteProcess({
        entry,
        sitePort,
        ...(slot ? { slot } : {}),
        clusterPort: port,
        releasesDir,
        cacheDir: siteCacheDir(i),
        releaseSigningKey,
        siteDatabaseUrl,
        ...(options.geoUrl ? { geoUrl: options.geoUrl } : {}),
      });
      const site = startProcess(
        `site-${i}`,
        sitePort,
        spec.args,
        spec.env,
        output,
        process.execPath,
        spec.input,
      );
      cleanups.push(() => site.stop());
      return site;
    };
    /** @type {Instance[]} */
    const sites = [];
    for (let i = 1; i <= count; i += 1) sites.push(await startSite(i));
    for (const site of sites) {
      await waitFor(`http://127.0.0.1:${site.port}/healthz`, 60_000, site.alive, site.name, site.why);
    }

    const nginxDir = mkdtempSync(path.join(tmpdir(), 'metrology-nginx-'));
    cleanups.push(async () => rmSync(nginxDir, { recursive: true, force: true }));
    /** @type {string | undefined} */
    let user;
    for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(path.join(nginxDir, sub));
    if (isRoot()) {
      // nginx's workers drop root; they need to write their temporary files.
      const uid = Number(execFileSync('id', ['-u', 'nobody']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'nobody']).toString().trim());
      for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
        chownSync(path.join(nginxDir, sub), uid, gid);
      // ...and to reach them: mkdtemp's folder is 0700 (a request body nginx buffers to disk, such as a release
      // pack, was a 500 'Permission denied').
      chmodSync(nginxDir, 0o711);
      user = `nobody ${execFileSync('id', ['-gn', 'nobody']).toString().trim()}`;
    }
    const config = path.join(nginxDir, 'nginx.conf');
    // Written once: a rolling deploy hands each instance's port to its replacement, so nginx is never reloaded
    // (a reload makes its old workers drop their idle client connections, which clients see as failures).
    writeFileSync(
      config,
      nginxConfig({
        dir: nginxDir,
        listen: `${options.host ?? '0.0.0.0'}:${port}`,
        apiPorts: apis.map((a) => a.port),
        sitePorts: sites.map((s) => s.port),
        ...(user ? { user } : {}),
        ...(options.nginxErrorLog ? { errorLog: options.nginxErrorLog } : {}),
      }),
    );
    const nginx = startProcess(
      'nginx',
      port,
      ['-p', nginxDir, '-c', config, '-e', 'stderr'],
      process.env,
      output,
      NGINX,
    );
    cleanups.push(() => nginx.stop('SIGQUIT'));
    await waitFor(`http://127.0.0.1:${port}/healthz`, 30_000, nginx.alive, 'nginx', nginx.why);
    await waitFor(`http://127.0.0.1:${port}/api/health`, 30_000, nginx.alive, 'nginx', nginx.why);

    let deploying = false;
    /**
     * A rolling deploy of the build on disk (or the entries given): the APIs, then the site servers, one at a
     * time; then the shell's new build is published as a new version and its pointer moves (no folder being
     * served is rebuilt: the site servers serve the shell from the store). Each new process starts on a port of its own and must pass its readiness probe there; then the old
     * one is sent SIGTERM (it stops listening at once and drains), and the new one, sent SIGUSR2, takes over the
     * instance's port, the one nginx knows: nginx is never reloaded, and in the moment between, connections to
     * that port are refused, which nginx retries on another instance. A new process that is not ready in time
     * is stopped and the deploy ends there, every instance not yet replaced still serving.
     * @param {{ log?: (line: string) => void; apiEntry?: string; siteEntry?: string; readyTimeoutMs?: number; shellDist?: string }} [deployOptions]
     *   shellDist: the shell build to release (default shell/dist)
     * @returns {Promise<{ ok: boolean; replaced: string[] }>}
     */
    const deploy = async (deployOptions = {}) => {
      const log = deployOptions.log ?? ((line) => console.log(line));
      if (deploying) throw new Error('A deploy is already under way');
      deploying = true;
      /** @type {string[]} */
      const replaced = [];
      try {
        const kinds = /** @type {const} */ ([
          { list: apis, start: startApi, entry: deployOptions.apiEntry, probe: '/api/health/ready' },
          { list: sites, start: startSite, entry: deployOptions.siteEntry, probe: '/readyz' },
        ]);
        for (const kind of kinds) {
          for (let i = 0; i < kind.list.length; i += 1) {
            const old = /** @type {Instance} */ (kind.list[i]);
            const slot = old.port;
            const fresh = await kind.start(i + 1, kind.entry, slot);
            log(
              `${old.name}: started the new build on :${fresh.port}; waiting for ${fresh.port}${kind.probe}`,
            );
            try {
              await waitFor(
                `http://127.0.0.1:${fresh.port}${kind.probe}`,
                deployOptions.readyTimeoutMs ?? 60_000,
                fresh.alive,
                `${fresh.name} (new, :${fresh.port})`,
                fresh.why,
              );
            } catch (error) {
              await fresh.stop('SIGKILL');
              const serving = [...apis, ...sites].map((x) => `${x.name} :${x.port}`).join(', ');
              log(
                `${old.name}: the new build is not ready (${error instanceof Error ? error.message : error}).`,
              );
              log(`Deploy stopped; nothing else changed. Serving: ${serving}`);
              return { ok: false, replaced };
            }
            log(
              `${old.name}: the new build is ready; the old process (pid ${old.child.pid}) lets go of :${slot}`,
            );
            const drainStarted = Date.now();
            const oldStopped = old.stop('SIGTERM');
            if (!(await untilAccepting(slot, false))) {
              log(`${old.name}: the old process still holds :${slot} after 5 s; stopping the deploy`);
              await fresh.stop('SIGTERM');
              return { ok: false, replaced };
            }
            fresh.child.kill('SIGUSR2');
            if (!(await untilAccepting(slot, true))) {
              log(
                `${old.name}: the new process did not take :${slot}; nginx sends its traffic to the others`,
              );
              return { ok: false, replaced };
            }
            kind.list[i] = { ...fresh, port: slot };
            log(`${old.name}: the new process (pid ${fresh.child.pid}) serves :${slot}; the old one drains`);
            await oldStopped;
            log(
              `${old.name}: old process stopped after ${((Date.now() - drainStarted) / 1000).toFixed(1)} s`,
            );
            replaced.push(old.name);
          }
        }
        // The shell is released, not rebuilt where it is served: its new build becomes a version in the store and
        // its pointer moves; every site server serves it on its next request (and older pages keep their chunks).
        try {
          await publishShellBuild(releasesDir, {
            store,
            log,
            ...(deployOptions.shellDist ? { distDir: deployOptions.shellDist } : {}),
          });
        } catch (error) {
          log(`shell: the new build was not published (${error instanceof Error ? error.message : error})`);
          return { ok: false, replaced };
        }
        log(`Deploy done: ${replaced.join(', ')} run the new build.`);
        return { ok: true, replaced };
      } finally {
        deploying = false;
      }
    };

    return {
      url: `http://localhost:${port}`,
      port,
      databaseUrl,
      releasesDir,
      dataDir,
      store,
      apis,
      sites,
      siteCacheDir,
      nginx,
      nginxConfig: config,
      deploy,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
