// @ts-check
// `npm start`: build what changed, publish the remotes, start the API on its database and serve the shop.
import path from 'node:path';
import './ensure-sandbox.mjs';
import { buildIfNeeded } from '../src/build.mjs';
import { startMailCatcher } from '../src/mail-catcher.mjs';
import { DEFAULT_RELEASES_DIR, ROOT } from '../src/paths.mjs';

/** @param {string} name @param {number} fallback */
function port(name, fallback) {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a port number, got '${raw}'`);
  return value;
}

async function main() {
  const sitePort = port('SITE_PORT', 8080);
  const apiPort = port('API_PORT', 4000);
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
  const releasesDir = path.resolve(process.env.RELEASES_DIR ?? DEFAULT_RELEASES_DIR);
  const deliveryFee = Number(process.env.DELIVERY_FEE ?? 10);
  if (!Number.isFinite(deliveryFee) || deliveryFee < 0)
    throw new Error('DELIVERY_FEE must be a number of 0 or more');

  const started = Date.now();
  const rebuilt = await buildIfNeeded();
  console.log(
    rebuilt.length
      ? `Built ${rebuilt.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`
      : 'Build is up to date',
  );
  // Loaded once built: they run the release platform's and the site's compiled code (releases/, site/).
  const { DEFAULT_GEO_URL, launch } = await import('../src/launch.mjs');
  const { publishForStart } = await import('../src/publish-local.mjs');
  try {
    // With DATABASE_URL into PostgreSQL, the registry the site servers read then; else into registry.json.
    await publishForStart(releasesDir, { databaseUrl: process.env.DATABASE_URL });
  } catch (error) {
    // A damaged registry (or a full disk) must not keep the shop closed: serve what is published.
    console.error(
      `WARNING: publishing the local builds failed: ${error instanceof Error ? error.message : error}\nThe shop starts with the releases already published; see 'npm run release -- status'.`,
    );
  }

  // Without SMTP_URL nothing leaves the machine: a local catcher keeps the shop's e-mails for the back office.
  const catcher = process.env.SMTP_URL
    ? undefined
    : await startMailCatcher({ directory: path.join(dataDir, 'caught-mail') });
  const running = await launch({
    sitePort,
    apiPort,
    dataDir,
    releasesDir,
    databaseUrl: process.env.DATABASE_URL,
    geoUrl: process.env.GEO_URL ?? DEFAULT_GEO_URL,
    deliveryFee,
    ...(catcher ? { apiEnv: { SMTP_URL: catcher.url, CAUGHT_MAIL_DIR: catcher.directory } } : {}),
  });
  console.log(
    `\nThe shop is open at ${running.siteUrl}  (API ${running.apiUrl}, data in ${dataDir}, releases in ${releasesDir})`,
  );
  console.log(
    catcher
      ? `E-mails are caught locally (SMTP_URL is not set): staff read them at ${running.siteUrl}/back-office/mail (files in ${catcher.directory})`
      : `E-mails go to ${new URL(process.env.SMTP_URL ?? '').host}`,
  );
  console.log('Press Ctrl+C to stop.');
  const stop = async () => {
    await running.stop();
    await catcher?.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A crashed API or site is restarted by the supervisor in launch.mjs (logged on stderr).
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
