// One whole shop for the browser tests, started as `npm start` starts one (tools/src/launch.mjs): the built API on
// its embedded database in a fresh DATA_DIR, the site serving a releases folder of the local builds, a geolocation
// stand-in and, when asked, a real SMTP server that catches the API's mail. All of it lives in a temporary folder
// of its own. The global setup starts one per worker; a spec that needs settings the run's shops do not have starts
// one of its own (support/own-shop.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from '../../tools/src/launch.mjs';
import { freePort } from '../../tools/src/free-port.mjs';
import { startMailCatcher } from '../../tools/src/mail-catcher.mjs';
import { publishLocalBuilds } from '../../tools/src/publish-local.mjs';
import { createAccount, type Account } from './back-office-accounts';
import { startGeoStandIn } from './geo-stand-in';
import type { Stack } from './stacks';

export interface ShopSettings {
  /** Names the shop's temporary folder. */
  name: string;
  /** The site's and the API's ports; two free ones when not given. */
  ports?: readonly [number, number];
  /** Back-office accounts made on its database before the API starts. */
  accounts: readonly Account[];
  /** Whether the API delivers its outbox to a mail catcher (support/mail.ts reads what it caught). */
  mail: boolean;
  /** Variables the site process reads (tools/src/site-process.mjs lists them), set only while it starts. */
  siteEnv?: Record<string, string | undefined>;
  /** More variables for the API. */
  apiEnv?: Record<string, string>;
  /** Whether the API's log goes to this process's output (it is dropped otherwise). */
  apiLogs: boolean;
}

export interface RunningShop extends Stack {
  /** Ends the shop's processes and removes its folder. */
  stop: () => Promise<void>;
}

/** Sets environment variables (undefined removes one) and answers what they were. */
function setEnv(values: Record<string, string | undefined>): Record<string, string | undefined> {
  const before = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return before;
}

/** Two different free ports (one asked for after another may come back again). */
async function twoPorts(): Promise<[number, number]> {
  const site = await freePort();
  let api = await freePort();
  while (api === site) api = await freePort();
  return [site, api];
}

export async function startShop(settings: ShopSettings): Promise<RunningShop> {
  const work = mkdtempSync(path.join(tmpdir(), `metrology-e2e-${settings.name}-`));
  const releasesDir = path.join(work, 'releases');
  const dataDir = path.join(work, 'data');
  const closers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const close of closers.reverse()) await close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await publishLocalBuilds(releasesDir, { log: () => undefined });
    for (const account of settings.accounts) createAccount(account, { DATA_DIR: dataDir });
    const geo = await startGeoStandIn();
    closers.push(geo.close);
    const mail = settings.mail
      ? await startMailCatcher({ directory: path.join(work, 'caught-mail') })
      : undefined;
    if (mail) closers.push(mail.close);
    const [sitePort, apiPort] = settings.ports ?? (await twoPorts());
    // The launcher reads the site's settings from the environment: set for the start, then put back as they were.
    const before = setEnv(settings.siteEnv ?? {});
    try {
      const running = await launch({
        sitePort,
        apiPort,
        dataDir,
        releasesDir,
        geoUrl: geo.url,
        apiOutput: settings.apiLogs ? 'inherit' : 'ignore',
        apiEnv: {
          RATE_LIMIT_MAX: '1000',
          NODE_ENV: 'test',
          ...(mail ? { SMTP_URL: mail.url, CAUGHT_MAIL_DIR: mail.directory } : {}),
          ...settings.apiEnv,
        },
      });
      closers.push(running.stop);
      return {
        url: running.siteUrl,
        apiUrl: running.apiUrl,
        releasesDir,
        workDir: work,
        dataDir,
        mailDir: mail?.directory ?? path.join(work, 'no-mail'),
        geoControlUrl: geo.controlUrl,
        stop,
      };
    } finally {
      setEnv(before);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
