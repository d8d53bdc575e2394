// One server render: the route's section page from its live version's Node build (or an older good one), the
// page's data fetched through the shop's RTK Query endpoints into a store of its own, and the HTML.
import { StrictMode, type ComponentType, type ReactElement } from 'react';
import { existsSync } from 'node:fs';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter, matchPath } from '@metrology/shared/router';
import {
  HeadCollectorProvider,
  ShopProviders,
  configureApiCalls,
  createHeadCollector,
  createShopStore,
  headTags,
  parseCartCookie,
  setRuntimeConfig,
  shopApi,
  type HeadCollector,
  type PageHead,
  type RootState,
  type RuntimeConfig,
  type ShopStore,
} from '@metrology/shared';
import { fallbackOrder, type Registry } from '@metrology/shared/release';
import { SiteLayout, type ReleasePreview } from '../app';
import { ROUTES, type RemoteName, type SectionRoute } from '../routes/route-table';
import { CLIENT_SECTION_DIGEST, ServerSectionsContext } from '../remotes/server-sections';
import { exposedModule, serverEntryFile } from './section-containers';

/** A page whose data asks for more data (a product, then its related ones) is rendered at most this often. */
export const MAX_DATA_PASSES = 4;
/** A render that has not finished by then is cut short: its unfinished parts are left to the browser. */
const RENDER_DEADLINE_MS = 5_000;
/** The server's calls to the API: no retries, a short deadline. An API that does not answer costs a page little. */
configureApiCalls({ retryDelaysMs: [], deadlineMs: 3_000 });

export interface RenderRequest {
  /** Path and query, e.g. /products?company=Mahr */
  url: string;
  /** The run-time config the browser gets (apiBaseUrl as browsers reach it). */
  config: RuntimeConfig;
  /** Where this server reaches the API. */
  apiInternalUrl: string;
  /** The live registry, as the site serves it now. */
  registry: Registry;
  releasesDir: string;
  /** Decided by the site server from the visitor's address (SPEC section 1). */
  indianUser: boolean;
  /** The cart cookie's value (ids and quantities), read only to render the badge and /cart. */
  cartCookie?: string;
  /** A release manager's preview of a version not live, when this visitor has a valid one. */
  preview?: ReleasePreview | null;
}

export interface SectionRender {
  remote: RemoteName;
  module: string;
  /** The version whose Node build rendered the section, or null when the browser renders it. */
  version: string | null;
}

/** What the browser needs to hydrate the page without fetching its data again. */
export interface ShopData {
  config: RuntimeConfig;
  registry: Registry;
  state: Partial<RootState>;
  /** remote -> the version the server rendered: the browser starts from the same one. */
  sections: Partial<Record<RemoteName, string>>;
  /** The version this browser previews (a banner names it), or null. */
  preview: ReleasePreview | null;
}

export interface RenderResult {
  status: number;
  /** The markup of #root. */
  html: string;
  head: PageHead;
  /** The head's tags, escaped: title, description, canonical, Open Graph, JSON-LD. */
  headTags: string;
  data: ShopData;
  section: SectionRender | null;
  /** Failures met on the way (versions that could not be loaded or threw), for the site's log. */
  problems: string[];
  /** The versions that failed on the server (their Node build did not load or threw): a rollout's health counts them. */
  failed: { remote: RemoteName; version: string }[];
}

const SHELL_PATHS = ['/releases', '/back-office/*', '/reset-password', '/verify-email'];

function sectionRouteOf(pathname: string): SectionRoute | undefined {
  return ROUTES.find((route) => matchPath(route.path, pathname));
}

/**
 * React's HTML for one tree, once everything in it (lazy parts included) is ready: a prerender writes every
 * boundary in place, so the page needs no script to be complete (JavaScript off, crawlers).
 */
async function renderToText(element: ReactElement, onError: (error: unknown) => void): Promise<string> {
  const controller = new AbortController();
  const deadline = setTimeout(
    () => controller.abort(new Error('the render took too long')),
    RENDER_DEADLINE_MS,
  );
  try {
    const { prelude } = await prerenderToNodeStream(element, {
      signal: controller.signal,
      // Never outline a large boundary to be swapped in by script: the whole page in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error) {
        const digest = (error as { digest?: unknown } | null)?.digest;
        if (digest === CLIENT_SECTION_DIGEST) return CLIENT_SECTION_DIGEST;
        onError(error);
        return undefined;
      },
    });
    let html = '';
    for await (const chunk of prelude)
      html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString();
    return html;
  } finally {
    clearTimeout(deadline);
  }
}

/** Only what the browser can use: answered queries (data or error), no subscriptions, the anonymous view. */
function stateForBrowser(state: RootState): Partial<RootState> {
  const queries = Object.fromEntries(
    Object.entries(state.api.queries).filter(
      ([, query]) => query?.status === 'fulfilled' || query?.status === 'rejected',
    ),
  );
  return {
    api: { ...state.api, queries, mutations: {}, subscriptions: {} },
    geo: state.geo,
    // The browser starts as the server rendered, anonymous; the session stored there comes in after hydration.
    auth: state.auth,
    cart: state.cart,
  } as Partial<RootState>;
}

function siteTree(
  url: string,
  store: ShopStore,
  collector: HeadCollector,
  page: { route: SectionRoute; component: ComponentType | null } | null,
  preview: ReleasePreview | null,
): ReactElement {
  const sections = {
    page: (remote: RemoteName, module: string) =>
      page && page.route.remote === remote && page.route.module === module ? page.component : null,
  };
  return (
    <StrictMode>
      <ShopProviders store={store}>
        <HeadCollectorProvider collector={collector}>
          <ServerSectionsContext.Provider value={sections}>
            <StaticRouter location={url}>
              <SiteLayout preview={preview} />
            </StaticRouter>
          </ServerSectionsContext.Provider>
        </HeadCollectorProvider>
      </ShopProviders>
    </StrictMode>
  );
}

interface Attempt {
  html: string;
  store: ShopStore;
  head: PageHead;
  errors: unknown[];
}

/** Renders until a render starts no new query: that render is the page, with its data in. */
async function renderWithData(
  request: RenderRequest,
  page: { route: SectionRoute; component: ComponentType | null } | null,
): Promise<Attempt> {
  const store = createShopStore({
    geo: { isIndianUser: request.indianUser, lookup: 'done' },
    auth: { token: null },
    // The browser's copy of its cart, for the badge and /cart; without one the cart is empty (a first visit).
    cart: { items: parseCartCookie(request.cartCookie), status: 'cookie' },
  });
  for (let pass = 1; ; pass += 1) {
    const errors: unknown[] = [];
    const collector = createHeadCollector();
    const html = await renderToText(
      siteTree(request.url, store, collector, page, request.preview ?? null),
      (error) => errors.push(error),
    );
    const running = store.dispatch(shopApi.util.getRunningQueriesThunk());
    if (running.length === 0 || pass >= MAX_DATA_PASSES || errors.length > 0) {
      return { html, store, head: collector.head, errors };
    }
    await Promise.all(running);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function renderPage(request: RenderRequest): Promise<RenderResult> {
  setRuntimeConfig({ ...request.config, serverApiBaseUrl: request.apiInternalUrl });
  (globalThis as { __METROLOGY_SITE_ORIGIN__?: string }).__METROLOGY_SITE_ORIGIN__ =
    request.config.siteOrigin;
  const pathname = new URL(request.url, 'http://site.invalid').pathname;
  const route = sectionRouteOf(pathname);
  const known = Boolean(route) || SHELL_PATHS.some((pattern) => matchPath(pattern, pathname));
  const problems: string[] = [];
  const failed: { remote: RemoteName; version: string }[] = [];
  let attempt: Attempt | null = null;
  let section: SectionRender | null = null;

  if (route) {
    const entry = request.registry.remotes[route.remote];
    const versions = entry?.current ? fallbackOrder(entry) : [];
    if (!versions.length) problems.push(`${route.remote} has no live release`);
    // The live version first; a version whose Node build fails to load or throws gives way to the last good
    // one, as in the browser. A version with no Node build at all is left to the browser.
    for (const version of versions) {
      const entryFile = serverEntryFile(request.releasesDir, route.remote, version);
      if (!existsSync(entryFile)) {
        // A release without a Node build: the browser renders its section, in the same version.
        problems.push(`${route.remote} ${version} has no Node build; the browser renders its section`);
        break;
      }
      let component: ComponentType;
      try {
        const loaded = (await exposedModule(entryFile, route.module)) as { default?: unknown } | null;
        if (typeof loaded?.default !== 'function') throw new Error(`it has no page ${route.module}`);
        component = loaded.default as ComponentType;
      } catch (error) {
        problems.push(
          `${route.remote} ${version}: the server build could not be loaded (${describe(error)})`,
        );
        failed.push({ remote: route.remote, version });
        continue;
      }
      const rendered = await renderWithData(request, { route, component });
      if (rendered.errors.length === 0) {
        attempt = rendered;
        section = { remote: route.remote, module: route.module, version };
        break;
      }
      problems.push(`${route.remote} ${version} threw while rendering (${describe(rendered.errors[0])})`);
      failed.push({ remote: route.remote, version });
    }
    if (!attempt) {
      // No version renders on the server: the browser renders the section.
      attempt = await renderWithData(request, { route, component: null });
      section = { remote: route.remote, module: route.module, version: null };
    }
  } else {
    attempt = await renderWithData(request, null);
  }
  for (const error of attempt.errors) problems.push(`the page threw while rendering (${describe(error)})`);

  return {
    status: known ? 200 : 404,
    html: attempt.html,
    head: attempt.head,
    headTags: headTags(attempt.head, request.config.siteOrigin),
    data: {
      config: request.config,
      registry: request.registry,
      state: stateForBrowser(attempt.store.getState()),
      sections: section?.version ? { [section.remote]: section.version } : {},
      preview: request.preview ?? null,
    },
    section,
    problems,
    failed,
  };
}
