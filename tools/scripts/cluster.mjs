// @ts-check
// `npm run cluster`: PostgreSQL, two APIs, two site servers and nginx in front on CLUSTER_PORT (default 8080),
// from the same build. docs/cluster.md says what is shared and how.
// `npm run cluster -- deploy` (another terminal): builds what changed, then asks the running cluster on
// CLUSTER_PORT for a rolling deploy of the new build (tools/src/cluster.mjs `deploy`) and prints its steps; exit
// code 1 when it stopped on a failed readiness probe. The cluster listens for it on a loopback port it writes to
// a state file (CLUSTER_STATE_FILE, default <tmp>/metrology-cluster-<port>.json).
import { tmpdir } from 'node:os';
import path from 'node:path';
import './ensure-sandbox.mjs';
import { buildIfNeeded } from '../src/build.mjs';
import { requestDeploy, serveDeploys } from '../src/cluster-control.mjs';

/** @param {string} name @param {number} fallback */
function int(name, fallback) {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a whole number, got '${raw}'`);
  return value;
}

const clusterPort = int('CLUSTER_PORT', 8080);
const stateFile =
  process.env.CLUSTER_STATE_FILE || path.join(tmpdir(), `metrology-cluster-${clusterPort}.json`);

if (process.argv[2] === 'deploy') {
  try {
    const rebuilt = await buildIfNeeded();
    console.log(rebuilt.length ? `Built ${rebuilt.join(', ')}` : 'Build is up to date');
    process.exit((await requestDeploy(stateFile, (text) => process.stdout.write(text))) ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

try {
  const rebuilt = await buildIfNeeded();
  console.log(rebuilt.length ? `Built ${rebuilt.join(', ')}` : 'Build is up to date');
  // Loaded once built: it runs the release platform's compiled code (releases/).
  const { startCluster } = await import('../src/cluster.mjs');
  const cluster = await startCluster({
    port: clusterPort,
    instances: int('CLUSTER_INSTANCES', 2),
    ...(process.env.CLUSTER_DATABASE_URL ? { databaseUrl: process.env.CLUSTER_DATABASE_URL } : {}),
    ...(process.env.RELEASES_DIR ? { releasesDir: process.env.RELEASES_DIR } : {}),
    ...(process.env.CLUSTER_DATA_DIR ? { dataDir: process.env.CLUSTER_DATA_DIR } : {}),
  });
  const list = (/** @type {{ name: string; port: number }[]} */ xs) =>
    xs.map((x) => `${x.name} :${x.port}`).join(', ');
  console.log(
    `\nThe shop is open at ${cluster.url} (nginx in front of ${list(cluster.apis)}; ${list(cluster.sites)})`,
  );
  console.log(
    `Database: ${process.env.CLUSTER_DATABASE_URL ? 'CLUSTER_DATABASE_URL' : 'a throwaway PostgreSQL cluster (removed on stop)'}`,
  );
  console.log(
    `Releases: bundles in ${cluster.releasesDir}, live pointer in PostgreSQL. Publish or roll back with`,
  );
  console.log(
    `  DATABASE_URL=${cluster.databaseUrl} RELEASES_DIR=${cluster.releasesDir} npm run release -- ...`,
  );
  const closeControl = await serveDeploys(cluster, stateFile);
  console.log('A rolling deploy of a new build: npm run cluster -- deploy (in another terminal).');
  console.log('Press Ctrl+C to stop.');
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    closeControl();
    console.log('Stopping the cluster...');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  for (const instance of [...cluster.apis, ...cluster.sites, cluster.nginx]) {
    instance.child.on('exit', (code, signal) => {
      if (!stopping)
        console.error(
          `${instance.name} stopped (${signal ?? `exit code ${code}`}); the others keep serving.`,
        );
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
