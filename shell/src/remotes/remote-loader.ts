import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@metrology/shared';
import { REMOTES, federationName, type RemoteName } from '../routes/route-table';
import { reportLoadFailure } from './load-failure-report';
import { fallbackOrder, fetchRegistry, manifestUrl, type Registry } from './registry';
import { ReleaseGuard, releaseGuardPlugin } from './release-guard';
import { ReleasePlan } from './release-plan';

let apiBaseUrl = '';
const guard = new ReleaseGuard({
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  report: (report) => void reportLoadFailure(apiBaseUrl, report),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  pageUrl: () => window.location.href,
  warn: (message) => console.warn(message),
});
let pluginRegistered = false;
let registryError: Error | null = null;

/**
 * Reads the registry and registers every live remote with the federation runtime, each with its fallback order.
 * A registry that cannot be read leaves every section showing its fallback; the shell itself still runs.
 */
export interface SectionsFromServer {
  /** The registry the server rendered with (so the browser need not fetch it before hydrating). */
  registry: Registry;
  /** remote -> the version the server rendered: the browser starts from it, so hydration finds the same page. */
  rendered: Partial<Record<RemoteName, string>>;
}

export async function registerSections(
  config: RuntimeConfig,
  fromServer?: SectionsFromServer,
): Promise<void> {
  apiBaseUrl = config.apiBaseUrl;
  registryError = null;
  if (!pluginRegistered) {
    registerPlugins([releaseGuardPlugin(guard)]);
    pluginRegistered = true;
  }
  const plans: ReleasePlan[] = [];
  try {
    if (config.remoteEntries) {
      for (const remote of REMOTES) {
        const entry = config.remoteEntries[remote];
        if (entry) plans.push(new ReleasePlan(remote, [{ version: 'dev', entry }]));
      }
    } else {
      const registry = fromServer?.registry ?? (await fetchRegistry(config.registryUrl));
      for (const remote of REMOTES) {
        const record = registry.remotes[remote];
        if (!record?.current) continue;
        const order = fallbackOrder(record);
        const rendered = fromServer?.rendered[remote];
        if (rendered && order.includes(rendered)) order.unshift(...order.splice(order.indexOf(rendered), 1));
        const candidates = order.map((version) => ({
          version,
          entry: manifestUrl(config.registryUrl, remote, version),
        }));
        plans.push(new ReleasePlan(remote, candidates));
      }
    }
  } catch (error) {
    registryError = error instanceof Error ? error : new Error(String(error));
    console.error('The release registry could not be read', registryError);
  }
  guard.start(plans);
}

/** The version of a remote this page uses now (after any fallback). */
export function liveVersion(remote: RemoteName): string | undefined {
  return guard.activeVersion(remote);
}

export interface PageModule {
  default: ComponentType;
}

/** A section that could not be loaded in any good version: its fallback with Retry is all that is left. */
export class SectionUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    cause: unknown,
  ) {
    super(`${remote} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'SectionUnavailableError';
  }
}

/**
 * Loads one exposed page of a remote, in the version the guard has active. Retries and fallbacks for files
 * that fail to load happen inside the federation runtime (the guard's plugin); a module that loads but is no
 * page is given up on here.
 */
export async function loadSectionPage(remote: RemoteName, module: string): Promise<PageModule> {
  for (;;) {
    const version = guard.activeVersion(remote);
    if (!version) {
      throw new SectionUnavailableError(
        remote,
        registryError ??
          new Error(guard.plan(remote) ? 'every good version failed' : 'no release is live in the registry'),
      );
    }
    let loaded: PageModule | null;
    try {
      loaded = await loadRemote<PageModule>(`${federationName(remote)}/${module.replace(/^\.\//, '')}`);
    } catch (error) {
      throw new SectionUnavailableError(remote, error);
    }
    if (loaded && typeof loaded.default === 'function') return loaded;
    const notAPage = new Error(`${remote} ${version} did not provide the page ${module}`);
    if (!(await guard.recover(remote, version, 'module', notAPage)))
      throw new SectionUnavailableError(remote, notAPage);
  }
}

/**
 * A section's page threw while rendering. Resolves true when the section should render again (the same version
 * after a backoff, or the last good one), false when it should show its fallback.
 */
export function recoverSection(remote: RemoteName, error: unknown): Promise<boolean> {
  if (error instanceof SectionUnavailableError) return Promise.resolve(false);
  return guard.recover(remote, guard.activeVersion(remote), 'render', error);
}

/** The fallback's Retry: start again from the live version. */
export function restartSection(remote: RemoteName): void {
  guard.restart(remote);
}
