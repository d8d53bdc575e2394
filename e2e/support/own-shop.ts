// A shop of a spec's own, started as `npm start` starts one (tools/src/launch.mjs: the API on its embedded database,
// the site serving a releases folder of the local builds), for specs that need settings the run's stacks do not
// have: no trusted balancer, or every session in the speed sample.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from '../../tools/src/launch.mjs';
import { freePort } from '../../tools/src/free-port.mjs';
import { publishLocalBuilds } from '../../tools/src/publish-local.mjs';
import { createAccount, type Account } from './back-office-accounts';
import { startGeoStandIn } from './geo-stand-in';
import type { Site } from './fixtures';

export interface OwnShopOptions {
  /** Names the shop's temporary folder. */
  name: string;
  /** Whether the site and the API believe X-Forwarded-For from loopback, as the run's stacks do. */
  trustLoopbackProxy: boolean;
  /** Variables the site process reads (tools/src/site-process.mjs lists them), set while it starts. */
  siteEnv?: Record<string, string>;
  /** More variables for the API. */
  apiEnv?: Record<string, string>;
  /** Back-office accounts made on its database before the API starts. */
  accounts?: readonly Account[];
}

export interface OwnShop {
  shop: Site;
  stop: () => Promise<void>;
}

/** Starts the shop; `stop` ends its processes and removes its folder. */
export async function startOwnShop(options: OwnShopOptions): Promise<OwnShop> {
  const work = mkdtempSync(path.join(tmpdir(), `metrology-e2e-${options.name}-`));
  const releasesDir = path.join(work, 'releases');
  const dataDir = path.join(work, 'data');
  const closers: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const close of closers.reverse()) await close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await publishLocalBuilds(releasesDir, { log: () => undefined });
    for (const account of options.accounts ?? []) createAccount(account, { DATA_DIR: dataDir });
    const geo = await startGeoStandIn();
    closers.push(geo.close);
    const sitePort = await freePort();
    let apiPort = await freePort();
    while (apiPort === sitePort) apiPort = await freePort();
    // The launcher reads the site's settings from the environment: set for the start, then put back as they were.
    const changed: Record<string, string | undefined> = {
      TRUST_PROXY: options.trustLoopbackProxy ? 'loopback' : undefined,
      ...options.siteEnv,
    };
    const before = Object.fromEntries(Object.keys(changed).map((name) => [name, process.env[name]]));
    const set = (values: Record<string, string | undefined>) => {
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    };
    set(changed);
    try {
      const running = await launch({
        sitePort,
        apiPort,
        dataDir,
        releasesDir,
        geoUrl: geo.url,
        apiOutput: process.env.E2E_OWN_SHOP_LOG ? 'inherit' : 'ignore',
        apiEnv: { RATE_LIMIT_MAX: '1000', NODE_ENV: 'test', ...options.apiEnv },
      });
      closers.push(running.stop);
      return {
        stop,
        shop: {
          url: running.siteUrl,
          apiUrl: running.apiUrl,
          releasesDir,
          workDir: work,
          dataDir,
          mailDir: path.join(work, 'no-mail'),
          geoControlUrl: geo.controlUrl,
          setCountry: async () => undefined,
          failGeoLookup: async () => undefined,
        },
      };
    } finally {
      set(before);
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
