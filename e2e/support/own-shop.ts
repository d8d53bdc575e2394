// A shop of a spec's own (support/start-shop.ts), for specs that need settings the run's shops do not have: no
// trusted balancer, or every session in the speed sample.
import type { Account } from './back-office-accounts';
import type { Site } from './fixtures';
import { startShop } from './start-shop';

export interface OwnShopOptions {
  /** Names the shop's temporary folder. */
  name: string;
  /** Whether the site and the API believe X-Forwarded-For from loopback, as the run's shops do. */
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

/** Starts the shop (no mail catcher; its geolocation answer stays 'US'); `stop` ends it and removes its folder. */
export async function startOwnShop(options: OwnShopOptions): Promise<OwnShop> {
  const { stop, ...stack } = await startShop({
    name: options.name,
    accounts: options.accounts ?? [],
    mail: false,
    siteEnv: { TRUST_PROXY: options.trustLoopbackProxy ? 'loopback' : undefined, ...options.siteEnv },
    apiEnv: options.apiEnv,
    apiLogs: Boolean(process.env.E2E_OWN_SHOP_LOG),
  });
  return {
    stop,
    shop: { ...stack, setCountry: async () => undefined, failGeoLookup: async () => undefined },
  };
}
