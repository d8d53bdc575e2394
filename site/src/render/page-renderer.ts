// The site server's page render: the live shell version's Node build (<shell>/server/render.js, from the release
// store; shell/dist only while no shell is published) renders the route with the live remotes' Node builds; this
// wraps its HTML into the served document.
import path from 'node:path';
import { promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import { fallbackOrder, registryForVisitor } from '@metrology/shared/release';
import { CART_COOKIE } from '@metrology/shared/rules';
import { composeDocument } from './document.js';
import { cookieValue } from './visitor.js';
import { createShellSource } from '../shell-versions.js';
import type { ShellSource } from '../shell-versions.js';
import type { VersionFiles } from '../version-files.js';
import type { Visitor } from './visitor.js';
import type { Registry } from '@metrology/shared/contracts';

const require = createRequire(import.meta.url);

export interface ShellRender {
  status: number;
  html: string;
  headTags: string;
  head: { imageUrl?: string };
  data: unknown;
  section: { remote: string; module: string; version: string | null } | null;
  problems: string[];
  /** versions whose Node build failed to load or threw */
  failed?: { remote: string; version: string }[];
}

export interface ServedPage {
  status: number;
  html: string;
  problems: string[];
  /** versions that failed on the server in this render */
  failed: { remote: string; version: string }[];
  /** the version whose Node build rendered the page's section, or null when the browser renders it */
  section: { remote: string; version: string } | null;
}

export interface PageAnswer {
  status: number;
  html: string;
  problems: string[];
  /** remote -> the version this visitor is served */
  versions: Record<string, string>;
  /** remote -> the earlier good versions this visitor's browser may fall back to (and so report on), at most MAX_FALLBACKS */
  fallbacks: Record<string, string[]>;
  /** as ServedPage's (the page views per version) */
  section: { remote: string; version: string } | null;
  /** as ServedPage's (the failures per version) */
  failed: { remote: string; version: string }[];
  /** this visit, for each remote in a rollout (the canary's or the live version's side): what the rollout's health counts */
  canarySessions: { remote: string; version: string; renderFailed: boolean }[];
  /** the remotes whose canary this visitor was served (not a preview): the session's pages measure their speed */
  canaries: string[];
}

export interface RendererOptions {
  /** shell/dist: the shell served while no shell version is published */
  shellDir: string;
  /** where the live shell version is (default one made from shellDir and files) */
  shellSource?: ShellSource;
  /** where published versions' files are: the Node builds a page needs are made ready there before it renders */
  files: VersionFiles;
  /** where this server calls the API */
  apiInternalUrl: string;
  /** what /config.json answers now */
  browserConfig: () => Record<string, unknown> & { siteOrigin: string };
  /** the live registry, as /remotes/registry.json serves it */
  readRegistry: () => Promise<{ text: string }>;
  indianVisitor: (ip: string) => Promise<boolean>;
  warn: (message: string) => void;
  /** the site's /metrics: each page cache lookup, and the time of each render */
  observe?: { cache(result: 'hit' | 'miss'): void; rendered(seconds: number): void };
  /** SSR_CACHE_MS: how long a rendered page is served again to other visitors (default 1000; 0 turns the cache off). Pages are anonymous; the key holds everything a render depends on. */
  cacheMs?: number;
}

/** Fallback versions a page's token names per remote: the browser's fallback order, cut short. */
export const MAX_FALLBACKS = 5;

/** Rendered pages kept at most. */
export const MAX_CACHED_PAGES = 500;

/** Shell versions whose Node render is kept loaded: the live one and the one before (a rollback is instant). */
const LOADED_SHELLS = 2;

async function readJson(file: string) {
  return JSON.parse(await fs.readFile(file, 'utf8'));
}

export function createPageRenderer(options: RendererOptions) {
  const shellSource =
    options.shellSource ??
    createShellSource({ shellDir: options.shellDir, files: options.files, warn: options.warn });
  type LoadedShell = {
    render: (request: unknown) => Promise<ShellRender>;
    template: string;
    assets: { css: string[]; js: string[] };
  };
  /** shell folder -> its loaded render (a version's folder never changes; shell/dist is read once) */
  const shells: Map<string, Promise<LoadedShell | null>> = new Map();
  /** Published versions never change: their manifests are read once (the most recent few kept). */
  const manifests: Map<string, Promise<unknown>> = new Map();

  const loadShell = async (shellDir: string): Promise<LoadedShell | null> => {
    const entry = path.join(shellDir, 'server', 'render.js');
    try {
      await fs.access(entry);
    } catch {
      options.warn(`${entry} is missing: pages are rendered in the browser only (run npm run build)`);
      return null;
    }
    const [template, assets] = await Promise.all([
      fs.readFile(path.join(shellDir, 'index.html'), 'utf8'),
      readJson(path.join(shellDir, 'page-assets.json')).catch(() => ({ css: [], js: [] })),
    ]);
    const module = require(entry) as { renderPage: (request: unknown) => Promise<ShellRender> };
    return { render: module.renderPage, template, assets };
  };

  const shellAt = (shellDir: string) => {
    let loaded = shells.get(shellDir);
    if (!loaded) {
      loaded = loadShell(shellDir);
      shells.set(shellDir, loaded);
      while (shells.size > LOADED_SHELLS) {
        const oldest = shells.keys().next().value;
        if (oldest === undefined) break;
        shells.delete(oldest);
        // Its modules go with it: a site that serves many deploys does not keep every shell's code in memory.
        for (const id of Object.keys(require.cache))
          if (id.startsWith(`${oldest}${path.sep}`)) delete require.cache[id];
      }
    }
    return loaded;
  };

  const manifestOf = (remote: string, version: string) => {
    const key = `${remote}/${version}`;
    let manifest = manifests.get(key);
    if (!manifest) {
      manifest = options.files
        .file(remote, version, 'mf-manifest.json')
        .then(async (found) => {
          if (!found) return null;
          const text =
            'checked' in found
              ? found.checked.data.toString('utf8')
              : await fs.readFile(path.join(found.root, found.file), 'utf8');
          return JSON.parse(text) as unknown;
        })
        .catch(() => null);
      manifests.set(key, manifest);
      if (manifests.size > 50) {
        const oldest = manifests.keys().next().value;
        if (oldest !== undefined) manifests.delete(oldest);
      }
    }
    return manifest;
  };

  /** The section's files the browser needs first: its manifest, entry and the page's chunks and styles. */
  const sectionAssets = async (
    section: { remote: string; module: string; version: string | null } | null,
  ) => {
    const none: { styles: string[]; scripts: string[]; fetches: string[] } = {
      styles: [],
      scripts: [],
      fetches: [],
    };
    if (!section?.version) return none;
    // The fields of a federation manifest this reads; anything else in it is left alone.
    type ManifestAssets = { css?: { sync?: unknown }; js?: { sync?: unknown } };
    const manifest = (await manifestOf(section.remote, section.version)) as {
      exposes?: { path?: string; name?: string; assets?: ManifestAssets }[];
      metaData?: { remoteEntry?: { name?: string; path?: string } };
    } | null;
    if (!manifest) return none;
    const base = `/remotes/${section.remote}/${encodeURIComponent(section.version)}/`;
    const exposed = (manifest.exposes ?? []).find(
      (expose) => expose.path === section.module || `./${expose.name}` === section.module,
    );
    const files = (list: unknown) =>
      Array.isArray(list) ? list.filter((file) => typeof file === 'string').map((file) => base + file) : [];
    const entry = manifest.metaData?.remoteEntry;
    return {
      styles: files(exposed?.assets?.css?.sync),
      scripts: [
        ...(entry?.name ? [`${base}${entry.path ? `${entry.path}/` : ''}${entry.name}`] : []),
        ...files(exposed?.assets?.js?.sync),
      ],
      fetches: [`${base}mf-manifest.json`],
    };
  };

  const cacheMs = options.cacheMs ?? 1000;
  /** key -> the page (or its render under way: concurrent requests for one page share one render) */
  const cache: Map<string, { until: number; page: Promise<ServedPage> }> = new Map();

  const cached = (key: string, render: () => Promise<ServedPage>) => {
    const now = Date.now();
    const known = cache.get(key);
    if (known && known.until > now) {
      options.observe?.cache('hit');
      return known.page;
    }
    options.observe?.cache('miss');
    const page = render();
    cache.delete(key);
    cache.set(key, { until: now + cacheMs, page });
    // Only a clean page is kept: a render that met a problem is done again by the next request.
    page.then(
      (done) => {
        if (done.problems.length > 0 || done.status !== 200) cache.delete(key);
        else cache.set(key, { until: Date.now() + cacheMs, page });
      },
      () => cache.delete(key),
    );
    while (cache.size > MAX_CACHED_PAGES) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
    return page;
  };

  return {
    /**
     * The served page for a URL, or null when this server has no render (the browser renders it).
     */
    async render({
      url,
      ip,
      cookie,
      visitor,
    }: {
      url: string;
      ip: string;
      cookie?: string | undefined;
      visitor?: Visitor;
    }): Promise<PageAnswer | null> {
      const [registryText, indianUser] = await Promise.all([
        options.readRegistry().then((reading) => reading.text),
        options.indianVisitor(ip),
      ]);
      const live = JSON.parse(registryText) as Registry;
      // The live shell version renders the page (one decision per request, like the remotes').
      const shell = await shellSource.live(live);
      const loaded = await shellAt(shell.dir);
      if (!loaded) return null;
      const config = options.browserConfig();
      // One decision per request: each remote's version for this visitor (a valid preview, else their rollout
      // bucket, else the live pointer). The render, the cache key and the browser all follow this view.
      const seen = registryForVisitor(live, {
        sessionId: visitor?.sessionId ?? '',
        previews: visitor?.preview ? { [visitor.preview.remote]: visitor.preview.version } : {},
      });
      const viewText = JSON.stringify(seen.registry);
      const previewing =
        visitor?.preview && seen.served[visitor.preview.remote]?.via === 'preview' ? visitor.preview : null;
      const versions: Record<string, string> = Object.fromEntries(
        Object.entries(seen.served).map(([remote, decision]) => [remote, decision?.version ?? '']),
      );
      const fallbacks: Record<string, string[]> = Object.fromEntries(
        Object.entries(seen.registry.remotes).map(([remote, entry]) => [
          remote,
          entry ? fallbackOrder(entry).slice(1, 1 + MAX_FALLBACKS) : [],
        ]),
      );
      const answer = (page: ServedPage): PageAnswer => ({
        status: page.status,
        html: page.html,
        problems: page.problems,
        versions,
        fallbacks,
        section: page.section,
        failed: page.failed,
        canaries: Object.entries(seen.served)
          .filter(([, decision]) => decision?.via === 'rollout')
          .map(([remote]) => remote),
        // A preview is a release manager looking, not a visitor of the rollout: it counts for neither side.
        canarySessions: previewing
          ? []
          : Object.entries(live.remotes)
              .filter(([, entry]) => entry?.rollout)
              .map(([remote]) => {
                const version = versions[remote] ?? '';
                return {
                  remote,
                  version,
                  renderFailed: page.failed.some((f) => f.remote === remote && f.version === version),
                };
              }),
      });
      // The cart's copy in its cookie (ids and quantities only): the badge and /cart are rendered with it.
      const cartCookie = cookieValue(cookie, CART_COOKIE)?.slice(0, 4096) ?? '';
      const buildsDir = await options.files.prepare(versions, fallbacks);
      const render = async (): Promise<ServedPage> => {
        const started = performance.now();
        const result = await loaded.render({
          url,
          config,
          apiInternalUrl: options.apiInternalUrl,
          registry: seen.registry,
          preview: previewing,
          releasesDir: buildsDir,
          indianUser,
          cartCookie,
        });
        const section = await sectionAssets(result.section);
        const html = composeDocument(loaded.template, {
          html: result.html,
          headTags: result.headTags,
          styles: [...loaded.assets.css.map((file) => `/${file}`), ...section.styles],
          scripts: [...loaded.assets.js.map((file) => `/${file}`), ...section.scripts],
          fetches: section.fetches,
          images: result.head.imageUrl ? [result.head.imageUrl] : [],
          data: result.data,
        });
        options.observe?.rendered((performance.now() - started) / 1000);
        return {
          status: result.status,
          html,
          problems: result.problems,
          failed: result.failed ?? [],
          section:
            result.section?.version != null
              ? { remote: result.section.remote, version: result.section.version }
              : null,
        };
      };
      if (cacheMs <= 0) return answer(await render());
      // Everything a page depends on: the URL, the visitor's country and cart, the versions this visitor is
      // served (and whether as a preview), the config.
      const key = JSON.stringify([url, indianUser, cartCookie, viewText, previewing, config, shell.dir]);
      return answer(await cached(key, render));
    },
  };
}
